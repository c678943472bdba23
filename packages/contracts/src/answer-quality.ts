// The drafter's track record (issue 24): every answer a reviewer approved, edited or cleared says how
// the drafter did. GET /api/answer-quality?questionnaireId= answers for the tenant (or one
// questionnaire), per source of the draft.
import { type Static, Type } from 'typebox'
import { dataReply } from './envelope.js'

const Count = Type.Integer({ minimum: 0 })

/** Where a draft came from: an answer library entry, a question/answer pair of a document, a sentence of a document (offline drafter), a model. */
export const DRAFT_SOURCES = ['library', 'pair', 'sentence', 'model'] as const
export type DraftSource = (typeof DRAFT_SOURCES)[number]

export const SourceQuality = Type.Object({
  /** Questions given a draft (an answer or a choice) from this source. */
  drafted: Count,
  /** Approved with the draft's text and choice unchanged. */
  approvedUnchanged: Count,
  /** The text was changed by a person (approved or not). */
  edited: Count,
  /** Of the edited: the mean share of the draft's text changed, 0–1 (0 when none edited). */
  editedShare: Type.Number(),
  /** The draft was cleared (its text and choice emptied by a person). */
  cleared: Count,
  /** The choice was changed to another value (or removed while the text stayed). */
  choiceChanged: Count,
  /** Not reviewed yet. */
  pending: Count,
})
export type SourceQuality = Static<typeof SourceQuality>

export const AnswerQuality = Type.Object({
  /** The questionnaire asked about, or null for the whole tenant. */
  questionnaireId: Type.Union([Type.String(), Type.Null()]),
  bySource: Type.Object({ library: SourceQuality, pair: SourceQuality, sentence: SourceQuality, model: SourceQuality }),
  total: SourceQuality,
})
export type AnswerQuality = Static<typeof AnswerQuality>

/** GET /api/answer-quality?questionnaireId= */
export const AnswerQualityQuery = Type.Object({ questionnaireId: Type.Optional(Type.String({ maxLength: 64 })) })
export const AnswerQualityReply = dataReply(AnswerQuality)
export type AnswerQualityReply = Static<typeof AnswerQualityReply>
