// Sending a questionnaire and following it: save (a file, or a template's questions), the paged
// list, one outbound with its questions, delete, the sent file, the link's revocation and a new
// link, and the recipient's submit.
import { AUDIT, recordAudit } from '@portal/audit'
import {
  events,
  isUuid,
  OutboundDetailReply,
  OutboundIdParams,
  OutboundListReply,
  OutboundSaveFields,
  outboundSaveMessages,
  OutboundSaveReply,
  OutboundText,
  LinkReply,
  outboundErrors,
  fileReply,
  MessageReply,
  QUESTIONNAIRE_MEDIA_TYPES,
  ResendBody,
  resendMessages,
  PageQuery,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, checkFormFields, paged, principalOf, requireVerified, uploadValidatorCompiler } from '@portal/http'
import { cleanHeader, isValidEmail } from '@portal/mail'
import { contentDisposition, tenantKey } from '@portal/storage'
import { actorOf, assertOpen, assertSendable, CHECK_TEMPLATE_BEFORE_SENDING, outboundFor } from '../access.js'
import { listAttachments } from '../db/attachments.repo.js'
import { collaboratorsOf } from '../db/collaborators.repo.js'
import { replaceFileQuestions } from '../db/files.repo.js'
import { recipientLinks, revokeLinks } from '../db/links.repo.js'
import { deleteOutbound, insertOutbound, listOutbounds, outboundQuestions, type OutboundRow, submitOutbound } from '../db/outbounds.repo.js'
import { findTemplate, type NewStoredFile, questionsForOutbound, templateQuestions } from '../db/templates.repo.js'
import type { OutboundDeps } from '../deps.js'
import { deliver, expiryIn, issueLink, linkDays, reviewUrl, spendMailBudget } from '../links.js'
import { completedMail, questionnaireMail } from '../domain/mails.js'
import { keepUpload } from '../keep-upload.js'
import { readUpload, storedFileOf } from '../uploads.js'
import { BUCKETS, messageOut, questionOut, summaryOut } from '../domain/dto.js'
import { queueExtraction } from '../jobs/extract-outbound.js'

const tags = ['outbound']
/** The trust center's public logo path (its dto.ts logoPath). */
const LOGO_PATH = /^\/api\/logo\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/

export function outboundRoutes(app: AppInstance, deps: OutboundDeps): void {
  const { db, blobs } = deps

  /** The summary of one outbound, with its collaborators and the recipient's link. */
  const summaryOf = async (tenantId: string, o: OutboundRow) => {
    const [collaborators, links] = await Promise.all([collaboratorsOf(db, tenantId, [o.id]), recipientLinks(db, tenantId, [o])])
    return summaryOut(o, collaborators.get(o.id) ?? [], links.get(o.id))
  }

  app.post(
    '/outbound/save',
    {
      preHandler: requireVerified,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `multipart: ${Object.keys(OutboundSaveFields.properties).join(', ')}; the file (files) or templateId`,
        body: OutboundSaveFields,
        response: { 201: OutboundSaveReply, ...outboundErrors('staff', 404, 409, 413, 415, 429) },
      },
      // readUpload reads the streamed parts, then the text fields are checked against the form.
      validatorCompiler: uploadValidatorCompiler,
    },
    async (req, reply) => {
      const me = principalOf(req)
      const upload = await readUpload(req, 'questionnaire', { fileOptional: true })
      try {
        const f = upload.fields
        checkFormFields(OutboundSaveFields, f, outboundSaveMessages)
        const clientName = (f['clientName'] ?? '').trim().slice(0, 200)
        // One line of plain text (it reaches a mail subject and the recipient's page, never as HTML).
        const senderCompany = cleanHeader(f['companyName'] ?? '')
          .trim()
          .slice(0, 120)
        // Only the trust center's public logo path: nothing else reaches the recipient's <img>.
        const senderLogo = LOGO_PATH.test(f['companyLogo'] ?? '') ? f['companyLogo']! : null
        const email = (f['email'] ?? '').trim()
        if (!clientName) throw new AppError('INVALID_REQUEST', { message: OutboundText.clientNameRequired })
        if (!email) throw new AppError('INVALID_REQUEST', { message: OutboundText.emailRequired })
        if (!isValidEmail(email)) throw new AppError('INVALID_REQUEST', { message: OutboundText.invalidEmail })
        const templateId = (f['templateId'] ?? '').trim()
        if (!upload.file && !templateId) throw new AppError('INVALID_REQUEST', { message: OutboundText.fileOrTemplate })
        const days = linkDays(f['expiresInDays'])
        // A picked file wins over a template (the form clears one when the other is chosen).
        // An id that is no UUID names nothing; a database that fails is a 503 like everywhere else.
        const template = upload.file || !isUuid(templateId) ? undefined : await findTemplate(db, me.tenantId, templateId)
        if (!upload.file && !template) throw new AppError('NOT_FOUND', { message: 'Template not found' })
        if (template && template.state !== 'ready')
          throw new AppError('CONFLICT', {
            message:
              template.state === 'failed'
                ? `This template could not be read: ${template.error ?? 'upload it again'}`
                : template.state === 'check'
                  ? CHECK_TEMPLATE_BEFORE_SENDING
                  : "The template's questions are still being read; try again in a moment",
          })
        await spendMailBudget(deps, me.tenantId)

        const insert = (file: NewStoredFile) =>
          insertOutbound(db, me.tenantId, {
            ...file,
            dbName: me.dbName,
            clientName,
            email,
            templateId: template?.id ?? null,
            createdBy: me.userId,
            senderName: me.name ?? '',
            senderEmail: me.email ?? '',
            senderCompany,
            senderLogo,
            state: template ? 'ready' : 'queued',
          })
        const sentFile = upload.file
        let id: string
        if (sentFile) {
          id = await keepUpload(deps, req.log, me, sentFile, BUCKETS.questionnaires, (blobKey) => insert({ ...storedFileOf(sentFile), blobKey }))
        } else {
          // Its own copy of the file: deleting the template later leaves what was sent intact.
          const t = template!
          const blobKey = tenantKey(me.tenantId, BUCKETS.questionnaires)
          await blobs.putStream(blobKey, await blobs.get(t.blobKey), { size: Number(t.fileSize), contentType: t.mimeType })
          id = await insert({ fileName: t.fileName, fileSize: Number(t.fileSize), mimeType: t.mimeType, format: t.format, blobKey })
        }
        if (template) {
          await replaceFileQuestions(db, me.tenantId, 'outbound', id, questionsForOutbound(await templateQuestions(db, me.tenantId, template.id)))
        } else {
          // A queue that is down leaves the row queued: the sweep queues it again (module.ts).
          await queueExtraction(deps.queue, me.tenantId, 'outbound', id).catch((err: unknown) => req.log.warn({ err }, 'extraction not queued; the sweep will'))
        }
        const link = await issueLink(deps, me.tenantId, id, email, expiryIn(days))
        const sender = senderOf(me.name, me.email)
        const sent = await deliver(deps, email, questionnaireMail({ sender, company: senderCompany, clientName, url: link.url, expiresAt: link.expiresAt }))
        await recordAudit(db, req, { action: AUDIT.outboundSent, target: `${clientName} <${email}>${sent ? '' : ' (email not delivered)'}` })
        return reply.code(201).send({
          status: true,
          message: sent ? 'Outbound sent successfully' : 'The questionnaire was saved, but the email could not be sent: use Resend',
          data: { outboundId: id },
        })
      } finally {
        await upload.discard()
      }
    },
  )

  app.get('/outbound/list', { schema: { tags, querystring: PageQuery, response: { 200: OutboundListReply, ...outboundErrors('staff') } } }, async (req) => {
    const me = principalOf(req)
    const page = req.query.page ?? 1
    const pageSize = req.query.pageSize ?? 10
    const { rows, total } = await listOutbounds(db, me.tenantId, page, pageSize)
    const [collaborators, links] = await Promise.all([
      collaboratorsOf(
        db,
        me.tenantId,
        rows.map((r) => r.id),
      ),
      recipientLinks(db, me.tenantId, rows),
    ])
    return paged(
      rows.map((o) => summaryOut(o, collaborators.get(o.id) ?? [], links.get(o.id))),
      total,
      page,
      pageSize,
    )
  })

  app.get(
    '/outbound/:id',
    { config: { inbound: true }, schema: { tags, params: OutboundIdParams, response: { 200: OutboundDetailReply, ...outboundErrors('inbound', 404) } } },
    async (req) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.params.id)
      const [summary, questions, attachments] = await Promise.all([
        summaryOf(me.tenantId, o),
        outboundQuestions(db, me.tenantId, o.id),
        listAttachments(db, me.tenantId, o.id),
      ])
      return {
        status: true,
        data: {
          ...summary,
          outboundId: o.id,
          dbName: o.dbName,
          company: o.senderCompany,
          sender: senderOf(o.senderName, o.senderEmail),
          logo: o.senderLogo,
          questionnairesBucket: BUCKETS.questionnaires,
          // The recipient sees no questions while their columns wait for a check (they may be read wrong).
          file: {
            fileName: o.fileName,
            questions: me.inboundUser && o.state === 'check' ? [] : questions.map((q) => questionOut(q, attachments)),
          },
          readOnly: o.status,
        },
      }
    },
  )

  app.delete('/outbound/:id', { schema: { tags, params: OutboundIdParams, response: { 200: MessageReply, ...outboundErrors('staff', 404) } } }, async (req) => {
    const me = principalOf(req)
    const o = await outboundFor(deps, me, req.params.id)
    const keys = (await deleteOutbound(db, me.tenantId, o.id)) ?? []
    // The rows are gone first: a blob left by a failed delete is unreachable, never a dangling row.
    for (const key of keys) await blobs.delete(key).catch((err: unknown) => req.log.warn({ err }, 'outbound blob not deleted'))
    return messageOut('Outbound deleted successfully')
  })

  app.get(
    '/outbound/:id/download',
    {
      schema: {
        tags,
        params: OutboundIdParams,
        response: { 200: fileReply(QUESTIONNAIRE_MEDIA_TYPES, 'the file as sent'), ...outboundErrors('staff', 404) },
      },
    },
    async (req, reply) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.params.id)
      return reply
        .type(o.mimeType)
        .header('Content-Disposition', contentDisposition(o.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(await blobs.get(o.blobKey))
    },
  )

  app.post(
    '/outbound/:id/revoke',
    { schema: { tags, params: OutboundIdParams, response: { 200: LinkReply, ...outboundErrors('staff', 404) } } },
    async (req) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.params.id)
      await revokeLinks(db, me.tenantId, o.id)
      return { status: true, message: 'The link no longer works', data: (await summaryOf(me.tenantId, o)).link }
    },
  )

  app.post(
    '/outbound/:id/resend',
    {
      preHandler: requireVerified,
      config: { fieldMessages: resendMessages },
      schema: { tags, params: OutboundIdParams, body: ResendBody, response: { 200: LinkReply, ...outboundErrors('staff', 404, 409, 429) } },
    },
    async (req) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.params.id)
      assertOpen(o)
      assertSendable(o)
      await spendMailBudget(deps, me.tenantId)
      await revokeLinks(db, me.tenantId, o.id, o.email)
      const link = await issueLink(deps, me.tenantId, o.id, o.email, expiryIn(linkDays(req.body?.expiresInDays)))
      const sent = await deliver(
        deps,
        o.email,
        questionnaireMail({
          sender: senderOf(me.name, me.email),
          company: o.senderCompany,
          clientName: o.clientName,
          url: link.url,
          expiresAt: link.expiresAt,
        }),
      )
      await recordAudit(db, req, { action: AUDIT.outboundSent, target: `${o.clientName} <${o.email}> (resent)${sent ? '' : ' (email not delivered)'}` })
      return {
        status: true,
        message: sent ? 'A new link was sent' : 'A new link was made, but the email could not be sent',
        data: (await summaryOf(me.tenantId, o)).link,
      }
    },
  )

  app.post(
    '/outbound/:id/submit',
    {
      config: { inbound: true },
      schema: { tags, params: OutboundIdParams, response: { 200: MessageReply, ...outboundErrors('inbound', 404, 409) } },
    },
    async (req) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.params.id)
      assertOpen(o)
      if (!(await submitOutbound(db, me.tenantId, o.id))) assertOpen({ status: true })
      await deps.bus.publish(events.outboundCompleted(me.tenantId), { outboundId: o.id, by: actorOf(me).label }).catch(() => undefined)
      // Notices after the fact: a limit reached or a mail server down does not undo the submit.
      const collaborators = (await collaboratorsOf(db, me.tenantId, [o.id])).get(o.id) ?? []
      const notices: [string, ReturnType<typeof completedMail>][] = [
        ...(o.senderEmail
          ? [[o.senderEmail, completedMail({ clientName: o.clientName, url: reviewUrl(deps, o.id) })] as [string, ReturnType<typeof completedMail>]]
          : []),
        ...collaborators.map((c) => [c, completedMail({ clientName: o.clientName })] as [string, ReturnType<typeof completedMail>]),
      ]
      for (const [to, mail] of notices) {
        const allowed = await spendMailBudget(deps, me.tenantId).then(
          () => true,
          () => false,
        )
        if (allowed) await deliver(deps, to, mail)
      }
      return messageOut('Thank you: your answers were submitted')
    },
  )
}

/** "Ada Lovelace (ada@acme.example)", or whichever part is known. */
export const senderOf = (name: string | undefined, email: string | undefined) => (name && email ? `${name} (${email})` : name || email || 'A company')
