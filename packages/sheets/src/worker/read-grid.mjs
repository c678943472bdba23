// @ts-check
// Any questionnaire workbook (.xlsx or legacy .xls) as plain text grids, one per sheet, with the
// facts extraction needs: hidden sheets and dropdown (data-validation) choices, including lists
// on other sheets and through defined names. A CSV file (read-csv.mjs) and a Word document
// (read-docx.mjs) come back as grids too. Runs in the worker thread only (sheet-worker.mjs).
// Bounded: rows, columns, cell length, cells, characters and dropdowns are capped, so what goes
// back to the main thread is small to copy and to walk.
import * as XLSX from 'xlsx-republish'
import { readCsv } from './read-csv.mjs'
import { readDocx } from './read-docx.mjs'
import { scanZip } from './scan-zip.mjs'
import { cleanText, decodeXml, spreadsheetKind } from './shared.mjs'
import { refuse, SheetError } from './sheet-error.mjs'
import { looksLikeCsv } from './text-kind.mjs'
import { sheetParts } from './workbook-parts.mjs'

/**
 * @typedef {{ maxRows: number, maxCols: number, maxCell: number, maxCells: number, maxChars: number, maxValidations: number }} GridLimits
 * @typedef {{ col: number, fromRow: number, toRow: number, choices: string[] }} Validation
 * @typedef {{ name: string, hidden: boolean, rows: string[][], validations: Validation[] }} Sheet
 * @typedef {{ format: 'xlsx' | 'xls' | 'csv' | 'docx', sheets: Sheet[] }} Grid
 * @typedef {{ grid: GridLimits, zip: import('./scan-zip.mjs').ZipLimits }} ReadLimits
 */

export const readMessages = {
  unreadable: 'The workbook could not be read',
  tooLarge: 'The workbook is too large to read',
}

/**
 * Reads a questionnaire by its content, never its name: a workbook, a Word document, a CSV file.
 * @param {Buffer} buf @param {ReadLimits} limits @returns {Promise<Grid>}
 */
export async function readGrid(buf, limits) {
  const kind = spreadsheetKind(buf)
  if (kind === 'xlsx') return readXlsx(buf, limits)
  if (kind === 'xls') return { format: 'xls', sheets: parseSheets(buf, limits.grid) }
  if (looksLikeCsv(buf.subarray(0, 4096))) return readCsv(buf, limits.grid)
  throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'Only Excel workbooks (.xlsx, .xls) are accepted')
}

/** @param {Buffer} buf @param {ReadLimits} limits @returns {Promise<Grid>} */
async function readXlsx(buf, limits) {
  // The parser reads the checked copy; its XML also gives hidden state and dropdowns.
  // A questionnaire's macros (.xlsm) are an opaque part here: only cells are read, nothing runs.
  const { stored, workbook } = await scanZip(buf, limits.zip, { keep: true, macros: true })
  const text = (/** @type {string} */ name) => stored?.part(name)?.toString('utf8') ?? ''
  // A Word questionnaire: the same checked archive, its document part walked (read-docx.mjs).
  if (!workbook && stored?.part('word/document.xml')) return readDocx(text('word/document.xml'), limits.grid)
  if (!workbook || !stored) throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid Excel workbook')
  const order = sheetParts(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels'))
  const names = definedNames(
    text('xl/workbook.xml'),
    order.map((o) => o.name),
  )
  const sheets = parseSheets(stored.bytes, limits.grid)
  /** @type {Book} */
  const book = { grids: new Map(sheets.map((s) => [s.name, s.rows])), names, budget: LIST_CELLS }
  return {
    format: 'xlsx',
    sheets: sheets.map((s) => {
      const meta = order.find((o) => o.name === s.name)
      return { ...s, hidden: meta?.hidden ?? s.hidden, validations: meta?.path ? validationsOf(text(meta.path), s.name, book, limits.grid) : [] }
    }),
  }
}

/**
 * Both formats go through one parser (SheetJS 0.20.3, read-only: no cell styles, formulas or HTML).
 * @param {Buffer} buf @param {GridLimits} limits @returns {Sheet[]}
 */
function parseSheets(buf, limits) {
  /** @type {XLSX.WorkBook} */
  let wb
  try {
    wb = XLSX.read(buf, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellDates: true, sheetRows: limits.maxRows })
  } catch {
    throw refuse(readMessages.unreadable)
  }
  let cells = 0
  let chars = 0
  return wb.SheetNames.map((name, i) => {
    const ws = /** @type {XLSX.WorkSheet} */ (wb.Sheets[name])
    clampRange(ws, limits)
    const raw = XLSX.utils.sheet_to_json(ws, { header: 1, raw: false, defval: '', blankrows: true })
    const rows = raw.map((r) => /** @type {unknown[]} */ (r).slice(0, limits.maxCols).map((v) => cleanText(valueText(v), limits.maxCell)))
    for (const row of rows) {
      cells += row.length
      for (const v of row) chars += v.length
    }
    if (cells > limits.maxCells || chars > limits.maxChars) throw refuse(readMessages.tooLarge)
    return { name, hidden: Boolean(wb.Workbook?.Sheets?.[i]?.Hidden), rows, validations: [] }
  })
}

/**
 * A sheet's range from A1 (rows[r][c] is row r+1, column c+1, which is how answer cells are
 * addressed, wherever the sheet's used range starts), cut to the rows and columns that are read:
 * a range naming column XFD would otherwise make 16,384 empty cells per row before they are cut.
 * @param {XLSX.WorkSheet} ws @param {GridLimits} limits
 */
function clampRange(ws, limits) {
  if (!ws['!ref']) return
  const range = XLSX.utils.decode_range(ws['!ref'])
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.min(range.e.r, limits.maxRows - 1), c: Math.min(range.e.c, limits.maxCols - 1) } })
}

/** @param {unknown} v @returns {string} */
function valueText(v) {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  if (typeof v === 'object') {
    const o = /** @type {{ richText?: { text: string }[], result?: unknown, text?: unknown }} */ (v)
    if (o.richText) return o.richText.map((r) => r.text).join('')
    if ('result' in o) return valueText(o.result)
    if (o.text !== undefined) return valueText(o.text)
  }
  return ''
}

/**
 * "A1" → {col: 0, row: 0}; column letters only → row undefined.
 * @param {string} ref @returns {{ col: number, row: number | undefined }}
 */
function parseRef(ref) {
  const m = /^\$?([A-Z]{1,3})\$?(\d*)$/.exec(ref.trim())
  if (!m) return { col: -1, row: undefined }
  let col = 0
  for (const ch of m[1] ?? '') col = col * 26 + (ch.charCodeAt(0) - 64)
  return { col: col - 1, row: m[2] ? Number(m[2]) - 1 : undefined }
}

/** @param {string} range @param {GridLimits} limits */
function parseRange(range, limits) {
  const [a = '', b = a] = range.split(':')
  const s = parseRef(a)
  const e = parseRef(b)
  if (s.col < 0 || e.col < 0) return undefined
  // Columns past the ones read cannot be answer cells.
  return { c1: s.col, r1: s.row ?? 0, c2: Math.min(e.col, limits.maxCols - 1), r2: e.row ?? limits.maxRows }
}

/**
 * The workbook's defined names ("YesNo" → "Lists!$A$1:$A$3"): workbook-wide under their name,
 * sheet-scoped ones under "sheet\u0000name" (they win on their sheet, as in Excel).
 * @param {string} workbookXml @param {string[]} sheetNames @returns {Map<string, string>}
 */
function definedNames(workbookXml, sheetNames) {
  /** @type {Map<string, string>} */
  const out = new Map()
  for (const m of workbookXml.matchAll(/<definedName\b([^>]*)>([^<]*)<\/definedName>/g)) {
    const name = /\bname="([^"]+)"/.exec(m[1] ?? '')?.[1]
    if (!name || out.size >= 10_000) continue
    const local = /\blocalSheetId="(\d+)"/.exec(m[1] ?? '')?.[1]
    const sheet = local === undefined ? undefined : sheetNames[Number(local)]
    out.set(sheet === undefined ? name.toLowerCase() : `${sheet}\u0000${name.toLowerCase()}`, decodeXml(m[2] ?? '').trim())
  }
  return out
}

/**
 * `budget`: cells list ranges may still read in this workbook (LIST_CELLS), so many dropdowns over
 * wide empty ranges cost a bounded time.
 * @typedef {{ grids: Map<string, string[][]>, names: Map<string, string>, budget: number }} Book
 */

const LIST_CELLS = 1_000_000

/**
 * The values a list formula names: a literal list ("Yes,No"), a range on any sheet
 * (Lists!$A$1:$A$3, whole columns too), a defined name standing for either (=YesNo), or a
 * dynamic range OFFSET(Lists!$A$1,0,0,COUNTA(Lists!$A:$A),1). Anything else gives no choices.
 * @param {string} formula @param {string} sheetName @param {Book} book @param {GridLimits} limits @param {number} [depth]
 * @returns {string[]}
 */
function listValues(formula, sheetName, book, limits, depth = 0) {
  const f = formula.trim().replace(/^=/, '')
  const literal = /^"([\s\S]*)"$/.exec(f)
  if (literal)
    return (literal[1] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  const ref = rangeRef(f, sheetName)
  if (ref) return rangeValues(book.grids.get(ref.sheet), parseRange(ref.range, limits), limits, book)
  // A dynamic list: OFFSET(start, 0, 0, height or COUNTA(...), 1) reads down from its start.
  const offset = /^OFFSET\(([^,]+),\s*0\s*,\s*0\s*(?:,\s*(\d+|COUNTA\([^)]*\))\s*)?(?:,\s*1\s*)?\)$/i.exec(f)
  const start = offset ? rangeRef(offset[1] ?? '', sheetName) : undefined
  if (offset && start && !start.range.includes(':')) {
    const from = parseRef(start.range)
    const height = /^\d+$/.test(offset[2] ?? '') ? Number(offset[2]) : limits.maxRows
    return rangeValues(book.grids.get(start.sheet), { c1: from.col, r1: from.row ?? 0, c2: from.col, r2: (from.row ?? 0) + height - 1 }, limits, book)
  }
  const name = /^[A-Za-z_\\][\w.\\]*$/.test(f) ? f.toLowerCase() : undefined
  const target = name && (book.names.get(`${sheetName}\u0000${name}`) ?? book.names.get(name))
  return target && depth < 3 ? listValues(target, sheetName, book, limits, depth + 1) : []
}

/**
 * "Lists!$A$1:$A$3", "'My list'!A:A" or "$B$2:$B$9" as its sheet and range; undefined for anything
 * else (a bare name such as "YesNo" is not a range: a range without a sheet needs a row or a colon).
 * @param {string} text @param {string} sheetName @returns {{ sheet: string, range: string } | undefined}
 */
function rangeRef(text, sheetName) {
  const m = /^(?:(?:'((?:[^']|'')+)'|([^'!(),\s]+))!)?(\$?[A-Z]{1,3}\$?\d*(?::\$?[A-Z]{1,3}\$?\d*)?)$/.exec(text.trim())
  if (!m) return undefined
  const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2]
  if (sheet === undefined && !/[\d:]/.test(m[3] ?? '')) return undefined
  return { sheet: sheet ?? sheetName, range: m[3] ?? '' }
}

/**
 * @param {string[][] | undefined} rows @param {{ c1: number, r1: number, c2: number, r2: number } | undefined} range @param {GridLimits} limits @param {Book} book
 * @returns {string[]}
 */
function rangeValues(rows, range, limits, book) {
  /** @type {string[]} */
  const out = []
  if (!rows || !range || range.c1 < 0) return out
  for (let r = range.r1; r <= Math.min(range.r2, rows.length - 1); r++) {
    for (let c = range.c1; c <= Math.min(range.c2, range.c1 + 20); c++) {
      if (--book.budget < 0) return out
      const v = rows[r]?.[c]
      if (v) out.push(v)
      // A list longer than any dropdown a person picks from: the rest is not read.
      if (out.length >= limits.maxValidations) return out
    }
  }
  return out
}

/**
 * List choices of each dropdown (listValues).
 * @param {string} xml @param {string} sheetName @param {Book} book @param {GridLimits} limits
 * @returns {Validation[]}
 */
function validationsOf(xml, sheetName, book, limits) {
  /** @type {{ sqref: string, formula: string }[]} */
  const found = []
  for (const m of xml.matchAll(/<dataValidation\b([^>]*)>([\s\S]*?)<\/dataValidation>/g)) {
    if (!/\btype="list"/.test(m[1] ?? '')) continue
    const sqref = /\bsqref="([^"]+)"/.exec(m[1] ?? '')?.[1]
    const formula = /<formula1>([\s\S]*?)<\/formula1>/.exec(m[2] ?? '')?.[1]
    if (sqref && formula) found.push({ sqref, formula: decodeXml(formula) })
  }
  for (const m of xml.matchAll(/<x14:dataValidation\b([^>]*)>([\s\S]*?)<\/x14:dataValidation>/g)) {
    if (!/\btype="list"/.test(m[1] ?? '')) continue
    const formula = /<xm:f>([\s\S]*?)<\/xm:f>/.exec(m[2] ?? '')?.[1]
    const sqref = /<xm:sqref>([\s\S]*?)<\/xm:sqref>/.exec(m[2] ?? '')?.[1]
    if (sqref && formula) found.push({ sqref, formula: decodeXml(formula) })
  }
  /** @type {Validation[]} */
  const out = []
  /** @type {Map<string, string[]>} the same list is often named by many dropdowns */
  const lists = new Map()
  for (const { sqref, formula } of found) {
    const choices = lists.get(formula) ?? listValues(formula, sheetName, book, limits)
    lists.set(formula, choices)
    if (!choices.length) continue
    const unique = [...new Set(choices)]
    for (const part of sqref.split(/\s+/)) {
      const range = parseRange(part, limits)
      if (!range) continue
      for (let c = range.c1; c <= range.c2; c++) {
        // More dropdowns than any questionnaire has: the rest are not read.
        if (out.length >= limits.maxValidations) return out
        out.push({ col: c, fromRow: range.r1, toRow: range.r2, choices: unique })
      }
    }
  }
  return out
}

/**
 * A legacy .xls as an .xlsx, so answers can be written back into the customer's workbook: sheets,
 * values, formulas, merges, column widths and hidden sheets are kept; the binary format's cell
 * styling and validations are not (SheetJS community edition writes no styles).
 * @param {Buffer} buf @param {GridLimits} limits @returns {Buffer}
 */
export function xlsToXlsx(buf, limits) {
  if (spreadsheetKind(buf) !== 'xls') throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'Not a legacy .xls workbook')
  /** @type {XLSX.WorkBook} */
  let wb
  try {
    wb = XLSX.read(buf, { type: 'buffer', cellFormula: true, cellHTML: false, cellStyles: true, cellDates: true, sheetRows: limits.maxRows })
  } catch {
    throw refuse(readMessages.unreadable)
  }
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true })
}
