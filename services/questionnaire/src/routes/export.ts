// The questionnaire's exports (docs/questionnaire-api.md): the customer's workbook with the answers
// written in, the export report that proves what was written, and questions_and_answers.xlsx. All
// three take the same scope: approved answers only (the default) or all drafts.
import { AUDIT, recordAudit } from '@portal/audit'
import {
  ExportQuery,
  ExportReportReply,
  type ExportScope,
  fileReply,
  questionnaireErrors,
  QuestionnaireParams,
  workbookMediaType,
  XLSM_MEDIA_TYPE,
  XLSX_MEDIA_TYPE,
} from '@portal/contracts'
import { assertVerified, inScope } from '@portal/documents'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { listQuestions } from '@portal/questionnaire-store'
import { buildQuestionsWorkbook } from '@portal/sheets'
import { contentDisposition } from '@portal/storage'
import type { QuestionnaireDeps } from '../deps.js'
import { exportWorkbook } from '../export/workbook.js'
import { fileOf } from '../lookups.js'

const XLSX_TYPE = XLSX_MEDIA_TYPE
const Id = QuestionnaireParams
/** 422 (the filled workbook): not a workbook, or the written file differs from the customer's beyond the answer cells. */
const workbookSchema = <E>(what: string, errors: E, types: string[] = [XLSX_TYPE]) => ({
  tags: ['questionnaire'],
  params: Id,
  querystring: ExportQuery,
  response: { 200: fileReply(types, what), ...errors },
})

type QuestionRow = Awaited<ReturnType<typeof listQuestions>>[number]
const status = (q: QuestionRow) => (q.llmstatus ? 'Approved' : q.answer ? 'Needs review' : 'Not answered') as 'Approved' | 'Needs review' | 'Not answered'

export function exportRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const questionnaireOf = (tenantId: string, id: string) => fileOf(deps, tenantId, id, 'questionnaire')
  const scopeOf = (query: { scope?: ExportScope | undefined }): ExportScope => query.scope ?? 'approved'

  app.get(
    '/questionnaires/:questionnaireId/export-report',
    {
      schema: { tags: ['questionnaire'], params: Id, querystring: ExportQuery, response: { 200: ExportReportReply, ...questionnaireErrors(404, 422) } },
    },
    async (req) => {
      const me = principalOf(req)
      const file = await questionnaireOf(me.tenantId, req.params.questionnaireId)
      const { report } = await exportWorkbook(deps, me.tenantId, file, scopeOf(req.query))
      return { status: true, data: report }
    },
  )

  app.get(
    '/questionnaires/:questionnaireId/with-answers',
    {
      schema: workbookSchema("the customer's workbook with the answers written in (.xlsm when it has macros)", questionnaireErrors(404, 422), [
        XLSX_TYPE,
        XLSM_MEDIA_TYPE,
      ]),
    },
    async (req, reply) => {
      const me = principalOf(req)
      const file = await questionnaireOf(me.tenantId, req.params.questionnaireId)
      const { bytes, report } = await exportWorkbook(deps, me.tenantId, file, scopeOf(req.query))
      assertVerified(report)
      await recordAudit(deps.store, req, { action: AUDIT.questionnaireExported, target: `${file.fileName} (with answers)` })
      return reply
        .type(workbookMediaType(report.fileName))
        .header('Content-Disposition', contentDisposition(report.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(bytes)
    },
  )

  // Every question, with the answer and choice only where the scope takes them (status says the rest).
  app.get('/downloadquestions/:questionnaireId', { schema: workbookSchema('questions_and_answers.xlsx', questionnaireErrors(404)) }, async (req, reply) => {
    const me = principalOf(req)
    const file = await questionnaireOf(me.tenantId, req.params.questionnaireId)
    const rows = await listQuestions(deps.store, me.tenantId, file.id)
    if (!rows.length) throw new AppError('NOT_FOUND', { message: 'No questions found for download' })
    const scope = scopeOf(req.query)
    const buf = await buildQuestionsWorkbook(
      rows.map((q) => ({
        questionId: q.questionRef,
        question: q.question,
        answer: inScope(q, scope) ? q.answer : '',
        ...(q.choiceValue && inScope(q, scope) ? { choice: q.choiceValue } : {}),
        status: status(q),
        sources: q.fileAndFolder,
      })),
    )
    await recordAudit(deps.store, req, { action: AUDIT.questionnaireExported, target: `${file.fileName} (questions and answers)` })
    return reply
      .type(XLSX_TYPE)
      .header('Content-Disposition', contentDisposition('questions_and_answers.xlsx'))
      .header('Cache-Control', 'private, no-store')
      .send(buf)
  })
}
