// The comments thread of a reviewed question (spec §7: /enterprise/comment/list and /add).
// Comments are plain text, stored as typed and rendered as text by the client.
import { isUuid } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, ok, principalOf } from '@portal/http'
import { addComment, findQuestion, listComments } from '@portal/questionnaire-store'
import { Type } from 'typebox'
import type { QuestionnaireDeps } from '../deps.js'

type CommentRow = Awaited<ReturnType<typeof listComments>>[number]

const commentOut = (c: CommentRow) => ({
  _id: c.id,
  comment: c.comment,
  commentType: c.commentType,
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
  const questionOf = async (tenantId: string, questionId: string | undefined, questionnairesId: string | undefined) => {
    if (!questionId) throw new AppError('INVALID_REQUEST', { message: 'Question ID is missing' })
    const q = isUuid(questionId) ? await findQuestion(store, tenantId, questionId) : undefined
    if (!q || (questionnairesId && q.fileId !== questionnairesId)) throw new AppError('NOT_FOUND', { message: 'Question not found' })
    return q
  }

  app.get('/enterprise/comment/list', {
    schema: {
      tags: ['questionnaire'],
      querystring: Type.Object({ questionId: Type.Optional(Type.String({ maxLength: 64 })), questionnairesId: Type.Optional(Type.String({ maxLength: 64 })) }),
    },
  }, async (req) => {
    const { tenantId } = principalOf(req)
    const q = await questionOf(tenantId, req.query.questionId, req.query.questionnairesId)
    return ok((await listComments(store, tenantId, q.id)).map(commentOut))
  })

  app.post('/enterprise/comment/add', {
    schema: {
      tags: ['questionnaire'],
      body: Type.Object({
        questionId: Type.Optional(Type.String({ maxLength: 64 })),
        comment: Type.Optional(Type.String({ maxLength: 5000 })),
        commentType: Type.Optional(Type.Literal('enterprise')),
        questionnairesId: Type.Optional(Type.String({ maxLength: 64 })),
      }),
    },
  }, async (req, reply) => {
    const me = principalOf(req)
    const text = req.body.comment?.trim()
    if (!text) throw new AppError('INVALID_REQUEST', { message: 'Comment field is required' })
    const q = await questionOf(me.tenantId, req.body.questionId, req.body.questionnairesId)
    const row = await addComment(store, me.tenantId, { questionId: q.id, fileId: q.fileId, comment: text, commentType: 'enterprise', userId: me.userId, ...splitName(me.name) })
    return reply.status(201).send(ok(commentOut(row), 'Comment added'))
  })
}
