// Writes answers into the customer's own .xlsx by editing only the answer cells' XML: every other
// part, and every other cell, stays byte for byte as it was, so formulas, styles, merges, comments
// and validations survive by construction. (exceljs cannot load workbooks whose validations cover
// whole sheets, such as HECVAT's: it expands them cell by cell.)
import { AppError } from '@portal/errors'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import yazl from 'yazl'
import { columnLetters, sheetParts } from './workbook-parts.js'
import { inspectXlsx } from './zip-guard.js'

/** Sheet name → A1 address → text. */
export type CellWrites = Map<string, Map<string, string>>

/** Spreadsheet formula injection (security.md B15): text that starts like a formula gets a leading '. */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

const escapeXml = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

function colIndex(address: string): number {
  let n = 0
  for (const ch of /^[A-Z]+/.exec(address)![0]) n = n * 26 + ch.charCodeAt(0) - 64
  return n
}
const rowOf = (address: string) => Number(/\d+$/.exec(address)![0])

function inlineCell(address: string, style: string | undefined, text: string): string {
  return `<c r="${address}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t xml:space="preserve">${escapeXml(neutralise(text))}</t></is></c>`
}

/** Replaces or inserts one cell in a row's inner XML, keeping the cell's style and the column order. */
function setCell(rowXml: string, address: string, text: string): string {
  const cellRe = new RegExp(`<c\\b[^>]*\\br="${address}"[^>]*?(?:/>|>[\\s\\S]*?</c>)`)
  const existing = cellRe.exec(rowXml)
  if (existing) {
    const style = /\bs="(\d+)"/.exec(existing[0])?.[1]
    return rowXml.replace(cellRe, () => inlineCell(address, style, text))
  }
  const col = colIndex(address)
  for (const m of rowXml.matchAll(/<c\b[^>]*\br="([A-Z]+)\d+"/g)) {
    if (colIndex(m[1]!) > col) return rowXml.slice(0, m.index) + inlineCell(address, undefined, text) + rowXml.slice(m.index)
  }
  return rowXml + inlineCell(address, undefined, text)
}

function patchSheet(xml: string, writes: Map<string, string>): string {
  const byRow = new Map<number, [string, string][]>()
  for (const [address, text] of writes) {
    if (!/^[A-Z]{1,3}\d{1,7}$/.test(address)) throw new AppError('INVALID_REQUEST', { message: `Invalid cell address ${address}` })
    const r = rowOf(address)
    byRow.set(r, [...(byRow.get(r) ?? []), [address, text]])
  }
  let out = xml.replace(/<sheetData\s*\/>/, '<sheetData></sheetData>')
  for (const [r, cells] of [...byRow].sort((a, b) => a[0] - b[0])) {
    const rowRe = new RegExp(`<row\\b([^>]*\\br="${r}"[^>]*?)(?:/>|>([\\s\\S]*?)</row>)`)
    const found = rowRe.exec(out)
    if (found) {
      let inner = found[2] ?? ''
      for (const [address, text] of cells) inner = setCell(inner, address, text)
      out = out.replace(rowRe, () => `<row${found[1]!.replace(/\s*\bspans="[^"]*"/, '')}>${inner}</row>`)
      continue
    }
    let inner = ''
    for (const [address, text] of cells.sort((a, b) => colIndex(a[0]) - colIndex(b[0]))) inner = setCell(inner, address, text)
    const newRow = `<row r="${r}">${inner}</row>`
    // Before the first row numbered after it, else at the end of the sheet data.
    const later = [...out.matchAll(/<row\b[^>]*\br="(\d+)"/g)].find((m) => Number(m[1]) > r)
    out = later ? out.slice(0, later.index) + newRow + out.slice(later.index) : out.replace('</sheetData>', `${newRow}</sheetData>`)
  }
  return widenDimension(out, [...writes.keys()])
}

/** Readers trust `<dimension>`: cells written past it (a new answer column) must be inside it. */
function widenDimension(xml: string, addresses: string[]): string {
  return xml.replace(/<dimension\b([^>]*)\bref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/, (_m, attrs: string, c1: string, r1: string, c2?: string, r2?: string) => {
    let maxCol = colIndex(c2 ?? c1)
    let maxRow = Number(r2 ?? r1)
    for (const a of addresses) {
      maxCol = Math.max(maxCol, colIndex(a))
      maxRow = Math.max(maxRow, rowOf(a))
    }
    return `<dimension${attrs}ref="${c1}${r1}:${columnLetters(maxCol)}${maxRow}"`
  })
}


const openZip = (buf: Buffer) =>
  new Promise<ZipFile>((resolve, reject) => yauzl.fromBuffer(buf, { lazyEntries: true }, (err, z) => (err || !z ? reject(err) : resolve(z))))

const entryBytes = (zip: ZipFile, entry: Entry) =>
  new Promise<Buffer>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err)
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c)).on('error', reject).on('end', () => resolve(Buffer.concat(chunks)))
    }),
  )

/** A copy of the workbook with the given cells set to text; nothing else changes. */
export async function writeCells(workbook: Buffer, writes: CellWrites): Promise<Buffer> {
  const parts = await inspectXlsx(workbook, (n) => n === 'xl/workbook.xml' || n === 'xl/_rels/workbook.xml.rels')
  const paths = new Map(sheetParts(parts).flatMap((s) => (s.name && s.path ? [[s.name, s.path] as const] : [])))
  const patches = new Map<string, Map<string, string>>()
  for (const [sheet, cells] of writes) {
    const p = paths.get(sheet)
    if (!p) throw new AppError('INVALID_REQUEST', { message: `The workbook has no sheet "${sheet}"` })
    if (cells.size) patches.set(p, cells)
  }
  const zip = await openZip(workbook)
  const out = new yazl.ZipFile()
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject)
    zip.on('end', () => resolve())
    zip.on('entry', (entry: Entry) => {
      void (async () => {
        if (entry.fileName.endsWith('/')) {
          out.addEmptyDirectory(entry.fileName, { mtime: entry.getLastModDate() })
        } else {
          let bytes = await entryBytes(zip, entry)
          const cells = patches.get(entry.fileName)
          if (cells) bytes = Buffer.from(patchSheet(bytes.toString('utf8'), cells), 'utf8')
          out.addBuffer(bytes, entry.fileName, { mtime: entry.getLastModDate(), compress: true })
        }
        zip.readEntry()
      })().catch(reject)
    })
    zip.readEntry()
  }).finally(() => zip.close())
  out.end()
  const chunks: Buffer[] = []
  for await (const c of out.outputStream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}
