// The file-and-model host's questionnaire calls (questionnaire service, /api/fs/...): the questions
// and drafted answers of a stored questionnaire, drafting again, one question answered outside any
// questionnaire (the spec's test page; the answer's shape is generated-answer.ts), the tenant's
// indexed documents, and taking a document out of the index.
import { type Static, Type } from 'typebox'
import { GeneratedAnswer } from './generated-answer.js'
import { dataReply, type FieldMessages } from './envelope.js'
import { QuestionnaireId } from './questionnaire-common.js'

/** GET /api/fs/llm/questions?file_name=: by the questionnaire's file name (spaces removed, as stored). */
export const LlmQuestionsQuery = Type.Object({ file_name: Type.String({ minLength: 1, maxLength: 255 }) })
export type LlmQuestionsQuery = Static<typeof LlmQuestionsQuery>
export const LlmQuestionsReply = dataReply(
  Type.Array(Type.Object({ _id: Type.String(), questionId: Type.String(), question: Type.String(), sheet: Type.String() })),
)
export type LlmQuestionsReply = Static<typeof LlmQuestionsReply>

/** GET /api/fs/llm/answers?collection_name=: the questionnaire's id. */
export const LlmAnswersQuery = Type.Object({ collection_name: QuestionnaireId })
export type LlmAnswersQuery = Static<typeof LlmAnswersQuery>
export const LlmAnswersReply = dataReply(
  Type.Array(
    Type.Object({
      _id: Type.String(),
      questionId: Type.String(),
      question: Type.String(),
      answer: Type.String(),
      llmReviewRespons: Type.Union([Type.Literal(0), Type.Literal(1)]),
      documentName: Type.String(),
    }),
  ),
)
export type LlmAnswersReply = Static<typeof LlmAnswersReply>

/** POST /api/fs/get-llm-answer-of-questions: drafts are reset and drafting queued again (202; counts against the daily quota). */
export const RedraftBody = Type.Object({ questionnaireId: QuestionnaireId })
export type RedraftBody = Static<typeof RedraftBody>
export const RedraftReply = dataReply(Type.Object({ questions: Type.Integer({ minimum: 0, description: 'drafts reset' }) }))
export type RedraftReply = Static<typeof RedraftReply>

/**
 * POST /api/fs/generate-answer (body) and GET /api/fs/responsellm (query): one question, not blank;
 * `dbName` is the spec's and is not used (the token names the tenant). Rate-limited, and counted
 * against the daily quota.
 */
export const GenerateAnswerInput = Type.Object({
  question: Type.String({ maxLength: 2000, pattern: '\\S' }),
  dbName: Type.Optional(Type.String({ maxLength: 64 })),
})
export type GenerateAnswerInput = Static<typeof GenerateAnswerInput>
export const generateAnswerMessages: FieldMessages = { question: { missing: 'Question is required' } }

/** GET /api/fs/responsellm: the spec's `generation` (the answer's text) beside the whole draft. */
export const ResponseLlmReply = Type.Object({ status: Type.Boolean(), generation: Type.String(), data: GeneratedAnswer })
export type ResponseLlmReply = Static<typeof ResponseLlmReply>

/** GET /api/fs/test-collections: the tenant's compliance documents that are read and indexed. */
export const TestCollectionsReply = dataReply(
  Type.Array(
    Type.Object({
      _id: Type.String(),
      company_id: Type.String(),
      fileName: Type.String(),
      pages: Type.Integer({ minimum: 0 }),
    }),
  ),
)
export type TestCollectionsReply = Static<typeof TestCollectionsReply>

/**
 * POST /api/fs/enterpriseapps-compliance-pineconedata-delete: a compliance document's passages
 * leave the index (the name is the contract's; no Pinecone is involved); answers citing it go back to review.
 */
export const IndexDeleteBody = Type.Object({ id: QuestionnaireId })
export type IndexDeleteBody = Static<typeof IndexDeleteBody>
export const IndexDeleteReply = dataReply(Type.Object({ deleted: Type.Integer({ minimum: 0, description: 'passages removed' }) }))
export type IndexDeleteReply = Static<typeof IndexDeleteReply>
