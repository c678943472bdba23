// The questionnaire's exports (docs/questionnaire-api.md): the customer's workbook with the answers
// written in, the export report that proves what was written, and questions_and_answers.xlsx. All
// three take the same scope: approved answers only (the default) or all drafts.
import { type ExportScope, ExportQuery, ExportReportReply } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { listQuestions } from '@portal/questionnaire-store'
import { buildQuestionsWorkbook } from '@portal/sheets'
import { contentDisposition } from '@portal/storage'
import { Type } from 'typebox'
import type { QuestionnaireDeps } from '../deps.js'
import { inScope } from '../export/plan.js'
import { FILLED_WORKBOOK } from '../export/report.js'
import { assertVerified, exportWorkbook } from '../export/workbook.js'
import { fileOf } from '../lookups.js'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const Id = Type.Object({ questionnaireId: Type.String({ maxLength: 64 }) })

type QuestionRow = Awaited<ReturnType<typeof listQuestions>>[number]
const status = (q: QuestionRow) => (q.llmstatus ? 'Approved' : q.answer ? 'Needs review' : 'Not answered') as 'Approved' | 'Needs review' | 'Not answered'

export function exportRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const questionnaireOf = (tenantId: string, id: string) => fileOf(deps, tenantId, id, 'questionnaire')
  const scopeOf = (query: { scope?: ExportScope | undefined }): ExportScope => query.scope ?? 'approved'

  app.get('/questionnaires/:questionnaireId/export-report', {
    schema: { tags: ['questionnaire'], params: Id, querystring: ExportQuery, response: { 200: ExportReportReply } },
  }, async (req) => {
    const me = principalOf(req)
    const file = await questionnaireOf(me.tenantId, req.params.questionnaireId)
    const { report } = await exportWorkbook(deps, me.tenantId, file, scopeOf(req.query))
    return { status: true, data: report }
  })

  app.get('/questionnaires/:questionnaireId/with-answers', { schema: { tags: ['questionnaire'], params: Id, querystring: ExportQuery } }, async (req, reply) => {
    const me = principalOf(req)
    const file = await questionnaireOf(me.tenantId, req.params.questionnaireId)
    const { bytes, report } = await exportWorkbook(deps, me.tenantId, file, scopeOf(req.query))
    assertVerified(report)
    return reply.type(XLSX_TYPE).header('Content-Disposition', contentDisposition(FILLED_WORKBOOK)).header('Cache-Control', 'private, no-store').send(bytes)
  })

  // Every question, with the answer and choice only where the scope takes them (status says the rest).
  app.get('/downloadquestions/:questionnaireId', { schema: { tags: ['questionnaire'], params: Id, querystring: ExportQuery } }, async (req, reply) => {
    const me = principalOf(req)
    const file = await questionnaireOf(me.tenantId, req.params.questionnaireId)
    const rows = await listQuestions(deps.store, me.tenantId, file.id)
    if (!rows.length) throw new AppError('NOT_FOUND', { message: 'No questions found for download' })
    const scope = scopeOf(req.query)
    const buf = await buildQuestionsWorkbook(rows.map((q) => ({
      questionId: q.questionRef,
      question: q.question,
      answer: inScope(q, scope) ? q.answer : '',
      ...(q.choiceValue && inScope(q, scope) ? { choice: q.choiceValue } : {}),
      status: status(q),
      sources: q.fileAndFolder,
    })))
    return reply.type(XLSX_TYPE).header('Content-Disposition', contentDisposition('questions_and_answers.xlsx')).header('Cache-Control', 'private, no-store').send(buf)
  })
}
