// How far a questionnaire is (questionnaire service): the API contract's review counts
// (countOfApproved, countOfReview, total), plus answered / drafted / empty so no screen calls an empty draft "answered".
import { type Static, Type } from 'typebox'

const Count = Type.Integer({ minimum: 0 })

/** GET /api/questionnaires/count/:questionnaireId. */
export const QuestionnaireCountsReply = Type.Object({
  status: Type.Boolean(),
  /** Approved answers (llmstatus). */
  countOfApproved: Count,
  /** Neither approved nor reviewed (spec §4); empty answers included. */
  countOfReview: Count,
  total: Count,
  /** Questions with a non-empty answer, drafted or written by a person, approved or not. */
  answered: Count,
  /** Questions the drafting job has been through, whether it found an answer or not. */
  drafted: Count,
  /** Questions without an answer (total − answered). */
  empty: Count,
})
export type QuestionnaireCountsReply = Static<typeof QuestionnaireCountsReply>
