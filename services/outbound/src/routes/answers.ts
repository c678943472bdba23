// What staff and the recipient do on a question: the answer, attachments (checked by content,
// streamed to storage) and the comment thread. The recipient's session reaches these for its own
// outbound only (access.ts); after a submit, answers and attachments answer 409.
import {
  AnswerConflictReply,
  ATTACHMENT_MEDIA_TYPES,
  events,
  InboundAttachmentFileBody,
  inboundAttachmentFileMessages,
  isUuid,
  OutboundAnswerBody,
  OutboundAnswerReply,
  OutboundAttachmentBody,
  OutboundAttachmentForm,
  OutboundAttachmentReply,
  outboundAnswerMessages,
  outboundAttachmentMessages,
  OutboundCommentBody,
  OutboundCommentListReply,
  OutboundCommentQuery,
  OutboundCommentReply,
  outboundCommentAddMessages,
  outboundCommentListMessages,
  outboundErrors,
  fileReply,
  MessageReply,
  OutboundText,
} from '@portal/contracts'
import type { Principal } from '@portal/auth'
import { AppError } from '@portal/errors'
import { type AppInstance, answerConflict, checkFormFields, principalOf, uploadValidatorCompiler } from '@portal/http'
import { contentDisposition } from '@portal/storage'
import type { FastifyReply } from 'fastify'
import { actorOf, alreadySubmitted, assertAnswerable, assertOpen, inboundIdsMessage, notFound, outboundFor } from '../access.js'
import { attachmentsHeld, deleteAttachment, findAttachment, insertAttachment } from '../db/attachments.repo.js'
import { insertComment, listComments } from '../db/comments.repo.js'
import { answerQuestion, findOutbound, findQuestion } from '../db/outbounds.repo.js'
import type { OutboundDeps } from '../deps.js'
import { keepUpload } from '../keep-upload.js'
import { readUpload } from '../uploads.js'
import { attachmentOut, BUCKETS, messageOut, questionOut } from '../domain/dto.js'

const tags = ['outbound']
type AttachmentIds = { outboundId: string; questionId?: string | undefined; attachmentId?: string | undefined }
const inbound = { inbound: true }
/** The recipient's words for a missing id, before the spec-messages preHandler (access.ts). */
const idsWords = inboundIdsMessage('outboundId', 'questionId', 'attachmentId')
const attachmentDownload = fileReply(ATTACHMENT_MEDIA_TYPES, 'the attachment, always as a download (Content-Disposition: attachment, a sandboxing CSP)')

export function answerRoutes(app: AppInstance, deps: OutboundDeps): void {
  const { db, blobs } = deps
  /** What one outbound's attachments may add up to (OUTBOUND_ATTACHMENT_FILES, OUTBOUND_ATTACHMENT_MB). */
  const cap = deps.config.attachmentCap
  const attachmentsFull = () =>
    new AppError('QUOTA_EXCEEDED', {
      message: `This questionnaire holds as many attachments as it may (${cap.files} files, ${Math.round(cap.bytes / 1024 / 1024)} MB in all). Delete one to attach another.`,
    })
  const idsMissing = (me: Principal) => (me.inboundUser ? OutboundText.inboundIdsMissing : OutboundText.idsMissing)

  /** The outbound and its question, as this principal may see them. */
  const questionOf = async (me: Principal, outboundId: string, questionId: string) => {
    const outbound = await outboundFor(deps, me, outboundId)
    const question = isUuid(questionId) ? await findQuestion(db, me.tenantId, outbound.id, questionId) : undefined
    if (!question) throw new AppError('NOT_FOUND', { message: 'Question not found' })
    return { outbound, question }
  }

  // A save naming the version it edited is refused (409, the answer as it is now) when a collaborator saved first.
  app.put(
    '/outbound/answer',
    {
      config: { ...inbound, fieldMessages: outboundAnswerMessages },
      preHandler: idsWords,
      schema: {
        tags,
        body: OutboundAnswerBody,
        response: { 200: OutboundAnswerReply, ...outboundErrors('inbound', 404), 409: AnswerConflictReply },
      },
    },
    async (req) => {
      const me = principalOf(req)
      const { outboundId, questionId, version } = req.body
      const answer = req.body.answer.trim()
      const { outbound } = await questionOf(me, outboundId, questionId)
      assertOpen(outbound)
      assertAnswerable(outbound)
      const saved = await answerQuestion(db, me.tenantId, outbound.id, questionId, answer, actorOf(me).label, version)
      if (!saved) {
        // Submitted between the two reads, or someone saved since the version named.
        const after = await findOutbound(db, me.tenantId, outbound.id)
        if (after) assertOpen(after)
        const now = await findQuestion(db, me.tenantId, outbound.id, questionId)
        if (!now) throw new AppError('NOT_FOUND', { message: 'Question not found' })
        throw answerConflict({
          _id: now.id,
          answer: now.answer,
          choiceValue: null,
          version: now.version,
          savedBy: now.answeredBy ?? '',
          savedAt: now.answeredAt?.toISOString() ?? '',
        })
      }
      const counts = await findOutbound(db, me.tenantId, outbound.id)
      await deps.bus
        .publish(events.outboundAnswered(me.tenantId), {
          outboundId: outbound.id,
          questionId,
          answered: Number(counts?.answered ?? 0),
          total: Number(counts?.total ?? 0),
        })
        .catch((err: unknown) => req.log.warn({ err }, 'answered event not published'))
      return { status: true, message: 'Answer saved', data: questionOut(saved) }
    },
  )

  app.put(
    '/outbound/attachment',
    {
      config: inbound,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart: outboundId, questionId, then the file (file)',
        body: OutboundAttachmentForm,
        response: { 200: OutboundAttachmentReply, ...outboundErrors('inbound', 404, 409, 413, 415, 422, 429) },
      },
      // readUpload reads the streamed parts (the file's size and content), then the ids are checked.
      validatorCompiler: uploadValidatorCompiler,
    },
    async (req) => {
      const me = principalOf(req)
      const upload = await readUpload(req, 'attachment')
      try {
        const ids = { missing: idsMissing(me) }
        checkFormFields(OutboundAttachmentForm, upload.fields, { outboundId: ids, questionId: ids })
        const { outbound, question } = await questionOf(me, upload.fields['outboundId'] as string, upload.fields['questionId'] as string)
        assertOpen(outbound)
        assertAnswerable(outbound)
        const file = upload.file!
        // Refused before the scan and the store when it cannot fit; checked again under the outbound's lock.
        const held = await attachmentsHeld(db, me.tenantId, outbound.id)
        if (held.files + 1 > cap.files || held.bytes + file.spooled.size > cap.bytes) throw attachmentsFull()
        // Scanned while still a temporary file: nothing reaches storage unscanned (security.md B26).
        const verdict = await deps.scanner.scan(file.spooled.path)
        if (!verdict.clean) {
          req.log.warn({ outboundId: outbound.id, signature: verdict.signature, inbound: me.inboundUser }, 'security: attachment refused by the virus scan')
          throw new AppError('UNPROCESSABLE', { message: `The file was refused: the virus scan found ${verdict.signature}` })
        }
        const row = await keepUpload(deps, req.log, me, file, BUCKETS.attachments, async (blobKey) => {
          const added = await insertAttachment(
            db,
            me.tenantId,
            { outboundId: outbound.id, questionId: question.id, fileName: file.fileName, size: file.spooled.size, mimeType: file.mimeType, blobKey },
            cap,
          )
          if (added === 'gone') throw notFound() // deleted meanwhile
          if (added === 'submitted') throw alreadySubmitted() // submitted since it was read
          if (added === 'full') throw attachmentsFull()
          return added
        })
        return { status: true, message: 'Attachment added', data: { insertedAttachment: attachmentOut(row) } }
      } finally {
        await upload.discard()
      }
    },
  )

  const attachmentOf = async (me: Principal, ids: AttachmentIds) => {
    // The schema requires both but for the file-host names, where the attachment is `fileId` or `attachmentId`.
    if (!ids.attachmentId) throw new AppError('INVALID_REQUEST', { message: idsMissing(me) })
    const outbound = await outboundFor(deps, me, ids.outboundId)
    // Another outbound's (or tenant's) attachment id names nothing here: 404 (security.md B26).
    const attachment =
      isUuid(ids.attachmentId) && (!ids.questionId || isUuid(ids.questionId))
        ? await findAttachment(db, me.tenantId, { outboundId: outbound.id, questionId: ids.questionId, attachmentId: ids.attachmentId })
        : undefined
    if (!attachment) throw new AppError('NOT_FOUND', { message: 'Attachment not found' })
    return { outbound, attachment }
  }

  const download = async (me: Principal, ids: AttachmentIds, reply: FastifyReply) => {
    const { attachment } = await attachmentOf(me, ids)
    // Always a download, never rendered by the browser (an image or a PDF from an outsider).
    return reply
      .type(attachment.mimeType)
      .header('Content-Disposition', contentDisposition(attachment.fileName))
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(await blobs.get(attachment.blobKey))
  }
  const remove = async (me: Principal, ids: AttachmentIds) => {
    const { outbound, attachment } = await attachmentOf(me, ids)
    assertOpen(outbound)
    const key = await deleteAttachment(db, me.tenantId, outbound.id, attachment.id)
    if (key) await blobs.delete(key).catch(() => undefined)
    return messageOut('Attachment deleted')
  }

  const attachmentConfig = { ...inbound, fieldMessages: outboundAttachmentMessages }
  app.delete(
    '/outbound/attachment',
    {
      config: attachmentConfig,
      preHandler: idsWords,
      schema: { tags, body: OutboundAttachmentBody, response: { 200: MessageReply, ...outboundErrors('inbound', 404, 409) } },
    },
    async (req) => remove(principalOf(req), req.body),
  )
  app.post(
    '/outbound/attachment/download',
    {
      config: attachmentConfig,
      preHandler: idsWords,
      schema: { tags, body: OutboundAttachmentBody, response: { 200: attachmentDownload, ...outboundErrors('inbound', 404) } },
    },
    async (req, reply) => download(principalOf(req), req.body, reply),
  )
  // The spec's file-host names for the same calls (`fileId` is the attachment's id).
  const fileIds = (b: InboundAttachmentFileBody) => ({ outboundId: b.outboundId, questionId: b.questionId, attachmentId: b.attachmentId ?? b.fileId })
  const fileConfig = { ...inbound, fieldMessages: inboundAttachmentFileMessages }
  app.post(
    '/fs/download-inbound-attachments',
    {
      config: fileConfig,
      preHandler: idsWords,
      schema: { tags, body: InboundAttachmentFileBody, response: { 200: attachmentDownload, ...outboundErrors('inbound', 404) } },
    },
    async (req, reply) => download(principalOf(req), fileIds(req.body), reply),
  )
  app.post(
    '/fs/delete-inbound-attachments',
    {
      config: fileConfig,
      preHandler: idsWords,
      schema: { tags, body: InboundAttachmentFileBody, response: { 200: MessageReply, ...outboundErrors('inbound', 404, 409) } },
    },
    async (req) => remove(principalOf(req), fileIds(req.body)),
  )

  const commentOut = (c: Awaited<ReturnType<typeof listComments>>[number]) => ({
    _id: c.id,
    comment: c.comment,
    commentType: c.commentType,
    questionId: c.questionId,
    outboundId: c.outboundId,
    user: { firstName: c.firstName, lastName: c.lastName },
    createdAt: c.createdAt.toISOString(),
  })

  app.get(
    '/outbound/comment/list',
    {
      config: { ...inbound, fieldMessages: outboundCommentListMessages },
      preHandler: inboundIdsMessage('outboundId'),
      schema: { tags, querystring: OutboundCommentQuery, response: { 200: OutboundCommentListReply, ...outboundErrors('inbound', 404) } },
    },
    async (req) => {
      const me = principalOf(req)
      const { outbound, question } = await questionOf(me, req.query.outboundId, req.query.questionId)
      return { status: true, data: (await listComments(db, me.tenantId, outbound.id, question.id)).map(commentOut) }
    },
  )

  app.post(
    '/outbound/comment/add',
    {
      config: { ...inbound, fieldMessages: outboundCommentAddMessages },
      schema: { tags, body: OutboundCommentBody, response: { 200: OutboundCommentReply, ...outboundErrors('inbound', 404, 409) } },
    },
    async (req) => {
      const me = principalOf(req)
      const comment = req.body.comment.trim()
      const { outbound, question } = await questionOf(me, req.body.outboundId, req.body.questionId)
      // The recipient's thread closes with the submit; staff may still note things.
      if (me.inboundUser) assertOpen(outbound)
      const who = actorOf(me)
      const row = await insertComment(db, me.tenantId, {
        outboundId: outbound.id,
        questionId: question.id,
        comment,
        // The type says who wrote it, whatever the client sends.
        commentType: me.inboundUser ? 'inbound' : 'outbound',
        firstName: who.firstName,
        lastName: who.lastName,
      })
      return { status: true, message: 'Comment added', data: commentOut(row) }
    },
  )
}
