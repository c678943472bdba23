// Who may touch which outbound. Staff: any outbound of their tenant. An inbound user (the emailed
// link's restricted session): only routes marked `config: { inbound: true }`, only its own outbound,
// and only while its link is live; after a submit, nobody writes answers.
import type { Principal } from '@portal/auth'
import { isUuid, OutboundText } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify'
import { findLink } from './db/links.repo.js'
import { findOutbound, type OutboundRow } from './db/outbounds.repo.js'
import type { OutboundDeps } from './deps.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The recipient's restricted session may call this route (for its own outbound). */
    inbound?: boolean
    /** No session at all: the link exchange. */
    public?: boolean
  }
}

export const notFound = () => new AppError('NOT_FOUND', { message: 'Outbound not found' })
export const linkExpired = () => new AppError('LINK_EXPIRED', { message: OutboundText.linkExpired })

/** The link of an inbound session (its token's subject), if it still works; 410 if not. */
export async function liveLink(deps: OutboundDeps, me: Principal) {
  const link = isUuid(me.userId) ? await findLink(deps.db, me.tenantId, me.userId) : undefined
  if (!link || link.outboundId !== me.outboundId || link.revokedAt || link.expiresAt.getTime() <= Date.now()) throw linkExpired()
  return link
}

/** The plugin's preHandler, after the session is checked (authenticateRoutes, plugin.ts): the inbound rules. */
export function guard(deps: OutboundDeps) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (req.routeOptions.config.public) return
    const me = req.principal!
    if (!me.inboundUser) return
    if (!req.routeOptions.config.inbound) throw new AppError('FORBIDDEN', { message: 'This link opens one questionnaire only' })
    await liveLink(deps, me)
  }
}

/**
 * The outbound named by a request (its schema requires the id), as this principal may see it: 403
 * for another outbound of an inbound session, 404 when unknown.
 */
export async function outboundFor(deps: OutboundDeps, me: Principal, outboundId: string): Promise<OutboundRow> {
  if (me.inboundUser && outboundId !== me.outboundId) throw new AppError('FORBIDDEN', { message: 'This link opens one questionnaire only' })
  const row = isUuid(outboundId) ? await findOutbound(deps.db, me.tenantId, outboundId) : undefined
  if (!row) throw notFound()
  return row
}

export const alreadySubmitted = () => new AppError('ALREADY_SUBMITTED', { message: OutboundText.alreadySubmitted })

/** Answers and attachments change only until the recipient submits. */
export function assertOpen(outbound: { status: boolean }): void {
  if (outbound.status) throw alreadySubmitted()
}

/** Said where a questionnaire whose columns wait for a person's check would be sent (issue 23). */
export const CHECK_BEFORE_SENDING = 'Check the columns of this questionnaire before sending it'
export const CHECK_TEMPLATE_BEFORE_SENDING = 'Check the columns of this template before sending it'
export const BEING_PREPARED = 'This questionnaire is being prepared: its questions can be answered once it is ready'

/** An outbound whose columns wait for a check is not sent (again) to anyone. */
export function assertSendable(outbound: { state: string }): void {
  if (outbound.state === 'check') throw new AppError('CONFLICT', { message: CHECK_BEFORE_SENDING })
}

/** Nobody answers questions that may have been read from the wrong columns. */
export function assertAnswerable(outbound: { state: string }): void {
  if (outbound.state === 'check') throw new AppError('CONFLICT', { message: BEING_PREPARED })
}

/** Who did it, for answers and comments: the staff member's name, or the link's address. */
export function actorOf(me: Principal): { firstName: string; lastName: string; label: string } {
  if (me.inboundUser) return { firstName: me.email ?? me.name ?? 'Recipient', lastName: '', label: me.email ?? 'recipient' }
  const [first = 'Unknown', ...rest] = (me.name ?? '').trim().split(/\s+/).filter(Boolean)
  return { firstName: first, lastName: rest.join(' '), label: me.name ?? me.userId }
}

/**
 * A route's preHandler, before the one answering its schema's refusal with the spec's words
 * (packages/http spec-messages.ts): the recipient's session is told `Question ID or Inbound ID is
 * missing` where staff read `… Outbound ID …` (the same fields, a message that depends on who asks).
 */
export function inboundIdsMessage(...fields: string[]) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!req.principal?.inboundUser) return
    const first = (req.validationError as { validation?: FastifySchemaValidationError[] } | undefined)?.validation?.[0]
    if (!first) return
    const missing = (first.params as { missingProperty?: unknown } | undefined)?.missingProperty
    // An id is missing when absent, or empty (its only other rule, minLength 1).
    const field =
      first.keyword === 'required' && typeof missing === 'string' ? missing : first.keyword === 'minLength' ? first.instancePath.slice(1) : undefined
    if (field === undefined || !fields.includes(field)) return
    throw new AppError('INVALID_REQUEST', { message: OutboundText.inboundIdsMissing, errors: [{ field, message: OutboundText.inboundIdsMissing }] })
  }
}
