// Drafts and their review (issue 25), one way everywhere: who drafted an answer in words, the review
// counts every screen shows (dashboard, client drawer, review header, the list's filters), and the
// bulk approval with its undo. Server and console both use these, so their words and sums agree.
import { type Static, Type } from 'typebox'
import { AnswerVersion } from './answer-conflict.js'
import { QuestionnaireId } from './questionnaire-common.js'

export * from './drafts-text.js'

const Count = Type.Integer({ minimum: 0 })

/**
 * A questionnaire's review counts. Every question is exactly one of approved, needsReview (has an
 * answer, a draft or a person's text, not approved) and empty (no answer, not approved):
 * approved + needsReview + empty = total. flagged: needing review with a warning (a reason);
 * drafted: with a drafter's answer, approved or not; bySource: those drafts per drafter.
 */
export const ReviewCounts = Type.Object({
  total: Count,
  approved: Count,
  needsReview: Count,
  flagged: Count,
  empty: Count,
  drafted: Count,
  bySource: Type.Object({ library: Count, pair: Count, documents: Count, model: Count }),
  /** The model that wrote the model's drafts ('' when none did). */
  model: Type.String(),
})
export type ReviewCounts = Static<typeof ReviewCounts>

/** POST /api/questionnaires/answer/approve-bulk: the questions to approve, each with the version the reviewer saw. */
export const BulkApproveBody = Type.Object(
  {
    questions: Type.Array(Type.Object({ questionId: QuestionnaireId, version: AnswerVersion }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 2000,
    }),
  },
  { additionalProperties: false },
)
export type BulkApproveBody = Static<typeof BulkApproveBody>

/** A question's approval before a bulk change, and the version the change gave it (for the undo). */
export const ApprovalState = Type.Object(
  { questionId: QuestionnaireId, llmstatus: Type.Boolean(), reviewstatus: Type.Boolean(), version: AnswerVersion },
  { additionalProperties: false },
)
export type ApprovalState = Static<typeof ApprovalState>

/** POST /api/questionnaires/answer/approve-bulk/undo: restores exactly these questions (refused, 409, when one changed since). */
export const BulkUndoBody = Type.Object({ previous: Type.Array(ApprovalState, { minItems: 1, maxItems: 2000 }) }, { additionalProperties: false })
export type BulkUndoBody = Static<typeof BulkUndoBody>

/** Both bulk routes: how many changed, and the states to send back to undo it. */
export const BulkApprovalReply = Type.Object({
  status: Type.Boolean(),
  message: Type.Optional(Type.String()),
  data: Type.Object({ changed: Count, previous: Type.Array(ApprovalState) }),
})
export type BulkApprovalReply = Static<typeof BulkApprovalReply>
