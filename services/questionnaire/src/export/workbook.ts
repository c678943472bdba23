// A questionnaire's filled workbook and its report (@portal/documents fillWorkbook, which outbound
// questionnaires use too), from its stored file and its questions.
import type { ExportReport, ExportScope } from '@portal/contracts'
import { fillWorkbook } from '@portal/documents'
import { AppError } from '@portal/errors'
import { listQuestions } from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from '../deps.js'

interface StoredQuestionnaire {
  id: string
  format: string
  storageKey: string
}

export const WORKBOOKS_ONLY = 'Answers are written back into Excel workbooks; download questions_and_answers.xlsx for this questionnaire'

export async function exportWorkbook(
  deps: QuestionnaireDeps,
  tenantId: string,
  file: StoredQuestionnaire,
  scope: ExportScope,
): Promise<{ bytes: Buffer; report: ExportReport }> {
  if (file.format !== 'xlsx' && file.format !== 'xls') throw new AppError('UNPROCESSABLE', { message: WORKBOOKS_ONLY })
  return fillWorkbook(deps.blobs, file, await listQuestions(deps.store, tenantId, file.id), scope)
}
