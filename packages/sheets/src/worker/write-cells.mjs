// @ts-check
// Writes answers into the customer's own .xlsx by editing only the answer cells' XML: every other
// part, and every other cell, stays byte for byte as it was, so formulas, styles, merges, comments
// and validations survive by construction. (exceljs cannot load workbooks whose validations cover
// whole sheets, such as HECVAT's: it expands them cell by cell.) Runs in the worker thread only.
import yazl from 'yazl'
import { scanZip } from './scan-zip.mjs'
import { columnLetters, neutralise } from './shared.mjs'
import { SheetError } from './sheet-error.mjs'
import { sheetParts } from './workbook-parts.mjs'

/** Sheet name → A1 address → text. @typedef {Map<string, Map<string, string>>} CellWrites */

/** @param {string} s */
const escapeXml = (s) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

/** @param {string} address */
function colIndex(address) {
  let n = 0
  for (const ch of /^[A-Z]+/.exec(address)?.[0] ?? '') n = n * 26 + ch.charCodeAt(0) - 64
  return n
}
/** @param {string} address */
const rowOf = (address) => Number(/\d+$/.exec(address)?.[0])

/** @param {string} address @param {string | undefined} style @param {string} text */
function inlineCell(address, style, text) {
  return `<c r="${address}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t xml:space="preserve">${escapeXml(neutralise(text))}</t></is></c>`
}

/**
 * Replaces or inserts one cell in a row's inner XML, keeping the cell's style and the column order.
 * @param {string} rowXml @param {string} address @param {string} text
 */
function setCell(rowXml, address, text) {
  const cellRe = new RegExp(`<c\\b[^>]*\\br="${address}"[^>]*?(?:/>|>[\\s\\S]*?</c>)`)
  const existing = cellRe.exec(rowXml)
  if (existing) {
    const style = /\bs="(\d+)"/.exec(existing[0])?.[1]
    return rowXml.replace(cellRe, () => inlineCell(address, style, text))
  }
  const col = colIndex(address)
  for (const m of rowXml.matchAll(/<c\b[^>]*\br="([A-Z]+)\d+"/g)) {
    if (colIndex(m[1] ?? '') > col) return rowXml.slice(0, m.index) + inlineCell(address, undefined, text) + rowXml.slice(m.index)
  }
  return rowXml + inlineCell(address, undefined, text)
}

/** @param {string} xml @param {Map<string, string>} writes */
function patchSheet(xml, writes) {
  /** @type {Map<number, [string, string][]>} */
  const byRow = new Map()
  for (const [address, text] of writes) {
    if (!/^[A-Z]{1,3}\d{1,7}$/.test(address)) throw new SheetError('INVALID_REQUEST', `Invalid cell address ${address}`)
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
      out = out.replace(rowRe, () => `<row${(found[1] ?? '').replace(/\s*\bspans="[^"]*"/, '')}>${inner}</row>`)
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

/**
 * Readers trust `<dimension>`: cells written past it (a new answer column) must be inside it.
 * @param {string} xml @param {string[]} addresses
 */
function widenDimension(xml, addresses) {
  return xml.replace(/<dimension\b([^>]*)\bref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/, (_m, attrs, c1, r1, c2, r2) => {
    let maxCol = colIndex(c2 ?? c1)
    let maxRow = Number(r2 ?? r1)
    for (const a of addresses) {
      maxCol = Math.max(maxCol, colIndex(a))
      maxRow = Math.max(maxRow, rowOf(a))
    }
    return `<dimension${attrs}ref="${c1}${r1}:${columnLetters(maxCol)}${maxRow}"`
  })
}

/**
 * A copy of the workbook with the given cells set to text; nothing else changes. The archive is
 * checked like an upload first, and the copy is made from the bytes that were checked.
 * @param {Buffer} workbook @param {CellWrites} writes @param {import('./scan-zip.mjs').ZipLimits} limits
 * @returns {Promise<Buffer>}
 */
export async function writeCells(workbook, writes, limits) {
  const { stored, workbook: hasWorkbook } = await scanZip(workbook, limits, { keep: true })
  if (!hasWorkbook || !stored) throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid Excel workbook')
  const text = (/** @type {string} */ name) => stored.part(name)?.toString('utf8') ?? ''
  const paths = new Map(sheetParts(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels')).flatMap((s) => (s.name && s.path ? [[s.name, s.path]] : [])))
  /** @type {Map<string, Map<string, string>>} */
  const patches = new Map()
  for (const [sheet, cells] of writes) {
    const p = paths.get(sheet)
    if (!p) throw new SheetError('INVALID_REQUEST', `The workbook has no sheet "${sheet}"`)
    if (cells.size) patches.set(p, cells)
  }
  const out = new yazl.ZipFile()
  for (const entry of stored.entries()) {
    let bytes = stored.bytes.subarray(entry.dataStart, entry.dataStart + entry.size)
    const cells = patches.get(entry.name)
    if (cells) bytes = Buffer.from(patchSheet(bytes.toString('utf8'), cells), 'utf8')
    out.addBuffer(bytes, entry.name, { mtime: entry.mtime, compress: true })
  }
  out.end()
  /** @type {Buffer[]} */
  const chunks = []
  for await (const c of out.outputStream) chunks.push(/** @type {Buffer} */ (c))
  return Buffer.concat(chunks)
}
