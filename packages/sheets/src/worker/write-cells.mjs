// @ts-check
// Writes answers into the customer's own .xlsx by editing only the answer cells' XML: every other
// part, and every other cell, stays byte for byte as it was, so formulas, styles, merges, comments
// and validations survive by construction. (exceljs cannot load workbooks whose validations cover
// whole sheets, such as HECVAT's: it expands them cell by cell.) Runs in the worker thread only.
// compare-workbooks.mjs checks the result against the original.
import yazl from 'yazl'
import { scanZip } from './scan-zip.mjs'
import { columnLetters, neutralise } from './shared.mjs'
import { SheetError } from './sheet-error.mjs'
import { sheetParts } from './workbook-parts.mjs'

/**
 * Sheet name → A1 address → what goes in the cell: text, a number (a dropdown of scores: formulas
 * that average them ignore text), or '' to empty it (the other marks of a Yes / No / N.A. group).
 * @typedef {Map<string, Map<string, string | number>>} CellWrites
 */

/**
 * The text a cell will hold for `text`: no control characters XML 1.0 forbids, Excel's line breaks
 * (\n), and formula-like text neutralised (security.md B15) after the cleaning, so a leading control
 * character cannot hide an `=`. compare-workbooks.mjs expects exactly this back.
 * @param {string} text
 */
export const cellText = (text) =>
  neutralise(
    text
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''),
  )

/** @param {string} s */
const escapeXml = (s) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // `_x000D_` in a cell's text is an escape to readers: a literal one escapes its underscore.
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')

/** @param {string} address */
function colIndex(address) {
  let n = 0
  for (const ch of /^[A-Z]+/.exec(address)?.[0] ?? '') n = n * 26 + ch.charCodeAt(0) - 64
  return n
}
/** @param {string} address */
const rowOf = (address) => Number(/\d+$/.exec(address)?.[0])

/** @param {string} address @param {string | undefined} style @param {string | number} value */
function newCell(address, style, value) {
  const s = style ? ` s="${style}"` : ''
  if (typeof value === 'number') return `<c r="${address}"${s}><v>${value}</v></c>`
  if (value === '') return `<c r="${address}"${s}/>`
  return `<c r="${address}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cellText(value))}</t></is></c>`
}

/**
 * Replaces or inserts one cell in a row's inner XML, keeping the cell's style and the column order.
 * An empty value empties an existing cell and adds none.
 * @param {string} rowXml @param {string} address @param {string | number} value
 */
function setCell(rowXml, address, value) {
  const cellRe = new RegExp(`<c\\b[^>]*\\br="${address}"[^>]*?(?:/>|>[\\s\\S]*?</c>)`)
  const existing = cellRe.exec(rowXml)
  if (existing) {
    const style = /\bs="(\d+)"/.exec(existing[0])?.[1]
    return rowXml.replace(cellRe, () => newCell(address, style, value))
  }
  if (value === '') return rowXml
  const col = colIndex(address)
  for (const m of rowXml.matchAll(/<c\b[^>]*\br="([A-Z]+)\d+"/g)) {
    if (colIndex(m[1] ?? '') > col) return rowXml.slice(0, m.index) + newCell(address, undefined, value) + rowXml.slice(m.index)
  }
  return rowXml + newCell(address, undefined, value)
}

/** @param {string} xml @param {Map<string, string | number>} writes */
function patchSheet(xml, writes) {
  /** @type {Map<number, [string, string | number][]>} */
  const byRow = new Map()
  for (const [address, text] of writes) {
    if (!/^[A-Z]{1,3}\d{1,7}$/.test(address)) throw new SheetError('INVALID_REQUEST', `Invalid cell address ${address}`)
    if (typeof text === 'number' && !Number.isFinite(text)) throw new SheetError('INVALID_REQUEST', `Invalid number for cell ${address}`)
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
 * Formulas that read answer cells (scores averaged from a dropdown) keep the values cached when the
 * file was saved: the workbook asks to be recalculated when it is opened. Only workbooks with
 * formulas are touched, and only this attribute of `<calcPr>` (added where the schema puts it).
 * @param {string} xml xl/workbook.xml
 */
export function recalculateOnLoad(xml) {
  const own = /<calcPr\b[^>]*>/.exec(xml)?.[0]
  if (own)
    return xml.replace(
      own,
      /\bfullCalcOnLoad=/.test(own) ? own.replace(/\bfullCalcOnLoad="[^"]*"/, 'fullCalcOnLoad="1"') : own.replace('<calcPr', '<calcPr fullCalcOnLoad="1"'),
    )
  const calcPr = '<calcPr fullCalcOnLoad="1"/>'
  // CT_Workbook's order: ... sheets, functionGroups, externalReferences, definedNames, calcPr, oleSize, ...
  const after = /<\/definedNames>|<definedNames\s*\/>|<\/externalReferences>|<\/functionGroups>|<functionGroups\b[^>]*\/>|<\/sheets>/g
  let at = -1
  for (const m of xml.matchAll(after)) at = Math.max(at, (m.index ?? 0) + m[0].length)
  return at < 0 ? xml : xml.slice(0, at) + calcPr + xml.slice(at)
}

/**
 * A copy of the workbook with the given cells set; nothing else changes but the recalculation flag
 * of a workbook with formulas. The archive is checked like an upload first, and the copy is made
 * from the bytes that were checked.
 * @param {Buffer} workbook @param {CellWrites} writes @param {import('./scan-zip.mjs').ZipLimits} limits
 * @returns {Promise<Buffer>}
 */
export async function writeCells(workbook, writes, limits) {
  const { stored, workbook: hasWorkbook } = await scanZip(workbook, limits, { keep: true, macros: true })
  if (!hasWorkbook || !stored) throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid Excel workbook')
  const text = (/** @type {string} */ name) => stored.part(name)?.toString('utf8') ?? ''
  const paths = new Map(sheetParts(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels')).flatMap((s) => (s.name && s.path ? [[s.name, s.path]] : [])))
  /** @type {Map<string, Map<string, string | number>>} */
  const patches = new Map()
  for (const [sheet, cells] of writes) {
    const p = paths.get(sheet)
    if (!p) throw new SheetError('INVALID_REQUEST', `The workbook has no sheet "${sheet}"`)
    if (cells.size) patches.set(p, cells)
  }
  const formulas = patches.size > 0 && [...paths.values()].some((p) => /<f[\s>]/.test(text(p)))
  const out = new yazl.ZipFile()
  for (const entry of stored.entries()) {
    let bytes = stored.bytes.subarray(entry.dataStart, entry.dataStart + entry.size)
    const cells = patches.get(entry.name)
    if (cells) bytes = Buffer.from(patchSheet(bytes.toString('utf8'), cells), 'utf8')
    else if (formulas && entry.name === 'xl/workbook.xml') bytes = Buffer.from(recalculateOnLoad(bytes.toString('utf8')), 'utf8')
    out.addBuffer(bytes, entry.name, { mtime: entry.mtime, compress: true })
  }
  out.end()
  /** @type {Buffer[]} */
  const chunks = []
  for await (const c of out.outputStream) chunks.push(/** @type {Buffer} */ (c))
  return Buffer.concat(chunks)
}
