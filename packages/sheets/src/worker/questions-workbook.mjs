// @ts-check
// `questions_and_answers.xlsx`: every question of a questionnaire with its answer and review
// state, as a new workbook (the customer's own file is filled by write-cells.mjs instead). Runs in
// the worker thread only: exceljs builds the whole workbook in memory.
import ExcelJS from 'exceljs'
import { neutralise } from './shared.mjs'

/**
 * @typedef {{ questionId: string, question: string, answer: string, choice?: string, status: string, sources?: string }} AnsweredQuestion
 */

/**
 * @param {AnsweredQuestion[]} rows @param {string} [sheetName]
 * @returns {Promise<Buffer>}
 */
export async function buildQuestionsWorkbook(rows, sheetName = 'Questions and answers') {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Trust Portal'
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = [
    { header: '#', key: 'n', width: 6 },
    { header: 'Question ID', key: 'questionId', width: 14 },
    { header: 'Question', key: 'question', width: 60 },
    { header: 'Answer', key: 'answer', width: 70 },
    { header: 'Status', key: 'status', width: 24 },
    { header: 'Sources', key: 'sources', width: 40 },
    // Last, and only when some answer has one: the Yes / No / N.A. or dropdown choice.
    ...(rows.some((r) => r.choice) ? [{ header: 'Choice', key: 'choice', width: 16 }] : []),
  ]
  ws.getRow(1).font = { bold: true }
  rows.forEach((r, i) => {
    // Strings only, never formulas: text that looks like one is neutralised (security.md B15).
    ws.addRow({
      n: i + 1,
      questionId: neutralise(r.questionId),
      question: neutralise(r.question),
      answer: neutralise(r.answer),
      status: r.status,
      sources: neutralise(r.sources ?? ''),
      choice: neutralise(r.choice ?? ''),
    })
  })
  for (const key of ['question', 'answer', 'sources']) ws.getColumn(key).alignment = { wrapText: true, vertical: 'top' }
  return Buffer.from(await wb.xlsx.writeBuffer())
}
