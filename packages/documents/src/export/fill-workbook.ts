// The filled workbook and its report: the plan's cells written into the customer's stored file (a
// legacy .xls first becomes an .xlsx), then the written file read back and compared with the
// original in the worker thread, given the cells written and the rows of their questions, never
// which cell answers which question. Both the report and the download come from here, so what the
// report shows is what the download holds.
import type { ExportReport, ExportScope } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { columnLetters, compareWorkbooks, type QuestionRows, readWorkbook, writeCells, xlsToXlsx } from '@portal/sheets'
import type { BlobStore } from '@portal/storage'
import { type ExportPlan, type ExportQuestion, type Marked, needsMarks, planExport } from './plan.js'
import { FILLED_MACRO_WORKBOOK, FILLED_WORKBOOK, reportOf } from './report.js'

/** The marks the file holds already, read only when a question answers by marks (one more read of the file). */
async function marksOf(workbook: Buffer, questions: ExportQuestion[], scope: ExportScope): Promise<Marked | undefined> {
  if (!needsMarks(questions, scope)) return undefined
  const grid = await readWorkbook(workbook)
  const filled = new Set(
    grid.sheets.flatMap((s) => s.rows.flatMap((row, r) => row.flatMap((v, c) => (v.trim() ? [`${s.name}!${columnLetters(c + 1)}${r + 1}`] : [])))),
  )
  return (sheet, address) => filled.has(`${sheet}!${address}`)
}

/** Where each written question is (sheet, 1-based row, id and text), for the check. */
function questionRows(plan: ExportPlan): QuestionRows {
  const rows: QuestionRows = new Map()
  for (const { question: q, cells } of plan.plans) {
    if (!cells.length) continue
    const sheet = rows.get(q.sheet) ?? new Map()
    sheet.set(q.row + 1, { id: q.questionRef, text: q.question })
    rows.set(q.sheet, sheet)
  }
  return rows
}

/**
 * The stored workbook with `questions`' answers written in, and its report: also what outbound
 * questionnaires export (their answers are all taken: scope `all`).
 */
export async function fillWorkbook(
  blobs: BlobStore,
  file: { format: string; storageKey: string },
  questions: ExportQuestion[],
  scope: ExportScope,
): Promise<{ bytes: Buffer; report: ExportReport }> {
  const original = await blobs.getBuffer(file.storageKey)
  const workbook = file.format === 'xls' ? await xlsToXlsx(original) : original
  const plan = planExport(questions, scope, await marksOf(workbook, questions, scope))
  const bytes = await writeCells(workbook, plan.writes)
  // Against the customer's own file, also for an .xls: the conversion is part of what is checked.
  const comparison = await compareWorkbooks(original, bytes, plan.writes, undefined, questionRows(plan))
  // A zip names its parts in plain text: a VBA project (an .xlsm) comes back as an .xlsm.
  const name = workbook.includes('xl/vbaProject.bin') ? FILLED_MACRO_WORKBOOK : FILLED_WORKBOOK
  return { bytes, report: reportOf(scope, plan, comparison, name) }
}

/** The download is refused, with what changed, unless the check found only the answers. */
export function assertVerified(report: ExportReport): void {
  if (report.verification.verified) return
  throw new AppError('UNPROCESSABLE', {
    message: `The filled workbook was not sent: the check of the written file found ${report.verification.message}. Download questions_and_answers.xlsx instead.`,
  })
}
