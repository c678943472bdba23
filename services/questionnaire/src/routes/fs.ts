// The file-and-model host's calls of the contract (/api/fs/...): questions and drafted answers of a
// stored questionnaire, drafting again, a one-off question, the tenant's indexed document sets,
// and index deletion.
import {
  draftJob,
  type GeneratedAnswer,
  GeneratedAnswerReply,
  GenerateAnswerInput,
  generateAnswerMessages,
  IndexDeleteBody,
  IndexDeleteReply,
  LlmAnswersQuery,
  LlmAnswersReply,
  LlmQuestionsQuery,
  LlmQuestionsReply,
  questionnaireErrors,
  RedraftBody,
  RedraftReply,
  ResponseLlmReply,
  TestCollectionsReply,
} from '@portal/contracts'
import { spendQuota } from '@portal/db'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { draftQuestion, pairEntries } from '@portal/drafting'
import {
  libraryEntries,
  citedDocumentReason,
  findFileByName,
  flagAnswersCiting,
  listQuestions,
  listReadyDocuments,
  resetDrafts,
  SCHEMA,
  setDrafted,
} from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from '../deps.js'
import { okData } from '../replies.js'
import { fileOf } from '../lookups.js'

export function fsRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store } = deps
  const questionnaire = (tenantId: string, id: string) => fileOf(deps, tenantId, id, 'questionnaire')

  const tags = ['questionnaire']
  app.get(
    '/fs/llm/questions',
    { schema: { tags, querystring: LlmQuestionsQuery, response: { 200: LlmQuestionsReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const file = await findFileByName(store, tenantId, 'questionnaire', req.query.file_name.replace(/\s+/g, ''))
      if (!file) throw new AppError('NOT_FOUND', { message: 'Questionnaire not found' })
      return okData(
        (await listQuestions(store, tenantId, file.id)).map((q) => ({ _id: q.id, questionId: q.questionRef, question: q.question, sheet: q.sheet })),
      )
    },
  )

  app.get(
    '/fs/llm/answers',
    { schema: { tags, querystring: LlmAnswersQuery, response: { 200: LlmAnswersReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const file = await questionnaire(tenantId, req.query.collection_name)
      return okData(
        (await listQuestions(store, tenantId, file.id)).map((q) => ({
          _id: q.id,
          questionId: q.questionRef,
          question: q.question,
          answer: q.answer,
          llmReviewRespons: q.llmReviewRespons ? (1 as const) : (0 as const),
          documentName: q.documentName,
        })),
      )
    },
  )

  app.post(
    '/fs/get-llm-answer-of-questions',
    { schema: { tags, body: RedraftBody, response: { 202: RedraftReply, ...questionnaireErrors(404, 429) } } },
    async (req, reply) => {
      const { tenantId } = principalOf(req)
      const file = await questionnaire(tenantId, req.body.questionnaireId)
      await spendQuota(deps.store, SCHEMA, tenantId, { drafts: 1 }, deps.quota, 'drafting runs')
      const reset = await resetDrafts(store, tenantId, file.id)
      await setDrafted(store, tenantId, file.id) // the list's "n of N" shows the work to do again
      // A job per click: while one run drafts, another click's job leaves its request to that run
      // (one draft run per questionnaire at a time), which drafts again before it ends.
      await deps.queue.add(...draftJob(tenantId, file.id, crypto.randomUUID(), reset))
      return reply.status(202).send(okData({ questions: reset }, 'Drafting queued'))
    },
  )

  // A question outside any questionnaire, answered from all of the tenant's documents (the spec's
  // test page). Rate-limited and counted against the daily quota: with a model every call costs money.
  // The same rules as a questionnaire's drafts: no choice and no confidence without a cited passage,
  // and where the answer came from and why it needs review are said.
  const oneOff = async (tenantId: string, question: string): Promise<GeneratedAnswer> => {
    const q = question.trim()
    await spendQuota(deps.store, SCHEMA, tenantId, { drafts: 1 }, deps.quota, 'drafting runs')
    const d = await draftQuestion(deps, tenantId, q, {
      library: [...(await libraryEntries(store, tenantId)), ...pairEntries(await deps.knowledge.pairs(tenantId))],
    })
    return {
      answer: d.answer,
      choice: d.choice ?? null,
      confidence: d.confidence,
      llmReviewRespons: d.needsReview ? 1 : 0,
      reviewReason: d.reviewReason,
      answerSource: d.source,
      source: d.source === 'library' || d.source === 'pair' ? d.retrievedNarrative : '',
      citations: d.shown.filter((c) => d.citations.includes(c.id)).map((c) => ({ chunkId: c.id, documentName: c.documentName, page: c.page, text: c.text })),
      flaggedDocuments: (d.flags ?? []).map((f) => ({ documentName: f.documentName, page: f.page, reason: f.reason })),
    }
  }
  // A blank question gets the spec's message (generateAnswerMessages).
  const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } }
  const oneOffErrors = questionnaireErrors(429)
  app.post(
    '/fs/generate-answer',
    {
      config: { ...limit, fieldMessages: generateAnswerMessages },
      schema: { tags, body: GenerateAnswerInput, response: { 200: GeneratedAnswerReply, ...oneOffErrors } },
    },
    async (req) => ({ status: true as const, data: await oneOff(principalOf(req).tenantId, req.body.question) }),
  )
  app.get(
    '/fs/responsellm',
    {
      config: { ...limit, fieldMessages: generateAnswerMessages },
      schema: { tags, querystring: GenerateAnswerInput, response: { 200: ResponseLlmReply, ...oneOffErrors } },
    },
    async (req) => {
      const data = await oneOff(principalOf(req).tenantId, req.query.question)
      return { status: true, generation: data.answer, data }
    },
  )

  app.get('/fs/test-collections', { schema: { tags, response: { 200: TestCollectionsReply, ...questionnaireErrors() } } }, async (req) =>
    okData(
      (await listReadyDocuments(store, principalOf(req).tenantId)).map((d) => ({
        _id: d.id,
        company_id: d.companyId ?? '',
        fileName: d.fileName,
        pages: d.total,
      })),
    ),
  )

  app.post(
    '/fs/enterpriseapps-compliance-pineconedata-delete',
    { schema: { tags, body: IndexDeleteBody, response: { 200: IndexDeleteReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const file = await fileOf(deps, tenantId, req.body.id, 'compliance')
      // Its passages are no longer evidence: answers citing them go back to review, saying why.
      await flagAnswersCiting(store, tenantId, file.id, citedDocumentReason(file.fileName, 'removed from the index'))
      return okData({ deleted: await deps.knowledge.deleteDocument(tenantId, file.id) })
    },
  )
}
