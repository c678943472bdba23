// @ts-check
// The proof of an export: the written workbook read back by a parser (SheetJS, not the writer's
// own XML code) and compared with the original, sheet by sheet and cell by cell (type, value and
// formula), and part by part. It is given only the cells the writer says it wrote (and, to guard
// against a wrong map of answer cells, where the questions are): never which question a cell
// answers. Only the written cells may differ, each must hold what was written, no non-empty cell
// may become empty (a written one neither), and a written cell that held something is listed as a
// replacement with its old value. Runs in the worker thread only (sheet-worker.mjs).
import * as XLSX from 'xlsx-republish'
import { scanZip } from './scan-zip.mjs'
import { spreadsheetKind } from './shared.mjs'
import { refuse, SheetError } from './sheet-error.mjs'
import { sheetParts } from './workbook-parts.mjs'
import { cellText } from './write-cells.mjs'

/**
 * @typedef {import('./write-cells.mjs').CellWrites} CellWrites
 * @typedef {{ kind: 'cell' | 'written' | 'emptied' | 'outside' | 'question' | 'sheet' | 'part', sheet: string, address: string, before: string, after: string }} Difference
 * @typedef {{ sheet: string, address: string, before: string, after: string }} Replacement
 * @typedef {{ sheets: number, cells: number, written: number, differences: Difference[], differenceCount: number, replaced: Replacement[] }} Comparison
 * @typedef {{ t: string, v: unknown, f: string | undefined } | undefined} CellState
 * @typedef {Map<string, Map<number, { id: string, text: string }>>} QuestionRows sheet → 1-based row → the question on it
 */

/** Differences listed in full; the rest are counted. */
const LISTED = 50
/** Characters of a value shown in a difference. */
const SHOWN = 200

/** Values as stored, formulas as written: no number formats, styles or dates applied. */
const READ = {
  type: /** @type {const} */ ('buffer'),
  dense: true,
  cellFormula: true,
  cellHTML: false,
  cellStyles: false,
  cellText: false,
  cellNF: false,
  cellDates: false,
}

/** @param {Buffer} bytes @returns {XLSX.WorkBook} */
function parse(bytes) {
  try {
    return XLSX.read(bytes, READ)
  } catch {
    throw refuse('The workbook could not be read')
  }
}

/** What a cell holds; an empty string is an empty cell (a writer may leave either). @param {XLSX.CellObject | undefined} c @returns {CellState} */
function stateOf(c) {
  if (!c || c.t === 'z' || (c.t === 's' && c.v === '' && !c.f)) return undefined
  return { t: c.t, v: c.v, f: c.f }
}

/** @param {CellState} s */
const shown = (s) => (s ? (s.f ? `=${s.f}` : String(s.v ?? '')).slice(0, SHOWN) : '')
/** @param {CellState} a @param {CellState} b */
const same = (a, b) => (!a && !b) || (a !== undefined && b !== undefined && a.t === b.t && a.v === b.v && (a.f ?? '') === (b.f ?? ''))

/** What reading back a written value must give. @param {string | number} value @returns {CellState} */
function expected(value) {
  if (typeof value === 'number') return { t: 'n', v: value, f: undefined }
  const text = cellText(value)
  return text === '' ? undefined : { t: 's', v: text, f: undefined }
}

/** @param {number} r @param {number} c */
const address = (r, c) => XLSX.utils.encode_cell({ r, c })

/** Letters and digits only, lower case: a question's text as extraction cleaned it still matches its cell. @param {string} s */
const key = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
/** A cell's value as text, whole (a formula's too: a question's text may be one). @param {CellState} c */
const valueKey = (c) => key(String(c?.v ?? ''))
/** Short texts (an id, "Yes") say nothing about which question a row holds. */
const TELLING = 12

/**
 * Whether the original row holds the question: a cell containing its text (or, for a text
 * extraction put together from several cells, a telling part of it), or a cell that is or starts
 * with its id (a template's question whose wording was edited keeps its id).
 * @param {unknown[]} row @param {{ id: string, text: string }} question
 */
function holdsQuestion(row, question) {
  const [q, id] = [key(question.text), key(question.id)]
  if (!q) return true
  return row.some((c) => {
    const k = valueKey(stateOf(/** @type {XLSX.CellObject | undefined} */ (c)))
    return k !== '' && (k.includes(q) || (k.length >= TELLING && q.includes(k)) || (id !== '' && k.startsWith(id)))
  })
}

/**
 * @param {Buffer} before the customer's workbook (.xlsx, .xlsm, or the .xls it came as)
 * @param {Buffer} after the written .xlsx
 * @param {CellWrites} written the cells the writer says it wrote
 * @param {import('./scan-zip.mjs').ZipLimits} limits
 * @param {QuestionRows} [questions] where the answered questions are: a written cell must be on one
 *   of their rows, that row must hold its question's text or id in the original, and the cell must
 *   not be the one holding the question's id or text
 * @returns {Promise<Comparison>}
 */
export async function compareWorkbooks(before, after, written, limits, questions) {
  const kind = spreadsheetKind(before)
  if (!kind || spreadsheetKind(after) !== 'xlsx') throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'Only Excel workbooks (.xlsx, .xls) are compared')
  // Both archives pass the upload checks (a VBA project is compared as a part, never run); the parser reads the checked copies.
  const a = kind === 'xlsx' ? (await scanZip(before, limits, { keep: true, macros: true })).stored : undefined
  const b = (await scanZip(after, limits, { keep: true, macros: true })).stored
  if ((kind === 'xlsx' && !a) || !b) throw new SheetError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid Excel workbook')

  /** @type {Difference[]} */
  const differences = []
  let differenceCount = 0
  const note = (/** @type {Difference} */ d) => {
    differenceCount++
    if (differences.length < LISTED) differences.push(d)
  }
  /** @type {Replacement[]} */
  const replaced = []

  const old = parse(a ? a.bytes : before)
  const now = parse(b.bytes)
  const hidden = (/** @type {XLSX.WorkBook} */ wb, /** @type {number} */ i) => Boolean(wb.Workbook?.Sheets?.[i]?.Hidden)
  for (let i = 0; i < Math.max(old.SheetNames.length, now.SheetNames.length); i++) {
    const [x, y] = [old.SheetNames[i], now.SheetNames[i]]
    if (x !== y || hidden(old, i) !== hidden(now, i)) {
      note({
        kind: 'sheet',
        sheet: x ?? y ?? '',
        address: '',
        before: x === undefined ? '' : `${x}${hidden(old, i) ? ' (hidden)' : ''}`,
        after: y === undefined ? '' : `${y}${hidden(now, i) ? ' (hidden)' : ''}`,
      })
    }
  }
  for (const name of written.keys()) if (!now.SheetNames.includes(name)) note({ kind: 'written', sheet: name, address: '', before: '', after: 'no such sheet' })

  let cells = 0
  let writtenCount = 0
  for (const name of old.SheetNames.filter((n) => now.SheetNames.includes(n))) {
    const rowsA = old.Sheets[name]?.['!data'] ?? []
    const rowsB = now.Sheets[name]?.['!data'] ?? []
    const wanted = written.get(name) ?? new Map()
    for (let r = 0; r < Math.max(rowsA.length, rowsB.length); r++) {
      const ra = rowsA[r] ?? []
      const rb = rowsB[r] ?? []
      for (let c = 0; c < Math.max(ra.length, rb.length); c++) {
        const at = address(r, c)
        const was = stateOf(ra[c])
        const is = stateOf(rb[c])
        if (was || is) cells++
        if (wanted.has(at)) continue
        if (!same(was, is)) note({ kind: was && !is ? 'emptied' : 'cell', sheet: name, address: at, before: shown(was), after: shown(is) })
      }
    }
    for (const [at, value] of wanted) {
      writtenCount++
      const { r, c } = XLSX.utils.decode_cell(at)
      const was = stateOf(rowsA[r]?.[c])
      const is = stateOf(rowsB[r]?.[c])
      const d = { sheet: name, address: at, before: shown(was), after: shown(is) }
      if (was && !is) note({ ...d, kind: 'emptied' })
      else if (!same(expected(value), is)) note({ ...d, kind: 'written', before: shown(expected(value)) })
      else if (was && !same(was, is)) replaced.push(d)
      const problem = questions && misplaced(questions, name, rowsA[r] ?? [], r, was)
      if (problem) note({ ...d, ...problem })
    }
  }

  if (a) for (const d of partDifferences(a, b, written)) note(d)
  return { sheets: now.SheetNames.length, cells, written: writtenCount, differences, differenceCount, replaced }
}

/**
 * What is wrong with a written cell's place, by where the questions are and nothing else: not on a
 * question's row (another sheet, a row of no question), a row that does not hold its question in
 * the original, or the very cell holding the question's id or text.
 * @param {QuestionRows} questions @param {string} sheet @param {unknown[]} row @param {number} r 0-based @param {CellState} was
 * @returns {{ kind: 'outside' | 'question', after: string } | undefined}
 */
function misplaced(questions, sheet, row, r, was) {
  const q = questions.get(sheet)?.get(r + 1)
  if (!q) return { kind: 'outside', after: 'not on the row of a question written' }
  if (!holdsQuestion(row, q)) return { kind: 'outside', after: `not on the row of question ${q.id}` }
  const k = valueKey(was)
  if (k && k === key(q.id)) return { kind: 'question', after: `the id of question ${q.id}` }
  if (k && key(q.text) && k.includes(key(q.text))) return { kind: 'question', after: `the text of question ${q.id}` }
  return undefined
}

/**
 * Every part of the archive but cell data is the original, byte for byte: styles, shared strings,
 * validations, merges, comments, drawings. A written sheet may differ only inside `<sheetData>` and
 * in its `<dimension>`; the workbook part only in the recalculation flag (write-cells.mjs).
 * @param {import('./stored-zip.mjs').StoredZip} a @param {import('./stored-zip.mjs').StoredZip} b @param {CellWrites} written
 * @returns {Difference[]}
 */
function partDifferences(a, b, written) {
  const text = (/** @type {string} */ name) => a.part(name)?.toString('utf8') ?? ''
  const sheets = new Map(sheetParts(text('xl/workbook.xml'), text('xl/_rels/workbook.xml.rels')).map((s) => [s.path, s.name]))
  /** @type {Difference[]} */
  const out = []
  const namesA = a.entries().map((e) => e.name)
  const namesB = b.entries().map((e) => e.name)
  for (const name of new Set([...namesA, ...namesB])) {
    const x = a.part(name)
    const y = b.part(name)
    if (!x || !y) {
      out.push({ kind: 'part', sheet: '', address: name, before: x ? 'present' : 'absent', after: y ? 'present' : 'absent' })
      continue
    }
    if (x.equals(y)) continue
    const sheet = sheets.get(name)
    const outside = sheet !== undefined && written.has(sheet) ? withoutCells : name === 'xl/workbook.xml' ? withoutRecalculation : undefined
    if (!outside || outside(x.toString('utf8')) !== outside(y.toString('utf8'))) {
      out.push({ kind: 'part', sheet: sheet ?? '', address: name, before: `${x.length} bytes`, after: `${y.length} bytes` })
    }
  }
  return out
}

/** A sheet part without its cells and their extent. @param {string} xml */
const withoutCells = (xml) => xml.replace(/<sheetData\b[^>]*?(?:\/>|>[\s\S]*<\/sheetData>)/, '<sheetData/>').replace(/(<dimension\b[^>]*\bref=")[^"]*"/, '$1"')

/** The workbook part without the flag asking for recalculation. @param {string} xml */
const withoutRecalculation = (xml) => xml.replace(/(<calcPr\b[^>]*?)\s*\bfullCalcOnLoad="[^"]*"/, '$1').replace(/<calcPr\s*\/>/, '')
