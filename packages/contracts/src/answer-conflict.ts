// Saving an answer someone else saved meanwhile (issue 22), the same on the review page
// (PUT /api/questionnaires/answer) and on an outbound's (PUT /api/outbound/answer): every answer a
// client reads carries its `version`; a save that sends the version it edited is refused with 409
// and the answer as it is now when another save came first, so the client can offer a merge.
import { type Static, Type } from 'typebox'
import { ErrorReply } from './envelope.js'

/** The version an answer's save was made against (optional: a save without one replaces whatever is there). */
export const AnswerVersion = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })

export const ANSWER_CONFLICT_MESSAGE = 'Someone else saved this answer while you were editing it.'

/** The answer as it is now: what the other person saved, and when. */
export const AnswerConflict = Type.Object({
  _id: Type.String(),
  answer: Type.String(),
  /** The question's choice (outbound answers have none: null). */
  choiceValue: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
  /** Who saved it ('' when not known: a draft, or a save from before versions were kept). */
  savedBy: Type.String(),
  /** When ('' when not known). */
  savedAt: Type.String(),
})
export type AnswerConflict = Static<typeof AnswerConflict>

/** A 409 of an answer's save: the error envelope, with the answer as it is now when another save came first. */
export const AnswerConflictReply = Type.Object({ ...ErrorReply.properties, data: Type.Optional(AnswerConflict) })
export type AnswerConflictReply = Static<typeof AnswerConflictReply>
