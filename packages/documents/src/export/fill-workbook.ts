// The filled workbook and its report: the plan's cells written into the customer's stored file (a
// legacy .xls first becomes an .xlsx), then the written file read back and compared with the
// original in the worker thread. Both the report and the download come from here, so what the
// report shows is what the download holds.
import type { ExportReport, ExportScope } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { compareWorkbooks, writeCells, xlsToXlsx } from '@portal/sheets'
import type { BlobStore } from '@portal/storage'
import { type ExportQuestion, planExport } from './plan.js'
import { reportOf } from './report.js'

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
  const plan = planExport(questions, scope)
  const original = await blobs.getBuffer(file.storageKey)
  const bytes = await writeCells(file.format === 'xls' ? await xlsToXlsx(original) : original, plan.writes)
  // Against the customer's own file, also for an .xls: the conversion is part of what is checked.
  const comparison = await compareWorkbooks(original, bytes, plan.writes)
  return { bytes, report: reportOf(scope, plan, comparison) }
}

/** The download is refused, with what changed, unless the check found only the answers. */
export function assertVerified(report: ExportReport): void {
  if (report.verification.verified) return
  throw new AppError('UNPROCESSABLE', {
    message: `The filled workbook was not sent: the check of the written file found ${report.verification.message}. Download questions_and_answers.xlsx instead.`,
  })
}
