// @ts-check
// Finds the questions of a questionnaire (a workbook, a CSV, or a Word document read as a grid):
// per sheet, where the questions are (sheet-layout.mjs) and their exact answer cells
// (answer-cells.mjs); across sheets, which sheets are questions and which repeat them (evaluator
// copies, derived reports, hidden databases). Plain JavaScript (types in find-questions.d.mts): it
// runs in the spreadsheet worker thread, beside the parser (@portal/sheets analyseWorkbook), so a
// hostile grid costs that thread's time.
import { answerCellsOf } from './answer-cells.mjs'
import { cell, embeddedCol, isQuestionShaped, layoutOf, rowNumberLayout, splitEmbedded } from './sheet-layout.mjs'

export { a1 } from './answer-cells.mjs'
export { isQuestionId, isQuestionShaped } from './sheet-layout.mjs'

/**
 * @typedef {import('@portal/sheets').Grid} Grid
 * @typedef {import('@portal/sheets').Sheet} Sheet
 * @typedef {import('./sheet-layout.mjs').Layout} Layout
 * @typedef {import('./answer-cells.mjs').AnswerCell} AnswerCell
 * @typedef {{ sheet: string, row: number, questionId: string, question: string, answerCells: AnswerCell[] }} FoundQuestion row: 0-based
 * @typedef {{ sheet: Sheet, layout: Layout }} LaidOut
 */

const SKIPPED_SHEET = /change ?log|revision|history|instructions?$|read ?me|glossary|definitions|scoring|backend/i
/** NIST CSF levels: a subcategory (GV.OC-01) is assessed; its category (GV.OC) only groups. */
const CSF_SUBCATEGORY = /^[A-Z]{2}\.[A-Z]{2}-\d{2}/
const CSF_CATEGORY = /^[A-Z]{2}\.[A-Z]{2}$/
/** A sheet whose ids are mostly ids of earlier question sheets repeats them (an analyst's report, a summary). */
const DERIVED = 0.5

/** @param {Grid} grid @returns {FoundQuestion[]} */
export function findQuestions(grid) {
  const sheets = grid.sheets.filter((s) => !SKIPPED_SHEET.test(s.name))
  /** @type {(LaidOut & { hidden: boolean })[]} */
  let laid = []
  for (const sheet of sheets) {
    const layout = layoutOf(sheet)
    if (layout) laid.push({ sheet, layout, hidden: sheet.hidden })
  }
  // Without ids anywhere, rows shaped like questions are the questions, named by their row number.
  // A Word document mixes both freely: a table of questions without numbers beside numbered ones.
  if (!laid.length || grid.format === 'docx') {
    const withIds = new Set(laid.map((x) => x.sheet))
    for (const sheet of sheets.filter((s) => !withIds.has(s))) {
      const layout = rowNumberLayout(sheet)
      if (layout) laid.push({ sheet, layout, hidden: sheet.hidden })
    }
  }
  const shaped = (/** @type {Layout} */ l) => l.shaped / Math.max(1, l.rows.length)
  // Plain numbers beside sheets with real ids name a legend or a scale ("1 | No process ..."),
  // unless their rows are questions.
  if (laid.some((x) => !x.layout.numbered)) laid = laid.filter((x) => !x.layout.numbered || shaped(x.layout) >= 0.5)
  // A workbook of questions keeps only its question sheets (control catalogues beside them are
  // reference); a catalogue workbook keeps every item sheet.
  if (laid.some((x) => !x.hidden && shaped(x.layout) >= 0.5)) laid = laid.filter((x) => shaped(x.layout) >= 0.3)

  /** @type {Set<string>} */
  const seen = new Set()
  /** @type {Set<string>} */
  const ids = new Set()
  /** @type {Set<string>} */
  const texts = new Set()
  /** @type {FoundQuestion[]} */
  let out = []
  for (const { sheet, layout } of laid.filter((x) => !x.hidden)) {
    const found = questionsOfSheet(sheet, layout).map((q) => ({ q, id: q.questionId.toUpperCase(), text: q.question.toLowerCase().replace(/\s+/g, ' ') }))
    // A sheet repeating the ids (an analyst's report: other texts) or the texts (an evaluator's
    // copy, renumbered) of earlier sheets is derived from them.
    const derived = found.length >= 3 && found.filter((f) => (!layout.rowIds && ids.has(f.id)) || texts.has(f.text)).length >= found.length * DERIVED
    for (const { q, id, text } of found) {
      // A derived sheet adds only new questions; elsewhere an evaluator copy or a repeated general
      // item counts once, and a reused id with another text is another question.
      if (derived && (ids.has(id) || texts.has(text) || !isQuestionShaped(q.question))) continue
      const key = `${id}\u0000${text}`
      if (seen.has(key)) continue
      seen.add(key)
      ids.add(id)
      texts.add(text)
      out.push(q)
    }
  }
  // Hidden sheets repeat the visible questions; one that only they carry is still a question.
  for (const { sheet, layout } of laid.filter((x) => x.hidden)) {
    for (const q of questionsOfSheet(sheet, layout)) {
      if (ids.has(q.questionId.toUpperCase())) continue
      ids.add(q.questionId.toUpperCase())
      out.push(q)
    }
  }
  if (out.some((q) => CSF_SUBCATEGORY.test(q.questionId))) out = out.filter((q) => !CSF_CATEGORY.test(q.questionId))
  // Plain data (the answer cells are read here, once): the result crosses back to the main thread.
  return out.map((q) => ({ ...q }))
}

/**
 * The questions of a sheet, their answer cells decided on first use (most rows of derived and
 * hidden sheets are dropped before).
 * @param {Sheet} sheet @param {Layout} layout @returns {FoundQuestion[]}
 */
function questionsOfSheet(sheet, layout) {
  /** @type {((row: number) => AnswerCell[]) | undefined} */
  let cellsOf
  return layout.rows.map((r) => {
    let questionId = String(r + 1)
    let question = cell(sheet, r, layout.questionCol)
    if (layout.embedded) {
      const split = /** @type {{ questionId: string, question: string }} */ (splitEmbedded(cell(sheet, r, embeddedCol(sheet, r))))
      questionId = split.questionId
      question = split.question
    } else if (!layout.rowIds) {
      questionId = cell(sheet, r, layout.idCol).trim().replace(/[.)]$/, '')
    }
    /** @type {AnswerCell[] | undefined} */
    let answerCells
    return {
      sheet: sheet.name,
      row: r,
      questionId,
      question,
      get answerCells() {
        cellsOf ??= answerCellsOf(sheet, layout)
        answerCells ??= cellsOf(r)
        return answerCells
      },
    }
  })
}
