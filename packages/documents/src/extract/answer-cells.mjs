// @ts-check
// The answer cells of each question row, from the headers and dropdowns of its sheet: the choice
// cells (a dropdown; a group of Yes / No / N.A. columns marked with an x) and one narrative cell,
// the best column for the answer's text (a free-text answer column; else explanation, description,
// evidence, additional information; else comments and notes). Columns meant for someone else
// (evaluator, analyst, scoring, mappings, guidance, a target or plan) are never answer cells.
// Headers are read per row: HECVAT repeats a header row above each section, and sections differ.
import { columnLetters } from '@portal/sheets/shared'
import { cell, isQuestionId, widthOf } from './sheet-layout.mjs'

/**
 * @typedef {import('@portal/sheets').Sheet} Sheet
 * @typedef {import('./sheet-layout.mjs').Layout} Layout
 * @typedef {{ address: string, header: string, role: 'choice' | 'mark' | 'narrative', choices?: string[] }} AnswerCell
 */

/** A column that stands for one option, marked with an x (the vocabulary of @portal/drafting's markOf). */
const MARK = /^(yes|y|true|no|n|false|n\/?a|not applicable)$/i
/** Someone else's column, even with a dropdown: the evaluator's, a target or plan, a weight. */
const OTHERS =
  /evaluat|analyst|assessor|auditor|reviewer|internal use|use only|follow-?up|inquir|expected|compliant response|override|importance|\btarget\b|priority|planned|desired|future state|\bgap\b|in scope|scoping|testing status|stakeholder|drop ?down values/i
/**
 * An assessment's own fields beside the answer (who owns it, when it was observed, whether it was
 * examined, interviewed, tested): never answer cells, dropdown or not. Not header words: a cell
 * of data may say "test".
 */
const FIELDS = /^(?:q\d\s+)?(?:examine|interview|test|owner|date)$|\b(?:owner|date)\b/i
/** The vendor's description of what it does: the best place for the answer's text. */
const DESCRIBE =
  /implementation description|description of|(?:csp|vendor|supplier|provider|solution)\b.*\b(?:description|details|comments?|notes)\b|additional info/i
/** Reference material beside the question: never where an answer goes (unless a dropdown says so). */
const REFERENCE =
  /guid(?:ance|eline)|mapping|reference|instruction|scor(?:e|ing)|weight|question|control (?:spec|id|domain|title)|domain|specification|\bname\b|ref_id|depth|\burn\b|annotation|typical evidence|implementation group|example|applicab|ownership|responsibilit|description/i
/** Where the vendor writes: a free-text answer column. */
const ANSWER = /\banswers?\b|\brespon[sc]es?\b|\breply\b/i
/** The text that explains an answer. */
const EXPLAIN = /explanation|explain|justification|justify|evidence|supporting|rationale|clarification|details|practices/i
const REMARK = /comments?|notes?\b|remarks|observations?|status|maturity|\bstate\b/i
/** A row between questions that names columns (a section's header row), not a row of data. */
const HEADER_WORDS = new RegExp([OTHERS, DESCRIBE, REFERENCE, ANSWER, EXPLAIN, REMARK, /^(yes|no|n\/a|not applicable)$/i].map((re) => re.source).join('|'), 'i')
/** Rows above the first question that can hold the table's header (CAIQ v3: three; HECVAT: one). */
const HEADER_ROWS = 6

/**
 * Per question row, the header of each column: the table's header (the rows just above the first
 * question), replaced by a section's header row where one comes (a row between questions with
 * texts in two or more of these columns: HECVAT repeats "Answer | Additional Information |
 * Guidance | Analyst Notes" above each section, and its first section has no such row).
 * @param {Sheet} sheet @param {number[]} rows @param {number} from first column @param {number} width
 * @returns {Map<number, string[]>} question row → header per column (index c - from)
 */
function headersByRow(sheet, rows, from, width) {
  const isQuestion = new Set(rows)
  const first = /** @type {number} */ (rows[0])
  const last = /** @type {number} */ (rows.at(-1))
  /** @type {string[]} */
  let current = new Array(Math.max(0, width - from)).fill('')
  /** @type {Map<number, string[]>} */
  const out = new Map()
  for (let r = Math.max(0, first - HEADER_ROWS); r <= last; r++) {
    if (isQuestion.has(r)) {
      out.set(r, current)
      continue
    }
    const row = sheet.rows[r] ?? []
    /** @type {number[]} */
    const texts = []
    for (let c = from; c < Math.min(width, row.length); c++) if (row[c] && !isQuestionId(row[c] ?? '')) texts.push(c)
    if (r < first) {
      current = current.slice()
      for (const c of texts) current[c - from] = (row[c] ?? '').replace(/\s+/g, ' ').trim()
    } else if (texts.length >= 2 && texts.some((c) => HEADER_WORDS.test(row[c] ?? ''))) {
      current = new Array(current.length).fill('')
      for (const c of texts) current[c - from] = (row[c] ?? '').replace(/\s+/g, ' ').trim()
    }
  }
  return out
}

/**
 * What a column is for on one row. Rank orders narrative candidates: 0 a free-text answer column,
 * 1 the vendor's description or an explanation, 2 a remark.
 * @param {string} header @param {boolean} dropdown on this row @param {boolean} answerColumn a column with dropdowns on other question rows
 * @returns {{ role: 'choice' | 'mark' | 'narrative', rank: number } | undefined}
 */
function roleOf(header, dropdown, answerColumn) {
  if (OTHERS.test(header) || FIELDS.test(header)) return undefined
  if (MARK.test(header)) return { role: 'mark', rank: 0 }
  if (dropdown) return { role: 'choice', rank: 0 }
  if (DESCRIBE.test(header)) return { role: 'narrative', rank: 1 }
  if (REFERENCE.test(header)) return undefined
  // The dropdown column, on a row left free ("Describe your ..."): the answer itself is text.
  if (answerColumn || ANSWER.test(header)) return { role: 'narrative', rank: 0 }
  if (EXPLAIN.test(header)) return { role: 'narrative', rank: 1 }
  if (REMARK.test(header)) return { role: 'narrative', rank: 2 }
  return undefined
}

/** A value a formula or a data format puts in a cell: a number, a flag, a type code ("TXT", "YNA"). */
const CODE = /^(?:[A-Z0-9_./-]{1,6}|-?\d+(?:[.,]\d+)?%?|true|false)$/

/**
 * Columns holding codes on most question rows (and little else) hold data, not a place for text:
 * the type codes of a catalogue's "answer" column, a hidden sheet's 0/1 flags.
 * @param {Sheet} sheet @param {number[]} rows @param {number} from @param {number} width
 */
function dataColumns(sheet, rows, from, width) {
  /** @type {Set<number>} */
  const out = new Set()
  for (let c = from; c < width; c++) {
    let codes = 0
    let filled = 0
    for (const r of rows) {
      const v = cell(sheet, r, c).trim()
      if (!v) continue
      filled++
      if (CODE.test(v)) codes++
    }
    if (codes >= rows.length * 0.5 && codes >= filled * 0.9) out.add(c)
  }
  return out
}

/**
 * The answer cells of the question rows of a sheet: the sheet is read once, each row's cells are
 * decided when asked (derived and hidden sheets are mostly skipped).
 * @param {Sheet} sheet @param {Layout} layout @returns {(row: number) => AnswerCell[]}
 */
export function answerCellsOf(sheet, layout) {
  const from = layout.questionCol + 1
  const width = widthOf(sheet)
  const first = /** @type {number} */ (layout.rows[0])
  const headers = headersByRow(sheet, layout.rows, from, width)
  const lists = sheet.validations.filter((v) => v.col >= from && v.toRow >= first)
  /** Columns with a dropdown on some question row: the answer column of the sheet. */
  const dropdownCols = new Set(lists.filter((v) => layout.rows.some((r) => r >= v.fromRow && r <= v.toRow)).map((v) => v.col))
  const data = dataColumns(sheet, layout.rows, from, width)
  // Rows of one section share their headers' array: each column is classified once per section.
  /** @type {Map<string[], (ReturnType<typeof roleOf>)[]>} */
  const roles = new Map()
  return (r) => {
    const own = headers.get(r) ?? []
    const section = roles.get(own) ?? own.map((h, i) => (data.has(from + i) ? undefined : roleOf(h, false, dropdownCols.has(from + i))))
    roles.set(own, section)
    /** @type {(AnswerCell & { rank: number, col: number })[]} */
    const found = []
    for (let c = from; c < width; c++) {
      const header = own[c - from] ?? ''
      const choices = dropdownCols.has(c) ? lists.find((v) => v.col === c && r >= v.fromRow && r <= v.toRow)?.choices : undefined
      const role = choices?.length ? roleOf(header, true, true) : section[c - from]
      if (!role) continue
      found.push({
        address: a1(c, r),
        header: header || 'Answer',
        role: role.role,
        rank: role.rank,
        col: c,
        ...(role.role === 'choice' && choices ? { choices } : {}),
      })
    }
    const narrative = found.filter((f) => f.role === 'narrative').sort((a, b) => a.rank - b.rank || a.col - b.col)[0]
    const cells = found.filter((f) => f.role !== 'narrative' || f === narrative).map(({ rank: _rank, col: _col, ...rest }) => rest)
    // No answer column (a catalogue): answers go in the first column after everything used.
    return cells.length ? cells : [{ address: a1(width, r), header: 'Answer', role: 'narrative' }]
  }
}

/** A1 address of a 0-based column and row. @param {number} col @param {number} row */
export const a1 = (col, row) => `${columnLetters(col + 1)}${row + 1}`
