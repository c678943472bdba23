// Review of a questionnaire's drafted answers: the question list, counts, saving an answer (with
// history kept by the server), and the two exports.
import { isUuid } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, ok, principalOf } from '@portal/http'
import { choicesOf, markOf } from '@portal/drafting'
import { addComment, type AnswerCellRow, countsOf, findQuestion, type HistoryEntry, listQuestions, updateAnswer } from '@portal/questionnaire-store'
import { buildQuestionsWorkbook, type CellWrites, writeCells, xlsToXlsx } from '@portal/sheets'
import { contentDisposition } from '@portal/storage'
import { Type } from 'typebox'
import type { QuestionnaireDeps } from '../deps.js'
import { fileOf } from '../lookups.js'
import { splitName } from './comments.js'

type QuestionRow = Awaited<ReturnType<typeof listQuestions>>[number]

const questionOut = (q: QuestionRow) => ({
  _id: q.id,
  questionId: q.questionRef,
  question: q.question,
  answer: q.answer,
  choiceValue: q.choiceValue,
  choices: choicesOf(q.answerCells as AnswerCellRow[]),
  reviewstatus: q.reviewstatus,
  llmstatus: q.llmstatus,
  llmReviewRespons: q.llmReviewRespons,
  drafted: q.drafted,
  comment: q.comment,
  answerHistory: q.answerHistory,
  retrievedNarrative: q.retrievedNarrative,
  documentName: q.documentName,
  bucketName: '',
  fileAndFolder: q.fileAndFolder,
  updatedAt: q.updatedAt.toISOString(),
})

const status = (q: QuestionRow) => (q.llmstatus ? 'Approved' : q.answer ? 'Needs review' : 'Not answered') as 'Approved' | 'Needs review' | 'Not answered'

/** Cells to write for one question: dropdown value, an x under the Yes / No / N.A. column, the answer text. */
export function writesFor(q: QuestionRow): [string, string][] {
  const cells = q.answerCells as AnswerCellRow[]
  const out: [string, string][] = []
  const choice = q.choiceValue ? markOf(q.choiceValue) : undefined
  let textWritten = false
  for (const c of cells) {
    const mark = markOf(c.header)
    if (mark) {
      if (choice === mark) out.push([c.address, 'x'])
    } else if (c.choices?.length) {
      // A dropdown holds one of its values or nothing; free text goes to a text column.
      if (q.choiceValue && c.choices.includes(q.choiceValue)) out.push([c.address, q.choiceValue])
    } else if (!textWritten && q.answer) {
      out.push([c.address, q.answer])
      textWritten = true
    }
  }
  return out
}

export function reviewRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store, blobs } = deps
  const questionnaireOf = (tenantId: string, id: string) => fileOf(deps, tenantId, id, 'questionnaire')
  const Id = Type.Object({ questionnaireId: Type.String({ maxLength: 64 }) })

  app.get('/getquestionlist/:questionnaireId', { schema: { tags: ['questionnaire'], params: Id } }, async (req) => {
    const file = await questionnaireOf(principalOf(req).tenantId, req.params.questionnaireId)
    return ok((await listQuestions(store, principalOf(req).tenantId, file.id)).map(questionOut))
  })

  app.get('/questionnaires/count/:questionnaireId', { schema: { tags: ['questionnaire'], params: Id } }, async (req) => {
    const file = await questionnaireOf(principalOf(req).tenantId, req.params.questionnaireId)
    return { status: true, ...(await countsOf(store, principalOf(req).tenantId, file.id)) }
  })

  app.put('/questionnaires/answer', {
    schema: {
      tags: ['questionnaire'],
      body: Type.Object({
        questionId: Type.Optional(Type.String({ maxLength: 64 })),
        answer: Type.Optional(Type.String({ maxLength: 20000 })),
        reviewstatus: Type.Optional(Type.Boolean()),
        llmstatus: Type.Optional(Type.Boolean()),
        comment: Type.Optional(Type.String({ maxLength: 5000 })),
        // One of the question's `choices` (dropdown value or Yes / No / N.A. column); null clears it.
        choiceValue: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
        answerHistory: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 500 })),
      }),
    },
  }, async (req) => {
    const me = principalOf(req)
    if (!req.body.questionId) throw new AppError('INVALID_REQUEST', { message: 'Question ID is missing' })
    if (!req.body.answer?.trim()) throw new AppError('INVALID_REQUEST', { message: 'Answer field is required' })
    const current = isUuid(req.body.questionId) ? await findQuestion(store, me.tenantId, req.body.questionId) : undefined
    if (!current) throw new AppError('NOT_FOUND', { message: 'Question not found' })
    const { choiceValue } = req.body
    if (choiceValue && !choicesOf(current.answerCells as AnswerCellRow[]).includes(choiceValue)) {
      throw new AppError('INVALID_REQUEST', { message: 'Choice must be one of the question\'s options' })
    }
    // History is the server's record: the old answer, when, and who changed it.
    const history = [...(current.answerHistory as HistoryEntry[])]
    if (current.answer && current.answer !== req.body.answer) history.push({ answer: current.answer, createdAt: new Date().toISOString(), name: me.name ?? 'Unknown user' })
    // A comment sent with the answer (the spec's payload) joins the question's thread.
    const comment = req.body.comment?.trim()
    if (comment && comment !== current.comment) {
      await addComment(store, me.tenantId, { questionId: current.id, fileId: current.fileId, comment, commentType: 'enterprise', userId: me.userId, ...splitName(me.name) })
    }
    const updated = await updateAnswer(store, me.tenantId, current.id, {
      answer: req.body.answer,
      choiceValue: choiceValue === undefined ? current.choiceValue : choiceValue || null,
      reviewstatus: req.body.reviewstatus ?? current.reviewstatus,
      llmstatus: req.body.llmstatus ?? current.llmstatus,
      comment: comment || current.comment,
      answerHistory: history,
    })
    if (!updated) throw new AppError('NOT_FOUND', { message: 'Question not found' })
    return ok(questionOut(updated), 'Updated Successfully')
  })

  app.get('/downloadquestions/:questionnaireId', { schema: { tags: ['questionnaire'], params: Id } }, async (req, reply) => {
    const me = principalOf(req)
    const file = await questionnaireOf(me.tenantId, req.params.questionnaireId)
    const rows = await listQuestions(store, me.tenantId, file.id)
    if (!rows.length) throw new AppError('NOT_FOUND', { message: 'No questions found for download' })
    const buf = await buildQuestionsWorkbook(rows.map((q) => ({ questionId: q.questionRef, question: q.question, answer: q.answer, status: status(q), sources: q.fileAndFolder })))
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', contentDisposition('questions_and_answers.xlsx')).send(buf)
  })

  app.get('/questionnaires/:questionnaireId/with-answers', { schema: { tags: ['questionnaire'], params: Id } }, async (req, reply) => {
    const me = principalOf(req)
    const file = await questionnaireOf(me.tenantId, req.params.questionnaireId)
    if (file.format !== 'xlsx' && file.format !== 'xls') throw new AppError('UNPROCESSABLE', { message: 'Answers are written back into Excel workbooks; download questions_and_answers.xlsx for this questionnaire' })
    const writes: CellWrites = new Map()
    for (const q of await listQuestions(store, me.tenantId, file.id)) {
      const cells = writes.get(q.sheet) ?? new Map<string, string>()
      for (const [address, text] of writesFor(q)) cells.set(address, text)
      writes.set(q.sheet, cells)
    }
    // A legacy .xls comes back as .xlsx (the export's name says so): same sheets and cells.
    const original = await blobs.getBuffer(file.storageKey)
    const buf = await writeCells(file.format === 'xls' ? await xlsToXlsx(original) : original, writes)
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', contentDisposition('Questionnaire_with_Answers.xlsx')).send(buf)
  })
}
