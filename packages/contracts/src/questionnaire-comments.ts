// The comments thread of a reviewed question (questionnaire service; spec §7:
// /enterprise/comment/list and /enterprise/comment/add). Comments are plain text, stored as typed
// and shown as text.
import { type Static, Type } from 'typebox'
import { dataReply, type FieldMessages } from './envelope.js'
import { QuestionnaireId } from './questionnaire-common.js'
import { SpecText } from './spec-text.js'

/** Spec §5 entity "Comment" (questionnaire side). */
export const QuestionComment = Type.Object({
  _id: Type.String(),
  comment: Type.String(),
  commentType: Type.Literal('enterprise'),
  questionId: Type.String(),
  questionnairesId: Type.String(),
  user: Type.Object({ firstName: Type.String(), lastName: Type.String() }),
  createdAt: Type.String({ description: 'UTC ISO 8601' }),
})
export type QuestionComment = Static<typeof QuestionComment>

/** GET /api/enterprise/comment/list: the question's thread; with `questionnairesId`, only if the question is in it. */
export const CommentListQuery = Type.Object({ questionId: QuestionnaireId, questionnairesId: Type.Optional(QuestionnaireId) })
export type CommentListQuery = Static<typeof CommentListQuery>
export const commentListMessages: FieldMessages = { questionId: { missing: SpecText.questionIdMissing } }

export const CommentListReply = dataReply(Type.Array(QuestionComment))
export type CommentListReply = Static<typeof CommentListReply>

/** POST /api/enterprise/comment/add: the spec's payload; the comment must not be blank. */
export const AddCommentBody = Type.Object({
  questionId: QuestionnaireId,
  comment: Type.String({ maxLength: 5000, pattern: '\\S' }),
  commentType: Type.Optional(Type.Literal('enterprise')),
  questionnairesId: Type.Optional(QuestionnaireId),
})
export type AddCommentBody = Static<typeof AddCommentBody>
export const addCommentMessages: FieldMessages = { questionId: { missing: SpecText.questionIdMissing }, comment: { missing: SpecText.commentRequired } }

/** 201: the comment as stored. */
export const AddCommentReply = dataReply(QuestionComment)
export type AddCommentReply = Static<typeof AddCommentReply>
