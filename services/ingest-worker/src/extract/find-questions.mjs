// @ts-check
// Finds the questions of a questionnaire workbook: per visible sheet, the id column and the
// question column (a question is a row with an id and a text, as customers' questionnaires and
// catalogues number them), the answer column(s) by header or dropdown, and the exact answer cells.
// Plain JavaScript (types in find-questions.d.mts): it runs in the spreadsheet worker thread,
// beside the parser (@portal/sheets analyseWorkbook), so a hostile grid costs that thread's time.
import { columnLetters } from '@portal/sheets/shared'

/**
 * @typedef {import('@portal/sheets').Grid} Grid
 * @typedef {import('@portal/sheets').Sheet} Sheet
 * @typedef {{ address: string, header: string, role: 'choice' | 'mark' | 'narrative', choices?: string[] }} AnswerCell address: A1 on the question's sheet; role: what goes in it
 * @typedef {{ sheet: string, row: number, questionId: string, question: string, answerCells: AnswerCell[] }} FoundQuestion row: 0-based
 */

const ID = [
  /^[A-Z][A-Za-z&]{0,9}[-_.]?\d{1,3}(?:[.-]\d{1,3}){0,3}[a-z]?$/, // AIS-01.1, GNRL-01, A.5.1, GOV.01
  /^\d{1,3}(?:\.\d{1,3}){1,4}$/, // 1.1.1, 4.1
  /^[A-Z]{2}\.[A-Z]{2}(?:-\d{2})?$/, // GV.OC-01
]
/** An id written at the start of the text itself: "GV.OC-01: The organizational mission ...". */
const EMBEDDED_ID = /^([A-Z]{2}\.[A-Z]{2}-\d{2}(?:\.\d{1,2})?|[A-Z]{2,5}-\d{2}(?:\.\d{1,2})?)\s*[:\-–]\s*(.{8,})$/s
const QUESTION_START = /^(do|does|is|are|has|have|had|can|could|will|would|should|shall you|did|was|were|please|describe|explain|list|provide|how|what|which|who|when|where|why|if|indicate|specify|state|identify)\b/i
const ANSWER_HEADER = /answer|response|yes\b|\bno\b|n\/a|not applicable|comment|notes?\b|explanation|remarks|vendor|supplier|solution provider|compliance status|status|maturity/i
const NOT_ANSWER_HEADER = /guidance|mapping|reference|instruction|evaluat|scor|weight|question|control (?:spec|id|domain)|domain|specification|description|name\b|ref_id|depth|urn|annotation|typical evidence|implementation group/i
/** A column that stands for one option, marked with an x (the vocabulary of @portal/drafting's markOf). */
const MARK_HEADER = /^(yes|y|true|no|n|false|n\/?a|not applicable)$/i
const SKIPPED_SHEET = /change ?log|revision|history|instructions?$|read ?me|glossary|definitions|scoring|backend/i

/** @param {string} s */
export const isQuestionId = (s) => ID.some((re) => re.test(s.trim()))

/** @param {string} text @returns {boolean} */
export function isQuestionShaped(text) {
  const t = text.trim().replace(/[*\s]+$/, '')
  return t.endsWith('?') || QUESTION_START.test(t)
}

/** A1 address of a 0-based column and row. @param {number} col @param {number} row */
export const a1 = (col, row) => `${columnLetters(col + 1)}${row + 1}`

/**
 * @typedef {object} Layout
 * @property {number} idCol
 * @property {number} questionCol
 * @property {number[]} rows Rows with an id and a question, in sheet order.
 * @property {boolean} embedded
 * @property {number} shaped
 */

/** @param {Sheet} sheet @param {number} r @param {number} c */
const cell = (sheet, r, c) => sheet.rows[r]?.[c] ?? ''

/** The assessable column of catalogue exports: only rows marked in it are items. @param {Sheet} sheet @returns {number} */
function assessableCol(sheet, headerRows = 5) {
  for (let r = 0; r < Math.min(headerRows, sheet.rows.length); r++) {
    const c = (sheet.rows[r] ?? []).findIndex((v) => /^assessable$/i.test(v))
    if (c >= 0) return c
  }
  return -1
}

/** @param {Sheet} sheet @returns {Layout | undefined} */
function layoutOf(sheet) {
  const width = Math.max(0, ...sheet.rows.map((r) => r?.length ?? 0))
  const assess = assessableCol(sheet)
  const usable = (/** @type {number} */ r) => assess < 0 || /^(x|true|yes|1)$/i.test(cell(sheet, r, assess))
  // Id column: the one with most id-looking cells that have a text to their right.
  /** @type {Layout | undefined} */
  let best
  for (let c = 0; c < width; c++) {
    /** @type {number[]} */
    const rows = []
    for (let r = 0; r < sheet.rows.length; r++) {
      if (!usable(r) || !isQuestionId(cell(sheet, r, c))) continue
      if ((sheet.rows[r] ?? []).some((v, d) => d > c && v.length >= 8 && !isQuestionId(v))) rows.push(r)
    }
    if (rows.length < 3 || (best && rows.length <= best.rows.length)) continue
    // Ids are distinct; a column repeating a few codes (IG1, IG2...) groups rows, it does not name them.
    if (new Set(rows.map((r) => cell(sheet, r, c).trim())).size < rows.length * 0.7) continue
    // Question column: filled on most id rows with the longest texts; English first in bilingual sheets.
    let qBest = -1
    let qScore = 0
    for (let d = c + 1; d < width; d++) {
      let score = 0
      for (const r of rows) {
        const v = cell(sheet, r, d)
        if (v.length >= 8 && !isQuestionId(v)) score += 1 + (isQuestionShaped(v) ? 1 : 0) + Math.min(v.length, 200) / 400
      }
      if (score > qScore * 1.05 || (score >= qScore * 0.8 && qBest >= 0 && /\[en\]/i.test(headerOf(sheet, d, /** @type {number} */ (rows[0]))) && !/\[en\]/i.test(headerOf(sheet, qBest, /** @type {number} */ (rows[0]))))) {
        if (score > qScore || /\[en\]/i.test(headerOf(sheet, d, /** @type {number} */ (rows[0])))) {
          qBest = d
          qScore = Math.max(score, qScore)
        }
      }
    }
    if (qBest < 0) continue
    const withText = rows.filter((r) => cell(sheet, r, qBest).length >= 2)
    best = { idCol: c, questionCol: qBest, rows: withText, embedded: false, shaped: withText.filter((r) => isQuestionShaped(cell(sheet, r, qBest))).length }
  }
  if (best) return best
  // Catalogues such as NIST CSF carry the id inside the text, in a different column per level.
  /** @type {number[]} */
  const rows = []
  let questionCol = -1
  for (let r = 0; r < sheet.rows.length; r++) {
    const c = embeddedCol(sheet, r)
    if (c >= 0 && usable(r)) {
      rows.push(r)
      questionCol = Math.max(questionCol, c)
    }
  }
  return rows.length >= 3 ? { idCol: -1, questionCol, rows, embedded: true, shaped: 0 } : undefined
}

/** The deepest (rightmost) cell of the row that starts with an id: a requirement beside its subcategory. @param {Sheet} sheet @param {number} r @returns {number} */
function embeddedCol(sheet, r) {
  const row = sheet.rows[r] ?? []
  for (let c = row.length - 1; c >= 0; c--) if (EMBEDDED_ID.test(row[c] ?? '')) return c
  return -1
}

/** The nearest header text above the first question row, within a few rows. @param {Sheet} sheet @param {number} col @param {number} firstRow @returns {string} */
function headerOf(sheet, col, firstRow) {
  for (let r = firstRow - 1; r >= Math.max(0, firstRow - 6); r--) {
    const v = cell(sheet, r, col)
    if (v && !isQuestionId(v)) return v.replace(/\s+/g, ' ')
  }
  return ''
}

/** @param {Sheet} sheet @param {Layout} layout @returns {number[]} */
function answerColumns(sheet, layout) {
  const first = /** @type {number} */ (layout.rows[0])
  const width = Math.max(0, ...sheet.rows.map((r) => r?.length ?? 0))
  const byDropdown = new Set(
    sheet.validations.filter((v) => v.col > layout.questionCol && layout.rows.some((r) => r >= v.fromRow && r <= v.toRow)).map((v) => v.col),
  )
  /** @type {number[]} */
  const cols = []
  for (let c = layout.questionCol + 1; c < width; c++) {
    const header = headerOf(sheet, c, first)
    // Merged group headers ("Consensus Assessment Answers" over Yes / No / N/A) sit one row higher.
    const above = [header, cell(sheet, first - 2, c), cell(sheet, first - 3, c)].join(' ')
    if (byDropdown.has(c) || (ANSWER_HEADER.test(above) && !NOT_ANSWER_HEADER.test(header))) cols.push(c)
  }
  // Only the first block of adjacent answer columns: later ones are evaluator or mapping areas.
  /** @type {number[]} */
  const block = []
  for (const c of cols) {
    if (block.length && c - /** @type {number} */ (block.at(-1)) > 1 && !byDropdown.has(c)) break
    block.push(c)
  }
  if (block.length) return block
  // No answer column (a catalogue): answers go in the first column after everything used.
  return [width]
}

/** @param {Sheet} sheet @param {Layout} layout @returns {FoundQuestion[]} */
function questionsOfSheet(sheet, layout) {
  const cols = answerColumns(sheet, layout)
  const first = /** @type {number} */ (layout.rows[0])
  return layout.rows.map((r) => {
    /** @type {string} */
    let questionId
    /** @type {string} */
    let question
    if (layout.embedded) {
      const text = cell(sheet, r, embeddedCol(sheet, r))
      const m = /** @type {RegExpExecArray} */ (EMBEDDED_ID.exec(text))
      questionId = /** @type {string} */ (m[1])
      question = /** @type {string} */ (m[2]).trim()
    } else {
      questionId = cell(sheet, r, layout.idCol).trim()
      question = cell(sheet, r, layout.questionCol)
    }
    return {
      sheet: sheet.name,
      row: r,
      questionId,
      question,
      answerCells: cols.map((c) => {
        const choices = sheet.validations.find((v) => v.col === c && r >= v.fromRow && r <= v.toRow)?.choices
        const header = headerOf(sheet, c, first) || 'Answer'
        /** @type {'choice' | 'mark' | 'narrative'} */
        const role = MARK_HEADER.test(header.trim()) ? 'mark' : choices?.length ? 'choice' : 'narrative'
        return { address: a1(c, r), header, role, ...(choices ? { choices } : {}) }
      }),
    }
  })
}

/** @param {Grid} grid @returns {FoundQuestion[]} */
export function findQuestions(grid) {
  const laidOut = (/** @type {boolean} */ hidden) =>
    grid.sheets
      .filter((s) => s.hidden === hidden && !SKIPPED_SHEET.test(s.name))
      .map((sheet) => ({ sheet, layout: layoutOf(sheet) }))
      .filter(/** @returns {x is { sheet: Sheet, layout: Layout }} */ (x) => Boolean(x.layout))
  // A workbook of questions keeps only its question sheets (control catalogues beside them are
  // reference); a catalogue workbook keeps every item sheet.
  const shaped = (/** @type {Layout} */ l) => l.shaped / Math.max(1, l.rows.length)
  const visible = laidOut(false)
  const questionnaire = visible.some((x) => shaped(x.layout) >= 0.5)
  const keep = (/** @type {typeof visible} */ xs) => (questionnaire ? xs.filter((x) => shaped(x.layout) >= 0.3) : xs)

  /** @type {Set<string>} */
  const seen = new Set()
  /** @type {Set<string>} */
  const ids = new Set()
  /** @type {FoundQuestion[]} */
  const out = []
  for (const { sheet, layout } of keep(visible)) {
    for (const q of questionsOfSheet(sheet, layout)) {
      // Evaluator copies and repeated general items count once; a reused id with another text is another question.
      const key = `${q.questionId.toUpperCase()}\u0000${q.question.toLowerCase().replace(/\s+/g, ' ')}`
      if (seen.has(key)) continue
      seen.add(key)
      ids.add(q.questionId.toUpperCase())
      out.push(q)
    }
  }
  // Hidden sheets repeat the visible questions; one that only they carry is still a question.
  for (const { sheet, layout } of keep(laidOut(true))) {
    for (const q of questionsOfSheet(sheet, layout)) {
      if (ids.has(q.questionId.toUpperCase())) continue
      ids.add(q.questionId.toUpperCase())
      out.push(q)
    }
  }
  return out
}
