// The comments thread of a reviewed question (spec §7: /enterprise/comment/list and /add).
// Comments are plain text, stored as typed and rendered as text by the client.
import {
  AddCommentBody,
  AddCommentReply,
  addCommentMessages,
  CommentListQuery,
  CommentListReply,
  commentListMessages,
  isUuid,
  type QuestionComment,
  questionnaireErrors,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { addComment, findQuestion, listComments } from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from '../deps.js'
import { okData } from '../replies.js'

type CommentRow = Awaited<ReturnType<typeof listComments>>[number]

const commentOut = (c: CommentRow): QuestionComment => ({
  _id: c.id,
  comment: c.comment,
  commentType: 'enterprise',
  questionId: c.questionId,
  questionnairesId: c.fileId,
  user: { firstName: c.firstName, lastName: c.lastName },
  createdAt: c.createdAt.toISOString(),
})

/** "Ada King Lovelace" → first "Ada", last "King Lovelace". */
export function splitName(name: string | undefined): { firstName: string; lastName: string } {
  const [first = 'Unknown', ...rest] = (name ?? '').trim().split(/\s+/).filter(Boolean)
  return { firstName: first, lastName: rest.join(' ') }
}

export function commentRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store } = deps
  /** The tenant's question, and when a questionnaire is named, only if it belongs to it. */
  const questionOf = async (tenantId: string, questionId: string, questionnairesId: string | undefined) => {
    const q = isUuid(questionId) ? await findQuestion(store, tenantId, questionId) : undefined
    if (!q || (questionnairesId && q.fileId !== questionnairesId)) throw new AppError('NOT_FOUND', { message: 'Question not found' })
    return q
  }

  app.get(
    '/enterprise/comment/list',
    {
      schema: { tags: ['questionnaire'], querystring: CommentListQuery, response: { 200: CommentListReply, ...questionnaireErrors(404) } },
      config: { fieldMessages: commentListMessages },
    },
    async (req) => {
      const { tenantId } = principalOf(req)
      const q = await questionOf(tenantId, req.query.questionId, req.query.questionnairesId)
      return okData((await listComments(store, tenantId, q.id)).map(commentOut))
    },
  )

  // A blank comment or no question id gets the spec's message (addCommentMessages).
  app.post(
    '/enterprise/comment/add',
    {
      schema: { tags: ['questionnaire'], body: AddCommentBody, response: { 201: AddCommentReply, ...questionnaireErrors(404) } },
      config: { fieldMessages: addCommentMessages },
    },
    async (req, reply) => {
      const me = principalOf(req)
      const q = await questionOf(me.tenantId, req.body.questionId, req.body.questionnairesId)
      const row = await addComment(store, me.tenantId, {
        questionId: q.id,
        fileId: q.fileId,
        comment: req.body.comment.trim(),
        commentType: 'enterprise',
        userId: me.userId,
        ...splitName(me.name),
      })
      return reply.status(201).send(okData(commentOut(row), 'Comment added'))
    },
  )
}
