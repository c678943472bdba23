// @ts-check
// Where a sheet's questions are: the id column and the question column (a question is a row with
// an id and a text, as questionnaires and catalogues number them), ids written inside the text
// (NIST CSF: "GV.OC-01: ..."), or no ids at all (the row number names the question). Rows that only
// look like items are left out: withdrawn placeholders, lists of control ids, numbers (pivots).
// Plain JavaScript: it runs in the spreadsheet worker thread (see find-questions.mjs).

/**
 * @typedef {import('@portal/sheets').Sheet} Sheet
 * @typedef {object} Layout
 * @property {number} idCol -1 when the id is in the text (embedded) or is the row number (rowIds)
 * @property {number} questionCol
 * @property {number[]} rows Question rows, in sheet order.
 * @property {boolean} embedded
 * @property {boolean} rowIds
 * @property {boolean} numbered Ids are plain numbers (1, 2, 3): weaker evidence than AIS-01.1 or 4.1.
 * @property {number} shaped How many of `rows` are shaped like questions.
 * @property {number} [distinct] How many distinct ids the id column holds.
 */

const ID = [
  /^[A-Z][A-Za-z&]{0,9}[-_.]?\d{1,3}(?:[.-]\d{1,3}){0,3}[a-z]?$/, // AIS-01.1, GNRL-01, A.5.1, GOV.01, Q4
  /^\d{1,3}(?:\.\d{1,3}){1,4}\.?$/, // 1.1.1, 4.1
  /^[A-Z]{2}\.[A-Z]{2}(?:-\d{2})?$/, // GV.OC-01
]
/** Plain numbers (1, 2, 3; "4." and "5)" as lists write them): ids only in a column that counts up. */
const NUMBER_ID = /^\d{1,4}[.)]?$/
/** An id at the start of the text itself: "GV.OC-01: The organizational mission ...", or on its own line above it. */
const EMBEDDED_ID = /^([A-Z]{2}\.[A-Z]{2}-\d{2}(?:\.\d{1,2})?|[A-Z]{2,5}-\d{2}(?:\.\d{1,2})?)(?:\s*[:\-–—]\s*|\s+)(.{8,})$/s
const QUESTION_START =
  /^(do|does|is|are|has|have|had|can|could|will|would|should|shall you|did|was|were|please|describe|explain|list|provide|how|what|which|who|when|where|why|if|indicate|specify|state|identify)\b/i
/** Placeholders catalogues keep for retired items: "Withdrawn", "[Withdrawn: Incorporated into GV.OC-05]". */
const WITHDRAWN = /^\W*withdrawn\b/i
const ASSESSABLE = /^assessable$/i
/** Words of a text, as opposed to codes: letters only, two or more. */
const WORD = /^[\p{L}][\p{L}'’-]*\p{L}[.,:;?!)]*$|^[\p{L}]{2,}$/u
const ROW_ID_MIN = 3

/** An implementation example or a lettered part of an item: "GV.SC-04 Ex1", "AIS-01.1-Ex2". */
const ID_SUFFIX = /[\s_-]?ex\d{1,2}$/i

/** @param {string} s */
export const isQuestionId = (s) => {
  if (s.length > 40) return false // the longest id form is ~20 characters: most texts stop here
  const t = s.trim()
  if (NUMBER_ID.test(t)) return true
  const base = t.replace(ID_SUFFIX, '')
  return ID.some((re) => re.test(base))
}

/** The item an id belongs to: "GV.SC-04 Ex1" → "GV.SC-04" (a catalogue sheet names items by it). @param {string} id */
export const baseId = (id) => id.trim().replace(ID_SUFFIX, '').toUpperCase()

/** @param {string} text @returns {boolean} */
export function isQuestionShaped(text) {
  let end = text.length
  while (end > 0 && (text[end - 1] === '*' || /\s/.test(text[end - 1] ?? ''))) end--
  return text[end - 1] === '?' || QUESTION_START.test(text.trimStart())
}

/**
 * Text a person wrote, not a number, a date or a list of control ids ("BCR-01, BCR-07",
 * "CCMv4.0: BCR-01", "ISO/IEC 27001:2022 A.5.1"): more words than codes.
 * @param {string} text
 */
export function isProse(text) {
  // Without digits or dots there is no code in it: any word will do (the common case, kept fast).
  if (!/[\d.]/.test(text)) return /\p{L}\p{L}/u.test(text)
  let words = 0
  let codes = 0
  for (const token of text.split(/[\s,;|/]+/)) {
    if (!token) continue
    if (WORD.test(token)) words++
    else if (/\d/.test(token) || isQuestionId(token.replace(/[:.,;)]+$/, ''))) codes++
  }
  return words > 0 && words >= codes
}

/** A question's own text: prose, and not a withdrawn item. @param {string} text */
export const isItemText = (text) => text.length >= 2 && !WITHDRAWN.test(text) && isProse(text)

/** @param {Sheet} sheet @param {number} r @param {number} c */
export const cell = (sheet, r, c) => sheet.rows[r]?.[c] ?? ''

/** @param {Sheet} sheet */
export const widthOf = (sheet) => sheet.rows.reduce((w, r) => Math.max(w, r?.length ?? 0), 0)

/** A row some cell of which says the item was withdrawn (a status column). @param {Sheet} sheet @param {number} r */
const withdrawnRow = (sheet, r) => (sheet.rows[r] ?? []).some((v) => v.length < 40 && WITHDRAWN.test(v))

/** The assessable column of catalogue exports: only rows marked in it are items. @param {Sheet} sheet @returns {number} */
function assessableCol(sheet, headerRows = 5) {
  for (let r = 0; r < Math.min(headerRows, sheet.rows.length); r++) {
    const c = (sheet.rows[r] ?? []).findIndex((v) => ASSESSABLE.test(v))
    if (c >= 0) return c
  }
  return -1
}

/** Plain numbers name questions only when they count up, as a numbered list does (scores and weights do not). @param {string[]} ids */
function countsUp(ids) {
  let up = 0
  for (let i = 1; i < ids.length; i++) if (Number.parseFloat(ids[i] ?? '') > Number.parseFloat(ids[i - 1] ?? '')) up++
  return up >= (ids.length - 1) * 0.8
}

/** @param {Sheet} sheet @param {number} col @param {number} firstRow */
export function headerAbove(sheet, col, firstRow) {
  for (let r = firstRow - 1; r >= Math.max(0, firstRow - 6); r--) {
    const v = cell(sheet, r, col)
    if (v && !isQuestionId(v)) return v.replace(/\s+/g, ' ')
  }
  return ''
}

/**
 * The id column and question column of a sheet, if it numbers its items.
 * @param {Sheet} sheet @returns {Layout | undefined}
 */
export function layoutOf(sheet) {
  const width = widthOf(sheet)
  const assess = assessableCol(sheet)
  const usable = (/** @type {number} */ r) => assess < 0 || /^(x|true|yes|1)$/i.test(cell(sheet, r, assess))
  // Id column: the one with most id-looking cells that have a text to their right; plain numbers
  // only where no column of real ids names about as many rows (a "#" column beside "DOCU-01").
  /** @type {Layout | undefined} */
  let best
  /** @type {Layout | undefined} */
  let numbered
  // Per row, the rightmost text (a cell of 8 characters or more that is prose): an id left of it names it.
  const lastText = sheet.rows.map((row) => {
    for (let d = (row?.length ?? 0) - 1; d > 0; d--) {
      const v = row[d] ?? ''
      if (v.length >= 8 && !isQuestionId(v) && isProse(v)) return d
    }
    return -1
  })
  for (let c = 0; c < width; c++) {
    /** @type {number[]} */
    const rows = []
    let numbers = 0
    for (let r = 0; r < sheet.rows.length; r++) {
      if (/** @type {number} */ (lastText[r]) <= c || !usable(r)) continue
      const id = cell(sheet, r, c).trim()
      if (!isQuestionId(id)) continue
      rows.push(r)
      if (NUMBER_ID.test(id)) numbers++
    }
    const plain = numbers * 2 >= rows.length
    const rival = plain ? numbered : best
    if (rows.length < 3 || (rival && rows.length < rival.rows.length)) continue
    const ids = rows.map((r) => cell(sheet, r, c).trim())
    // Ids are distinct; a column repeating a few codes (IG1, IG2...) groups rows, it does not name
    // them. Of two columns naming as many rows, the more distinct names the questions (AIS-01.1,
    // not its control AIS-01).
    const distinct = new Set(ids).size
    if (distinct < rows.length * 0.7 || (rival && rows.length === rival.rows.length && distinct <= (rival.distinct ?? 0))) continue
    if (plain && !countsUp(ids)) continue
    const questionCol = questionColumn(sheet, c, rows, width)
    if (questionCol < 0) continue
    const items = rows.filter((r) => isItemText(cell(sheet, r, questionCol)) && !withdrawnRow(sheet, r))
    if (!items.length) continue
    const layout = {
      idCol: c,
      questionCol,
      rows: items,
      embedded: false,
      rowIds: false,
      numbered: plain,
      distinct,
      shaped: items.filter((r) => isQuestionShaped(cell(sheet, r, questionCol))).length,
    }
    if (plain) numbered = layout
    else best = layout
  }
  if (numbered && (!best || numbered.rows.length > best.rows.length * 1.25)) return numbered
  return best ?? embeddedLayout(sheet, usable)
}

/** A header that names the question: the column to read first. */
export const QUESTION_HEADER =
  /question|requirement|implementation example|control (?:statement|text|wording|objective)|criteri(?:a|on)|\bstatement\b|\brequest\b|\bitem\b|\bquery\b/i
/** A header that names where the answer goes (or another party's notes): never the question column. */
export const ANSWER_HEADER =
  /\banswers?\b|\brespon[sc]es?\b|\breply\b|implementation description|explanation|comments?\b|notes?\b|remarks|evidence|observations?|action plan|justification/i

/**
 * Question column: filled on most id rows with the longest texts, named so by its header when the
 * header says (an "Implementation Example" beside the longer "Implementation Description" a vendor
 * wrote, which is the answer); a column repeating a few texts down the rows is context (function,
 * category), not questions. English first in bilingual sheets.
 * @param {Sheet} sheet @param {number} idCol @param {number[]} rows @param {number} width
 */
function questionColumn(sheet, idCol, rows, width) {
  const first = /** @type {number} */ (rows[0])
  const english = (/** @type {number} */ d) => /\[en\]/i.test(headerAbove(sheet, d, first))
  let qBest = -1
  let qScore = 0
  for (let d = idCol + 1; d < width; d++) {
    const header = headerAbove(sheet, d, first)
    if (header.length < 60 && ANSWER_HEADER.test(header) && !QUESTION_HEADER.test(header)) continue
    let score = 0
    /** @type {Set<string>} */
    const texts = new Set()
    let filled = 0
    for (const r of rows) {
      const v = cell(sheet, r, d)
      if (v.length >= 8 && !isQuestionId(v)) {
        score += 1 + (isQuestionShaped(v) ? 1 : 0) + Math.min(v.length, 200) / 400
        texts.add(v)
        filled++
      }
    }
    if (filled >= 4 && texts.size < filled * 0.5) score *= 0.5 // repeats down the rows: context
    if (header.length < 60 && QUESTION_HEADER.test(header)) score *= 1.5
    if (score > qScore * 1.05 || (score >= qScore * 0.8 && qBest >= 0 && english(d) && !english(qBest))) {
      if (score > qScore || english(d)) {
        qBest = d
        qScore = Math.max(score, qScore)
      }
    }
  }
  return qBest
}

/**
 * Catalogues such as NIST CSF carry the id inside the text, in a different column per level.
 * @param {Sheet} sheet @param {(r: number) => boolean} usable @returns {Layout | undefined}
 */
function embeddedLayout(sheet, usable) {
  /** @type {number[]} */
  const rows = []
  let questionCol = -1
  for (let r = 0; r < sheet.rows.length; r++) {
    const c = embeddedCol(sheet, r)
    if (c < 0 || !usable(r)) continue
    const text = splitEmbedded(cell(sheet, r, c))?.question ?? ''
    if (!isItemText(text) || withdrawnRow(sheet, r)) continue
    rows.push(r)
    questionCol = Math.max(questionCol, c)
  }
  return rows.length >= 3
    ? {
        idCol: -1,
        questionCol,
        rows,
        embedded: true,
        rowIds: false,
        numbered: false,
        shaped: rows.filter((r) => isQuestionShaped(cell(sheet, r, embeddedCol(sheet, r)))).length,
      }
    : undefined
}

/** The deepest (rightmost) cell of the row that starts with an id: a requirement beside its subcategory. @param {Sheet} sheet @param {number} r @returns {number} */
export function embeddedCol(sheet, r) {
  const row = sheet.rows[r] ?? []
  for (let c = row.length - 1; c >= 0; c--) if (EMBEDDED_ID.test(row[c] ?? '')) return c
  return -1
}

/** @param {string} text @returns {{ questionId: string, question: string } | undefined} */
export function splitEmbedded(text) {
  const m = EMBEDDED_ID.exec(text)
  return m ? { questionId: /** @type {string} */ (m[1]), question: /** @type {string} */ (m[2]).trim() } : undefined
}

/**
 * A sheet without ids whose rows are questions (VSA-style): the column with most question-shaped
 * texts; its question-shaped rows are the questions, named by their row number.
 * @param {Sheet} sheet @returns {Layout | undefined}
 */
export function rowNumberLayout(sheet) {
  const width = widthOf(sheet)
  /** @type {Layout | undefined} */
  let best
  for (let c = 0; c < width; c++) {
    /** @type {number[]} */
    const rows = []
    for (let r = 0; r < sheet.rows.length; r++) {
      const v = cell(sheet, r, c)
      if (v.length >= 8 && isQuestionShaped(v) && isItemText(v)) rows.push(r)
    }
    if (rows.length >= ROW_ID_MIN && (!best || rows.length > best.rows.length))
      best = { idCol: -1, questionCol: c, rows, embedded: false, rowIds: true, numbered: false, shaped: rows.length }
  }
  return best
}
