// `questions_and_answers.xlsx`: every question of a questionnaire with its answer and review
// state, as a new workbook (the customer's own file is filled by writeCells instead).
import ExcelJS from 'exceljs'
import { neutralise } from './write-cells.js'

export interface AnsweredQuestion {
  questionId: string
  question: string
  answer: string
  status: 'Approved' | 'Needs review' | 'Not answered'
  sources?: string
}

export async function buildQuestionsWorkbook(rows: AnsweredQuestion[], sheetName = 'Questions and answers'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Trust Portal'
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = [
    { header: '#', key: 'n', width: 6 },
    { header: 'Question ID', key: 'questionId', width: 14 },
    { header: 'Question', key: 'question', width: 60 },
    { header: 'Answer', key: 'answer', width: 70 },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Sources', key: 'sources', width: 40 },
  ]
  ws.getRow(1).font = { bold: true }
  rows.forEach((r, i) => {
    // Strings only, never formulas: text that looks like one is neutralised (security.md B15).
    ws.addRow({ n: i + 1, questionId: neutralise(r.questionId), question: neutralise(r.question), answer: neutralise(r.answer), status: r.status, sources: neutralise(r.sources ?? '') })
  })
  for (const key of ['question', 'answer', 'sources']) ws.getColumn(key).alignment = { wrapText: true, vertical: 'top' }
  return Buffer.from(await wb.xlsx.writeBuffer())
}
