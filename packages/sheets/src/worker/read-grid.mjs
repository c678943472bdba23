// @ts-check
// Any questionnaire workbook (.xlsx or legacy .xls) as plain text grids, one per sheet, with the
// facts extraction needs: hidden sheets and dropdown (data-validation) choices. Runs in the worker
// thread only (sheet-worker.mjs). Bounded: rows, columns, cell length, cells, characters and
// dropdowns are capped, so what goes back to the main thread is small to copy and to walk.
import * as XLSX from 'xlsx-republish'
import { scanZip } from './scan-zip.mjs'
import { cleanText, decodeXml, spreadsheetKind } from './shared.mjs'
import { refuse, SheetError } from './sheet-error.mjs'
import { sheetParts } from './workbook-parts.mjs'

/**
 * @typedef {{ maxRows: number, maxCols: number, maxCell: number, maxCells: number, maxChars: number, maxValidations: number }} GridLimits
 * @typedef {{ col: number, fromRow: number, toRow: number, choices: string[] }} Validation
 * @typedef {{ name: string, hidden: boolean, rows: string[][], validations: Validation[] }} Sheet
 * @typedef {{ format: 'xlsx' | 'xls', sheets: Sheet[] }} Grid
 * @typedef {{ grid: GridLimits, zip: import('./scan-zip.mjs').ZipLimits }} ReadLimits
 */

export const readMessages = {
  unreadable: 'The workbook could not be read',
  tooLarge: 'The workbook is too large to read',
}

/**
 * Reads a workbook by its content, never its name.
 * @param {Buffer} buf @param {ReadLimits} limits @returns {Promise<Grid>}
 */
export async function readGrid(buf, limits) {
  const kind = spreadsheetKind(buf)
  if (kind === 'xlsx') return readXlsx(buf, limits)
  if (kind === 'xls') return { format: 'xls', sheets: parseSheets(buf, limits.grid) }
  throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'Only Excel workbooks (.xlsx, .xls) are accepted')
}

/** @param {Buffer} buf @param {ReadLimits} limits @returns {Promise<Grid>} */
async function readXlsx(buf, limits) {
  // The parser reads the checked copy; its XML also gives hidden state and dropdowns.
  const { stored, workbook } = await scanZip(buf, limits.zip, { keep: true })
  if (!workbook || !stored) throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid Excel workbook')
  const text = (/** @type {string} */ name) => stored.part(name)?.toString('utf8') ?? ''
  const order = sheetParts(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels'))
  const sheets = parseSheets(stored.bytes, limits.grid)
  const grids = new Map(sheets.map((s) => [s.name, s.rows]))
  return {
    format: 'xlsx',
    sheets: sheets.map((s) => {
      const meta = order.find((o) => o.name === s.name)
      return { ...s, hidden: meta?.hidden ?? s.hidden, validations: meta?.path ? validationsOf(text(meta.path), s.name, grids, limits.grid) : [] }
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
 * List choices of each dropdown: a literal list, or a range on a sheet of this workbook.
 * @param {string} xml @param {string} sheetName @param {Map<string, string[][]>} grids @param {GridLimits} limits
 * @returns {Validation[]}
 */
function validationsOf(xml, sheetName, grids, limits) {
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
  for (const { sqref, formula } of found) {
    /** @type {string[]} */
    let choices = []
    const literal = /^"([\s\S]*)"$/.exec(formula.trim())
    if (literal) choices = (literal[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean)
    else {
      const ref = /^(?:'?([^'!]+)'?!)?(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)$/.exec(formula.trim())
      const range = ref ? parseRange(ref[2] ?? '', limits) : undefined
      const rows = grids.get(ref?.[1] ?? sheetName)
      if (range && rows) {
        for (let r = range.r1; r <= Math.min(range.r2, rows.length - 1); r++) {
          for (let c = range.c1; c <= range.c2; c++) {
            const v = rows[r]?.[c]
            if (v) choices.push(v)
          }
        }
      }
    }
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
