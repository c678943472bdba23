// One question answered outside a questionnaire (questionnaire service: POST /api/fs/generate-answer,
// GET /api/fs/responsellm): the draft, where it came from, why it needs review, what it cites, and
// which retrieved documents carry text that tries to steer a model (flagged, never obeyed).
import { type Static, Type } from 'typebox'

const Text = Type.String()

export const GeneratedAnswer = Type.Object({
  answer: Text,
  /** Yes / No / N.A. only when a cited passage states it. */
  choice: Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('na'), Type.Null()]),
  /** Capped by the evidence: 0 without a cited passage. */
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  /** 1 = needs review (the spec's name). */
  llmReviewRespons: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** Why it needs review, in words; '' when it does not. */
  reviewReason: Text,
  /** Where the answer came from; '' when nothing was drafted. */
  answerSource: Type.Union([Type.Literal(''), Type.Literal('library'), Type.Literal('pair'), Type.Literal('documents'), Type.Literal('model')]),
  /** For a reused answer, the approved answer it came from, in words; else ''. */
  source: Text,
  citations: Type.Array(Type.Object({ chunkId: Text, documentName: Text, page: Type.Integer({ minimum: 0 }), text: Text })),
  /** Retrieved passages with instruction-like text, active markup or a formula: their documents are flagged. */
  flaggedDocuments: Type.Array(
    Type.Object({
      documentName: Text,
      page: Type.Integer({ minimum: 0 }),
      reason: Type.Union([Type.Literal('instruction'), Type.Literal('active markup'), Type.Literal('formula')]),
    }),
  ),
})
export type GeneratedAnswer = Static<typeof GeneratedAnswer>

/** POST /api/fs/generate-answer. */
export const GeneratedAnswerReply = Type.Object({ status: Type.Literal(true), data: GeneratedAnswer, message: Type.Optional(Text) })
export type GeneratedAnswerReply = Static<typeof GeneratedAnswerReply>
