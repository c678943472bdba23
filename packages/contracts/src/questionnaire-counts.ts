// How far a questionnaire is (questionnaire service): the API contract's review counts
// (countOfApproved, countOfReview, total), plus answered / filled / drafted / empty so no screen calls a draft "answered".
import { type Static, Type } from 'typebox'
import { ReviewCounts } from './questionnaire-drafts.js'

const Count = Type.Integer({ minimum: 0 })

/** GET /api/questionnaires/count/:questionnaireId. */
export const QuestionnaireCountsReply = Type.Object({
  status: Type.Boolean(),
  /** Approved answers (llmstatus). */
  countOfApproved: Count,
  /** Neither approved nor reviewed (spec §4); empty answers included. */
  countOfReview: Count,
  total: Count,
  /** Questions a person answered: approved, or with a text a person wrote (drafts awaiting review are not answered). */
  answered: Count,
  /** Questions with a non-empty answer, drafts included, approved or not. */
  filled: Count,
  /** Questions the drafting job has been through, whether it found an answer or not. */
  drafted: Count,
  /** Questions without an answer (total − filled). */
  empty: Count,
  /** The review counts every screen shows (questionnaire-drafts.ts). */
  review: ReviewCounts,
})
export type QuestionnaireCountsReply = Static<typeof QuestionnaireCountsReply>
