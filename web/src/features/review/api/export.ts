// The questionnaire export (docs/questionnaire-api.md): the report of what an export writes, and the
// two downloads, all for the same scope (approved answers only by default, or every draft).
import type { ExportReason, ExportReportReply, ExportScope } from '@portal/contracts'
import { useQuery } from '@tanstack/react-query'
import { api, downloadFile } from '../../../lib/api-client'

export type { ExportReason, ExportReport, ExportScope, ExportSkip } from '@portal/contracts'

const query = (scope: ExportScope) => (scope === 'all' ? '?scope=all' : '')

/** The report is made by writing the file and checking it: asked for again whenever the dialog opens. */
export const useExportReport = (questionnaireId: string, scope: ExportScope) =>
  useQuery({
    queryKey: ['export-report', questionnaireId, scope],
    queryFn: () => api.get<ExportReportReply>(`/api/questionnaires/${questionnaireId}/export-report${query(scope)}`).then((r) => r.data),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

export const downloadFilled = (questionnaireId: string, scope: ExportScope, fileName: string) =>
  downloadFile(`/api/questionnaires/${questionnaireId}/with-answers${query(scope)}`, fileName)

export const downloadQuestionsAndAnswers = (questionnaireId: string, scope: ExportScope) =>
  downloadFile(`/api/downloadquestions/${questionnaireId}${query(scope)}`, 'questions_and_answers.xlsx')

/** Why a question, or part of it, was not written, in words (@portal/contracts ExportReason). */
export const REASONS: Record<ExportReason, string> = {
  'not-approved': 'not approved yet',
  'no-answer': 'no answer',
  'no-answer-cell': 'no answer cell was found for it',
  'no-choice': 'no choice set',
  'not-an-option': 'the choice is not one of the workbook’s options',
  'no-text-cell': 'the workbook has no cell for explanatory text (only the choice was written)',
}
