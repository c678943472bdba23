// The questionnaire export (docs/questionnaire-api.md): the report of what an export writes, and the
// two downloads, all for the same scope (approved answers only by default, or every draft).
import type { ExportReason, ExportReportReply, ExportScope } from '@portal/contracts'
import { useQuery } from '@tanstack/react-query'
import { api, downloadFile } from '../../../lib/api-client'

export type { ExportReason, ExportReplacement, ExportReport, ExportScope, ExportSkip } from '@portal/contracts'

const query = (scope: ExportScope) => (scope === 'all' ? '?scope=all' : '')

/**
 * What the export dialog exports: the report and the two downloads of one record. The questionnaire
 * review's (below) has a scope (approved answers only, or every draft); another (an outbound) may not.
 */
export interface ExportSource {
  /** Names the record in the query cache. */
  key: string
  /** Whether the approved / all choice applies. */
  scoped: boolean
  reportPath: (scope: ExportScope) => string
  filledPath: (scope: ExportScope) => string
  answersPath: (scope: ExportScope) => string
  answersFileName: string
  answersLabel: string
}

export const questionnaireExport = (questionnaireId: string): ExportSource => ({
  key: questionnaireId,
  scoped: true,
  reportPath: (scope) => `/api/questionnaires/${questionnaireId}/export-report${query(scope)}`,
  filledPath: (scope) => `/api/questionnaires/${questionnaireId}/with-answers${query(scope)}`,
  answersPath: (scope) => `/api/downloadquestions/${questionnaireId}${query(scope)}`,
  answersFileName: 'questions_and_answers.xlsx',
  answersLabel: 'Download questions and answers',
})

/** The report is made by writing the file and checking it: asked for again whenever the dialog opens. */
export const useExportReport = (source: ExportSource, scope: ExportScope) =>
  useQuery({
    queryKey: ['export-report', source.key, scope],
    queryFn: () => api.get<ExportReportReply>(source.reportPath(scope)).then((r) => r.data),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

export const downloadFilled = (source: ExportSource, scope: ExportScope, fileName: string) => downloadFile(source.filledPath(scope), fileName)

export const downloadQuestionsAndAnswers = (source: ExportSource, scope: ExportScope) => downloadFile(source.answersPath(scope), source.answersFileName)

/** Why a question, or part of it, was not written, in words (@portal/contracts ExportReason). */
export const REASONS: Record<ExportReason, string> = {
  'not-approved': 'not approved yet',
  'no-answer': 'no answer',
  'no-answer-cell': 'no answer cell was found for it',
  'no-choice': 'no choice set',
  'not-an-option': 'the choice is not one of the workbook’s options',
  'no-text-cell': 'the workbook has no cell for explanatory text (only the choice was written)',
  'marked-before': 'another of its Yes / No / N.A. columns is already marked in the workbook (a mark is never removed)',
}
