// @ts-check
// The answers already written in a filled questionnaire (a vendor's completed CAIQ or HECVAT, last
// year's answers): read with the same layout reading as uploads (read-layout.mjs), then the text of
// each question's answer cells. Plain JavaScript: it runs in the spreadsheet worker thread beside the
// parser (@portal/sheets analyseWorkbook), so a large workbook never blocks the request thread.
import { readQuestionnaire } from '../extract/read-layout.mjs'

/**
 * @typedef {import('@portal/sheets').Grid} Grid
 * @typedef {import('@portal/sheets').Sheet} Sheet
 * @typedef {import('../extract/read-layout.mjs').ReadOptions} ReadOptions
 * @typedef {{ sheet: string, row: number, questionRef: string, question: string, answer: string, choiceValue: string | null }} AnsweredRow row: 1-based
 */

/** A cell left at a template's prompt is not an answer. */
const PROMPT = /^(?:-+|\.+|select\b.*|please (?:select|choose|enter|provide)\b.*|choose\b.*|click\b.*|enter\b.*here|type here|n\/?r|tbd|\[.*\])$/i
const clean = (/** @type {string} */ s) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .trim()
/** @param {string} value */
const filled = (value) => {
  const text = clean(value)
  return text && !PROMPT.test(text) ? text : ''
}

/** 0-based column and row of an A1 address. @param {string} address */
function at(address) {
  const m = /^([A-Z]+)(\d+)$/i.exec(address)
  if (!m) return undefined
  const col = [.../** @type {string} */ (m[1]).toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1
  return { col, row: Number(m[2]) - 1 }
}

/** @param {Sheet | undefined} sheet @param {string} address */
const valueAt = (sheet, address) => {
  const a = at(address)
  return a && sheet ? (sheet.rows[a.row]?.[a.col] ?? '') : ''
}

/**
 * The layout, each answered question's answer text and choice, and how many questions have no
 * answer. The answer is the narrative cell's text (answer, explanation or comments column); the
 * choice is the dropdown's value, or the header of the Yes / No / N.A. column marked.
 * @param {Grid} grid @param {ReadOptions} [options]
 */
export function readAnsweredRows(grid, options = {}) {
  const { questions, layout } = readQuestionnaire(grid, options)
  const sheets = new Map(grid.sheets.map((s) => [s.name, s]))
  /** @type {AnsweredRow[]} */
  const rows = []
  let unanswered = 0
  for (const q of questions) {
    if (q.field) continue // a labelled field (a name, a date) is not an answer to reuse
    const sheet = sheets.get(q.sheet)
    let answer = ''
    /** @type {string | null} */
    let choiceValue = null
    for (const c of q.answerCells) {
      const value = filled(valueAt(sheet, c.address))
      if (!value) continue
      if (c.role === 'narrative' && !answer) answer = value
      else if (c.role === 'choice' && choiceValue === null) choiceValue = value
      else if (c.role === 'mark' && choiceValue === null) choiceValue = clean(c.header)
    }
    if (!answer && choiceValue === null) {
      unanswered++
      continue
    }
    rows.push({ sheet: q.sheet, row: q.row + 1, questionRef: q.questionId, question: q.question, answer, choiceValue })
  }
  return { layout, rows, unanswered }
}
