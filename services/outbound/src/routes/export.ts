// Exports of an answered outbound: the sent workbook with the answers written into their cells (the
// questionnaire export, reused with its check and report), and a plain answers sheet.
import { ExportReportReply, fileReply, OutboundIdParams, outboundErrors, workbookMediaType, XLSM_MEDIA_TYPE } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { buildQuestionsWorkbook } from '@portal/sheets'
import { contentDisposition } from '@portal/storage'
import { assertVerified, type ExportQuestion, fillWorkbook } from '@portal/documents'
import { outboundFor } from '../access.js'
import { listAttachments } from '../db/attachments.repo.js'
import { inboundComments } from '../db/comments.repo.js'
import { findFileLayout } from '../db/layout.repo.js'
import { outboundQuestions } from '../db/outbounds.repo.js'
import type { OutboundDeps } from '../deps.js'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const tags = ['outbound']

/** A leading Yes / No / N/A of a free answer ("Yes, daily backups…") is its choice for a dropdown or mark column. */
export function choiceOf(answer: string): string | null {
  const lead = /^\s*(yes|no|n\/a|n\.a\.|not applicable)\b/i.exec(answer)?.[1]
  if (!lead) return null
  const word = lead.toLowerCase()
  return word === 'yes' ? 'Yes' : word === 'no' ? 'No' : 'N/A'
}

/**
 * Where each question's client comments go: its row in the comments column of the layout the
 * questions were read with (issue 25), all the client's comments on it, oldest first. Nothing when
 * the sheet has no comments column.
 */
async function commentCellsOf(deps: OutboundDeps, tenantId: string, outboundId: string) {
  const layout = await findFileLayout(deps.db, tenantId, 'outbound', outboundId)
  const letter = layout?.columns.comments
  if (!layout || !letter) return () => undefined
  const byQuestion = new Map<string, string[]>()
  for (const c of await inboundComments(deps.db, tenantId, outboundId)) byQuestion.set(c.questionId, [...(byQuestion.get(c.questionId) ?? []), c.comment])
  return (q: { id: string; sheet: string; row: number }) => {
    const texts = byQuestion.get(q.id)
    return texts && q.sheet === layout.sheet ? { address: `${letter}${q.row + 1}`, text: texts.join('\n\n') } : undefined
  }
}

export function exportRoutes(app: AppInstance, deps: OutboundDeps): void {
  const questionsOf = async (tenantId: string, outboundId: string): Promise<ExportQuestion[]> => {
    const [questions, commentCell] = await Promise.all([outboundQuestions(deps.db, tenantId, outboundId), commentCellsOf(deps, tenantId, outboundId)])
    return questions.map((q) => ({
      id: q.id,
      questionRef: q.questionRef,
      sheet: q.sheet,
      row: q.row,
      question: q.question,
      answer: q.answer,
      choiceValue: choiceOf(q.answer),
      llmstatus: true,
      answerCells: q.answerCells,
      commentCell: commentCell(q),
    }))
  }
  /** The recipient's answers are all taken (scope `all`): there is no approval step on this side. */
  const filled = async (tenantId: string, id: string, me: Parameters<typeof outboundFor>[1]) => {
    const o = await outboundFor(deps, me, id)
    if (o.format !== 'xlsx' && o.format !== 'xls')
      throw new AppError('UNPROCESSABLE', { message: 'Answers are written back into Excel workbooks; download the answers sheet for this questionnaire' })
    return fillWorkbook(deps.blobs, { format: o.format, storageKey: o.blobKey }, await questionsOf(tenantId, o.id), 'all')
  }

  app.get(
    '/outbound/:id/export-report',
    { schema: { tags, params: OutboundIdParams, response: { 200: ExportReportReply, ...outboundErrors('staff', 404, 422) } } },
    async (req) => {
      const me = principalOf(req)
      return { status: true, data: (await filled(me.tenantId, req.params.id, me)).report }
    },
  )

  app.get(
    '/outbound/:id/with-answers',
    {
      schema: {
        tags,
        params: OutboundIdParams,
        response: {
          200: fileReply([XLSX_TYPE, XLSM_MEDIA_TYPE], 'the sent workbook with every answer in its cells (.xlsm when it has macros)'),
          ...outboundErrors('staff', 404, 422),
        },
      },
    },
    async (req, reply) => {
      const me = principalOf(req)
      const { bytes, report } = await filled(me.tenantId, req.params.id, me)
      assertVerified(report)
      return reply
        .type(workbookMediaType(report.fileName))
        .header('Content-Disposition', contentDisposition(report.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(bytes)
    },
  )

  app.get(
    '/outbound/:id/answers',
    { schema: { tags, params: OutboundIdParams, response: { 200: fileReply([XLSX_TYPE], 'answers.xlsx'), ...outboundErrors('staff', 404) } } },
    async (req, reply) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.params.id)
      const [questions, attachments] = await Promise.all([outboundQuestions(deps.db, me.tenantId, o.id), listAttachments(deps.db, me.tenantId, o.id)])
      if (!questions.length) throw new AppError('NOT_FOUND', { message: 'No questions found for download' })
      const bytes = await buildQuestionsWorkbook(
        questions.map((q) => ({
          questionId: q.questionRef,
          question: q.question,
          answer: q.answer,
          // The client's answers, not the company's approved ones (issue 25).
          status: q.answer ? `Answered by ${o.clientName}` : 'Not answered',
          sources: attachments
            .filter((a) => a.questionId === q.id)
            .map((a) => a.fileName)
            .join(', '),
        })),
        'Answers',
      )
      return reply.type(XLSX_TYPE).header('Content-Disposition', contentDisposition('answers.xlsx')).header('Cache-Control', 'private, no-store').send(bytes)
    },
  )
}
