// @ts-check
// A questionnaire's layout as a person confirms it (the import step of Loopio and Responsive): the
// sheet, the header row and the role of each column (id, question, context, answer, choice,
// comments), with how sure the product is of its own reading. Three ways in: the reading of
// find-questions.mjs described as such a mapping; a mapping the user confirmed, which reads the
// questions with exactly those columns; a mapping the tenant confirmed for another file of the same
// form (same sheet, same header cells: the fingerprint). Plain JavaScript: it runs in the
// spreadsheet worker thread with the parser.
import { createHash } from 'node:crypto'
import { columnLetters } from '@portal/sheets/shared'
import { ANSWER_HEADER, QUESTION_HEADER, cell, isItemText, isQuestionId, isQuestionShaped, splitEmbedded, widthOf } from './sheet-layout.mjs'
import { fieldsOf, readSheets, subQuestions } from './find-questions.mjs'
import { a1 } from './answer-cells.mjs'

/**
 * @typedef {import('@portal/sheets').Grid} Grid
 * @typedef {import('@portal/sheets').Sheet} Sheet
 * @typedef {import('./find-questions.mjs').FoundQuestion} FoundQuestion
 * @typedef {import('./answer-cells.mjs').AnswerCell} AnswerCell
 * @typedef {{ id?: string, question: string, context?: string[], answer?: string, choice?: string, choices?: string[], comments?: string, marks?: string[] }} Columns letters
 * @typedef {{ sheet: string, headerRow: number, columns: Columns }} Mapping headerRow: 1-based, 0 for none
 * @typedef {Mapping & { fingerprint: string }} Remembered
 * @typedef {{ row: number, cells: string[] }} PreviewRow row: 1-based
 * @typedef {Mapping & {
 *   sheets: { name: string, rows: number, questions: number }[],
 *   confidence: number, confirmed: boolean, needsCheck: boolean, fingerprint: string, total: number,
 *   preview: PreviewRow[], read: { row: number, id: string, question: string }[]
 * }} Layout
 * @typedef {{ mapping?: Mapping, remembered?: Remembered[] }} ReadOptions
 */

/**
 * Below this confidence a person checks the columns before anything is drafted. Measured on the
 * labelled fixtures (npm run extraction): on the tuning half the least sure clear reading scores
 * 0.70 and the surest ambiguous one 0.40; on the held-out half 0.70 and 0.61 (below), 0.68 for an
 * ambiguous workbook read right.
 */
export const CHECK_BELOW = 0.65
const PREVIEW_ROWS = 10
const PREVIEW_COLUMNS = 60
const PREVIEW_CHARS = 200
/** Headers naming the context of a question: its section, domain, category, function. */
const CONTEXT_HEADER = /domain|categor|section|function|group|practice|area|topic|family|subcategory|principle/i

/** 0-based column of a letter (A → 0). @param {string} letters */
export const columnIndex = (letters) => [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1
/** @param {number} col 0-based */
const letter = (col) => columnLetters(col + 1)
const clean = (/** @type {string} */ s) => s.replace(/\s+/g, ' ').trim()

/**
 * The fingerprint of a form: its sheet's name and header cells. The next file of the same form
 * (another customer's copy, next year's answers) has the same one, whatever its rows hold.
 * @param {Grid} grid @param {string} sheetName @param {number} headerRow 1-based
 */
export function fingerprintOf(grid, sheetName, headerRow) {
  const sheet = grid.sheets.find((s) => s.name === sheetName)
  const header = headerRow > 0 ? (sheet?.rows[headerRow - 1] ?? []).map((v) => clean(v).toLowerCase()) : []
  while (header.length && !header.at(-1)) header.pop()
  return createHash('sha256')
    .update(JSON.stringify([sheetName.trim().toLowerCase(), headerRow, header]))
    .digest('hex')
    .slice(0, 32)
}

/**
 * The questions and layout of a questionnaire grid: with the mapping given, the one remembered for
 * this form, or the product's own reading.
 * @param {Grid} grid @param {ReadOptions} [options]
 * @returns {{ questions: FoundQuestion[], layout: Layout }}
 */
export function readQuestionnaire(grid, options = {}) {
  const remembered = options.mapping ? undefined : options.remembered?.find((m) => fingerprintOf(grid, m.sheet, m.headerRow) === m.fingerprint)
  const chosen = options.mapping ?? remembered
  if (chosen) {
    // The mapping is for its sheet. Where the product read that sheet among others (a HECVAT's
    // tabs), the other sheets keep their reading; where it read other sheets only, the person chose
    // the sheet the product missed, and only that sheet holds questions.
    const auto = readSheets(grid).questions.filter((q) => !q.field)
    const others = auto.some((q) => q.sheet === chosen.sheet) ? auto.filter((q) => q.sheet !== chosen.sheet) : []
    const mapped = questionsWithMapping(grid, chosen)
    const order = new Map(grid.sheets.map((s, i) => [s.name, i]))
    const read = [...others, ...mapped].sort((a, b) => (order.get(a.sheet) ?? 0) - (order.get(b.sheet) ?? 0) || a.row - b.row)
    const questions = [...fieldsOf(grid, read), ...read]
    return { questions, layout: describe(grid, chosen, questions, 1, true) }
  }
  const { questions, setAside } = readSheets(grid)
  const mapping = mappingOf(grid, questions)
  return { questions, layout: describe(grid, mapping, questions, confidenceParts(grid, questions, mapping, setAside).confidence, false) }
}

/** @param {Grid} grid @param {Mapping} mapping @param {FoundQuestion[]} questions @param {number} confidence @param {boolean} confirmed @returns {Layout} */
function describe(grid, mapping, questions, confidence, confirmed) {
  const sheet = grid.sheets.find((s) => s.name === mapping.sheet)
  /** @type {Map<string, number>} */
  const counts = new Map()
  for (const q of questions) counts.set(q.sheet, (counts.get(q.sheet) ?? 0) + 1)
  const from = Math.max(0, mapping.headerRow - 1)
  const preview = (sheet?.rows ?? []).slice(from, from + PREVIEW_ROWS + (mapping.headerRow > 0 ? 1 : 0)).map((row, i) => ({
    row: from + i + 1,
    cells: (row ?? []).slice(0, PREVIEW_COLUMNS).map((v) => (v.length > PREVIEW_CHARS ? `${v.slice(0, PREVIEW_CHARS - 1)}…` : v)),
  }))
  return {
    ...mapping,
    sheets: grid.sheets.map((s) => ({ name: s.name, rows: s.rows.length, questions: counts.get(s.name) ?? 0 })),
    confidence: Math.round(confidence * 100) / 100,
    confirmed,
    needsCheck: !confirmed && confidence < CHECK_BELOW,
    fingerprint: fingerprintOf(grid, mapping.sheet, mapping.headerRow),
    total: questions.length,
    preview,
    read: questions
      .filter((q) => q.sheet === mapping.sheet)
      .slice(0, PREVIEW_ROWS)
      .map((q) => ({ row: q.row + 1, id: q.questionId, question: q.question.slice(0, 500) })),
  }
}

/** The sheet most questions come from: the one a mapping describes. @param {FoundQuestion[]} questions */
function mainSheet(questions) {
  /** @type {Map<string, number>} */
  const counts = new Map()
  for (const q of questions.filter((x) => !x.field)) counts.set(q.sheet, (counts.get(q.sheet) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/** The column of a sheet that holds `value(q)` on most questions' rows, or -1. @param {Sheet} sheet @param {FoundQuestion[]} qs @param {(q: FoundQuestion, v: string) => boolean} holds */
function columnHolding(sheet, qs, holds) {
  const width = widthOf(sheet)
  let best = -1
  let bestCount = 0
  for (let c = 0; c < width; c++) {
    const n = qs.filter((q) => holds(q, cell(sheet, q.row, c))).length
    if (n > bestCount) {
      best = c
      bestCount = n
    }
  }
  return bestCount >= qs.length * 0.5 ? best : -1
}

/** The most common column of one role among the questions' answer cells. @param {FoundQuestion[]} qs @param {(c: AnswerCell) => boolean} which */
function answerColumn(qs, which) {
  /** @type {Map<string, number>} */
  const counts = new Map()
  for (const q of qs)
    for (const c of q.answerCells.filter(which)) {
      const col = c.address.replace(/\d+$/, '')
      counts.set(col, (counts.get(col) ?? 0) + 1)
    }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/**
 * The header row above the first question: the nearest row with a text in the question column
 * and one more cell (CAIQ's three header rows: the one naming the question column), else none.
 * @param {Sheet} sheet @param {number} first 0-based @param {number} questionCol
 */
function headerRowOf(sheet, first, questionCol) {
  for (let r = first - 1; r >= Math.max(0, first - 8); r--) {
    const row = sheet.rows[r] ?? []
    const texts = row.filter((v) => v.trim() && !isQuestionId(v.trim())).length
    const named = clean(row[questionCol] ?? '')
    if (texts >= 2 && named && named.length < 120) return r + 1
  }
  return 0
}

/**
 * The product's own reading, as a mapping of its main sheet.
 * @param {Grid} grid @param {FoundQuestion[]} questions @returns {Mapping}
 */
function mappingOf(grid, questions) {
  const name = mainSheet(questions) ?? grid.sheets[0]?.name ?? ''
  const sheet = grid.sheets.find((s) => s.name === name)
  const qs = questions.filter((q) => q.sheet === name && !q.field)
  if (!sheet || !qs.length) return { sheet: name, headerRow: 0, columns: { question: 'A' } }
  const norm = (/** @type {string} */ s) => clean(s).toLowerCase()
  const questionCol = columnHolding(sheet, qs, (q, v) => v.length > 0 && norm(v).includes(norm(q.question).slice(0, 60)))
  // The id column: the question's id, or the item a lettered sub-question belongs to (CO-01 of CO-01a).
  const idCol = columnHolding(sheet, qs, (q, v) => {
    const id = norm(v).replace(/[.)]$/, '')
    return id.length > 0 && (id === norm(q.questionId) || (norm(q.questionId).startsWith(id) && /^[a-z]$/.test(norm(q.questionId).slice(id.length))))
  })
  const first = Math.min(...qs.map((q) => q.row))
  const headerRow = headerRowOf(sheet, first, Math.max(0, questionCol))
  const width = widthOf(sheet)
  // The answer column may be the new one after the table (a catalogue has none of its own).
  const answer = answerColumn(qs, (c) => c.role === 'narrative')
  const choice = answerColumn(qs, (c) => c.role === 'choice')
  const choices = [...new Set(qs.flatMap((q) => q.answerCells.filter((c) => c.role === 'choice').map((c) => c.address.replace(/\d+$/, ''))))].filter(
    (col) => col !== choice,
  )
  const marks = [...new Set(qs.flatMap((q) => q.answerCells.filter((c) => c.role === 'mark').map((c) => c.address.replace(/\d+$/, ''))))]
  /** @type {string[]} */
  const context = []
  if (headerRow > 0)
    for (let c = 0; c < width; c++) {
      if (c === questionCol || c === idCol) continue
      if (CONTEXT_HEADER.test(cell(sheet, headerRow - 1, c)) && !ANSWER_HEADER.test(cell(sheet, headerRow - 1, c)) && c < Math.max(questionCol, 0))
        context.push(letter(c))
    }
  return {
    sheet: name,
    headerRow,
    columns: {
      ...(idCol >= 0 ? { id: letter(idCol) } : {}),
      question: letter(Math.max(0, questionCol)),
      ...(context.length ? { context } : {}),
      ...(answer ? { answer } : {}),
      ...(choice ? { choice } : {}),
      ...(choices.length ? { choices } : {}),
      ...(marks.length ? { marks } : {}),
    },
  }
}

/**
 * How sure the reading is, 0–1, on the sheet it reads least surely: the product of what speaks for
 * the question column, for the answer cells and for the ids, and whether another sheet holding the
 * same items was set aside. The threshold below which a person checks the columns
 * (CHECK_BELOW) is measured on the labelled fixtures (tests/extraction).
 * @param {Grid} grid @param {FoundQuestion[]} all @param {Mapping} mapping @param {number} [setAside]
 */
export function confidenceParts(grid, all, mapping, setAside = 0) {
  const questions = all.filter((q) => !q.field) // the respondent's name or date says nothing of the layout
  // Visible sheets: a hidden sheet only adds the odd question the visible ones lack.
  const sheets = [...new Set(questions.map((q) => q.sheet))].filter((name) => !grid.sheets.find((x) => x.name === name)?.hidden)
  if (!sheets.length) return { confidence: 0, question: 0, answer: 0, ids: 0, sheet: 0 }
  const sheet = setAside > 0 ? 0.9 : 1
  let worst = { confidence: 1, question: 1, answer: 1, ids: 1, sheet }
  for (const name of sheets) {
    const s = /** @type {Sheet} */ (grid.sheets.find((x) => x.name === name))
    const qs = questions.filter((q) => q.sheet === name)
    const questionCol = name === mapping.sheet ? columnIndex(mapping.columns.question) : columnOfText(s, qs)
    const headerRow = name === mapping.sheet ? mapping.headerRow : 0
    const question = questionEvidence(s, qs, questionCol, headerRow)
    const width = widthOf(s)
    let answer = 0
    for (const q of qs) answer += answerEvidence(s, q, width)
    answer /= qs.length
    // Ids of the questions' own (a column, or in the text), not their row numbers.
    const ids = qs.filter((q) => q.questionId !== String(q.row + 1)).length >= qs.length * 0.8 ? 1 : 0.85
    const confidence = question * answer * ids * sheet
    if (confidence < worst.confidence) worst = { confidence, question, answer, ids, sheet }
  }
  return worst
}

/** The question column of questions read on a sheet: where their texts are. @param {Sheet} sheet @param {FoundQuestion[]} qs */
const columnOfText = (sheet, qs) => {
  const q = qs[0]
  if (!q) return 0
  const row = sheet.rows[q.row] ?? []
  return Math.max(
    0,
    row.findIndex((v) => v && clean(v).includes(clean(q.question).slice(0, 40))),
  )
}

/**
 * What speaks for the question column: texts shaped like questions (1), or a header naming
 * questions (0.9); else statements (requirements, outcomes) in the one column of such texts (0.7),
 * or beside a rival column of as many such texts (a translation, a description: 0.4).
 * @param {Sheet} sheet @param {FoundQuestion[]} qs @param {number} questionCol @param {number} headerRow 1-based
 */
function questionEvidence(sheet, qs, questionCol, headerRow) {
  const shaped = qs.filter((q) => isQuestionShaped(q.question)).length / qs.length
  if (shaped >= 0.5) return Math.min(1, 0.5 + shaped)
  const header = headerRow > 0 ? cell(sheet, headerRow - 1, questionCol) : ''
  if (header && QUESTION_HEADER.test(header) && !/\[\w{2}\]|_[a-z]{2}$/i.test(header)) return 0.9
  const prose = (/** @type {number} */ c) => qs.filter((q) => cell(sheet, q.row, c).length >= 20 && isItemText(cell(sheet, q.row, c))).length
  const own = prose(questionCol)
  const width = widthOf(sheet)
  /** @type {Set<number>} */
  const rows = new Set(qs.map((q) => q.row))
  for (let c = 0; c < width; c++) {
    if (c === questionCol || qs.some((q) => q.answerCells.some((a) => a.address === a1(c, q.row)))) continue
    const distinct = new Set(qs.map((q) => cell(sheet, q.row, c)).filter(Boolean)).size
    if (prose(c) >= own * 0.8 && distinct >= rows.size * 0.8) return 0.4
  }
  return 0.7
}

const NAMED_ANSWER = /\banswers?\b|\brespon[sc]es?\b|\breply\b|description|explanation|justification|details/i
/**
 * What speaks for a question's answer cells: 1 for a dropdown, a Yes/No column group or a column
 * named for answers; 0.75 for a comment, notes or observations column, or a new column after a
 * table whose columns are all named for something else; 0.4 for a new column beside a column named
 * for answers that holds codes (a type code: where answers go is for the person to say).
 * @param {Sheet} sheet @param {FoundQuestion} q @param {number} width
 */
function answerEvidence(sheet, q, width) {
  const cells = q.answerCells
  if (cells.some((c) => c.role !== 'narrative')) return 1
  const inside = cells.filter((c) => columnIndex(c.address.replace(/\d+$/, '')) < width)
  if (inside.some((c) => NAMED_ANSWER.test(c.header))) return 1
  if (inside.length) return 0.75
  return answerColumnOfCodes(sheet, q) ? 0.4 : 0.75
}

/** Whether the question's row holds a code under a header named for answers. @param {Sheet} sheet @param {FoundQuestion} q */
function answerColumnOfCodes(sheet, q) {
  const row = sheet.rows[q.row] ?? []
  for (let c = 0; c < row.length; c++) {
    const v = (row[c] ?? '').trim()
    if (!v || !/^[A-Z0-9_./-]{1,8}$/.test(v)) continue
    for (let r = q.row - 1; r >= Math.max(0, q.row - 400); r--) {
      const h = cell(sheet, r, c)
      if (h && !/^[A-Z0-9_./-]{1,8}$/.test(h.trim())) {
        if (/\banswers?\b|\brespon[sc]es?\b/i.test(h)) return true
        break
      }
    }
  }
  return false
}

/**
 * The questions of a sheet read with a mapping a person confirmed: each row below the header whose
 * question cell holds a text and, with an id column, an id (where most rows' ids look like ids, one
 * that does not names a section or a criteria line); without an id column, the id written in the
 * text (GV.OC-01: …) where most rows have one, else the row number. Its answer cells are the mapped
 * ones; with none mapped, the first column after the sheet's last, as for a catalogue.
 * @param {Grid} grid @param {Mapping} mapping @returns {FoundQuestion[]}
 */
export function questionsWithMapping(grid, mapping) {
  const sheet = grid.sheets.find((s) => s.name === mapping.sheet)
  if (!sheet) return []
  const cols = mapping.columns
  const qCol = columnIndex(cols.question)
  const idCol = cols.id ? columnIndex(cols.id) : -1
  const header = (/** @type {number} */ c) => (mapping.headerRow > 0 ? clean(cell(sheet, mapping.headerRow - 1, c)) : '') || 'Answer'
  const dropdown = (/** @type {number} */ c, /** @type {number} */ r) => sheet.validations.find((v) => v.col === c && r >= v.fromRow && r <= v.toRow)?.choices
  const rows = []
  for (let r = Math.max(0, mapping.headerRow); r < sheet.rows.length; r++) {
    const text = cell(sheet, r, qCol).trim()
    if (text.length >= 2 && isItemText(text)) rows.push(r)
  }
  const withIds = idCol >= 0 ? rows.filter((r) => cell(sheet, r, idCol).trim()) : []
  const idLike = withIds.filter((r) => isQuestionId(cell(sheet, r, idCol).trim())).length >= withIds.length * 0.6
  const embedded = idCol < 0 && rows.filter((r) => splitEmbedded(cell(sheet, r, qCol).trim())).length >= rows.length * 0.6
  const answerCol = cols.answer ? columnIndex(cols.answer) : -1
  const given = [cols.answer, cols.choice, cols.comments, ...(cols.choices ?? []), ...(cols.marks ?? [])].some(Boolean)
  const newColumn = given ? -1 : widthOf(sheet)
  /** @type {FoundQuestion[]} */
  const out = []
  for (const r of rows) {
    let text = cell(sheet, r, qCol).trim()
    let id = String(r + 1)
    if (idCol >= 0) {
      id = cell(sheet, r, idCol).trim().replace(/[.)]$/, '')
      if (!id || (idLike && !isQuestionId(id))) continue // a section or criteria row: no id of its own
    } else if (embedded) {
      const split = splitEmbedded(text)
      if (!split || !isItemText(split.question)) continue
      id = split.questionId
      text = split.question
    }
    /** @type {AnswerCell[]} */
    const answerCells = []
    for (const letters of [cols.choice, ...(cols.choices ?? [])].filter((x) => x !== undefined)) {
      const c = columnIndex(letters)
      const choices = dropdown(c, r)
      answerCells.push({ address: a1(c, r), header: header(c), role: 'choice', ...(choices?.length ? { choices } : {}) })
    }
    for (const m of (cols.marks ?? []).map(columnIndex)) answerCells.push({ address: a1(m, r), header: header(m), role: 'mark' })
    if (answerCol >= 0) {
      const choices = dropdown(answerCol, r)
      answerCells.push(
        choices?.length
          ? { address: a1(answerCol, r), header: header(answerCol), role: 'choice', choices }
          : { address: a1(answerCol, r), header: header(answerCol), role: 'narrative' },
      )
    }
    if (cols.comments && !answerCells.some((c) => c.role === 'narrative')) {
      const c = columnIndex(cols.comments)
      answerCells.push({ address: a1(c, r), header: header(c), role: 'narrative' })
    }
    if (newColumn >= 0) answerCells.push({ address: a1(newColumn, r), header: 'Answer', role: 'narrative' })
    const parts = subQuestions(text)
    for (const part of parts.length >= 2 ? parts : [{ questionId: id, question: text }])
      out.push({ sheet: sheet.name, row: r, questionId: part.questionId, question: part.question, answerCells: answerCells.map((c) => ({ ...c })) })
  }
  return out
}
