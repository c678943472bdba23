// Collaborators: more addresses invited to answer the same outbound, each with its own emailed link.
// Removing one revokes its link.
import {
  CollaboratorBody,
  CollaboratorsQuery,
  CollaboratorsReply,
  collaboratorMessages,
  collaboratorsQueryMessages,
  OutboundText,
  outboundErrors,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireVerified } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { assertOpen, assertSendable, outboundFor } from '../access.js'
import { addCollaborator, collaboratorsOf, removeCollaborator } from '../db/collaborators.repo.js'
import { recipientLinks, revokeLinks } from '../db/links.repo.js'
import type { OutboundDeps } from '../deps.js'
import { deliver, expiryIn, issueLink, spendMailBudget } from '../links.js'
import { collaboratorMail } from '../domain/mails.js'
import { DEFAULT_LINK_DAYS } from '../domain/capability.js'
import { senderOf } from './outbounds.js'

const tags = ['outbound']

export function collaboratorRoutes(app: AppInstance, deps: OutboundDeps): void {
  const { db } = deps
  const listOf = async (tenantId: string, outboundId: string) => (await collaboratorsOf(db, tenantId, [outboundId])).get(outboundId) ?? []
  /** Not blank (the schema's rule, with the spec's message); a valid address, compared in lower case. */
  const emailOf = (raw: string) => {
    const email = raw.trim().toLowerCase()
    if (!isValidEmail(email)) throw new AppError('INVALID_REQUEST', { message: OutboundText.invalidEmail })
    return email
  }

  app.get(
    '/outbound/collaborators',
    {
      config: { fieldMessages: collaboratorsQueryMessages },
      schema: { tags, querystring: CollaboratorsQuery, response: { 200: CollaboratorsReply, ...outboundErrors('staff', 404) } },
    },
    async (req) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.query.outboundId)
      return { status: true, data: await listOf(me.tenantId, o.id) }
    },
  )

  app.post(
    '/outbound/collaborator/add',
    {
      preHandler: requireVerified,
      config: { fieldMessages: collaboratorMessages },
      schema: { tags, body: CollaboratorBody, response: { 200: CollaboratorsReply, ...outboundErrors('staff', 404, 409, 429) } },
    },
    async (req) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.body.outboundId)
      const email = emailOf(req.body.collaboratorEmail)
      assertOpen(o)
      assertSendable(o)
      if (email === o.email.toLowerCase() || (await listOf(me.tenantId, o.id)).includes(email))
        throw new AppError('CONFLICT', { message: OutboundText.emailExists })
      await spendMailBudget(deps, me.tenantId)
      if (!(await addCollaborator(db, me.tenantId, o.id, email))) throw new AppError('CONFLICT', { message: OutboundText.emailExists })
      // The collaborator's link lasts as long as the recipient's.
      const recipient = (await recipientLinks(db, me.tenantId, [o])).get(o.id)
      const expiresAt = recipient && !recipient.revokedAt && recipient.expiresAt.getTime() > Date.now() ? recipient.expiresAt : expiryIn(DEFAULT_LINK_DAYS)
      const link = await issueLink(deps, me.tenantId, o.id, email, expiresAt)
      const sent = await deliver(
        deps,
        email,
        collaboratorMail({ sender: senderOf(me.name, me.email), company: o.senderCompany, clientName: o.clientName, url: link.url, expiresAt }),
      )
      return {
        status: true,
        message: sent ? 'Collaborator added' : 'Collaborator added, but the email could not be sent',
        data: await listOf(me.tenantId, o.id),
      }
    },
  )

  app.delete(
    '/outbound/collaborator/remove',
    {
      config: { fieldMessages: collaboratorMessages },
      schema: { tags, body: CollaboratorBody, response: { 200: CollaboratorsReply, ...outboundErrors('staff', 404) } },
    },
    async (req) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.body.outboundId)
      const email = emailOf(req.body.collaboratorEmail)
      if (!(await removeCollaborator(db, me.tenantId, o.id, email))) throw new AppError('NOT_FOUND', { message: 'Collaborator not found' })
      await revokeLinks(db, me.tenantId, o.id, email)
      return { status: true, message: 'Collaborator removed', data: await listOf(me.tenantId, o.id) }
    },
  )
}
