// Review of a questionnaire's drafted answers: the question list, counts, saving an answer (with
// history kept by the server). The exports are in export.ts.
import { isUuid, QuestionnaireCountsReply } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, ok, principalOf } from '@portal/http'
import { choicesOf } from '@portal/drafting'
import { addComment, type AnswerCellRow, countsOf, findQuestion, type HistoryEntry, listQuestions, updateAnswer } from '@portal/questionnaire-store'
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
  /** Why the answer needs review, in words ('' when nothing is known against it). */
  reviewReason: q.reviewReason,
  /** Where the draft came from: 'library', 'documents' (offline), 'model'; '' for a person's answer or none. */
  answerSource: q.answerSource,
})

export function reviewRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store } = deps
  const questionnaireOf = (tenantId: string, id: string) => fileOf(deps, tenantId, id, 'questionnaire')
  const Id = Type.Object({ questionnaireId: Type.String({ maxLength: 64 }) })

  app.get('/getquestionlist/:questionnaireId', { schema: { tags: ['questionnaire'], params: Id } }, async (req) => {
    const file = await questionnaireOf(principalOf(req).tenantId, req.params.questionnaireId)
    return ok((await listQuestions(store, principalOf(req).tenantId, file.id)).map(questionOut))
  })

  // Answered counts non-empty answers; drafted (the job's progress) and approved apart.
  app.get('/questionnaires/count/:questionnaireId', { schema: { tags: ['questionnaire'], params: Id, response: { 200: QuestionnaireCountsReply } } }, async (req) => {
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
}
