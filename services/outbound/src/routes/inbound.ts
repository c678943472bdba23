// The emailed link's exchange (security.md B26): GET /api/inbound/<capability> gives the recipient
// a restricted session for that one outbound. An unknown capability answers the same 404 as any
// unknown id; a revoked or expired one 410; too many failures from one client 429.
import { InboundParams, InboundReply, OutboundText, outboundErrors } from '@portal/contracts'
import { asSystem, withTenant } from '@portal/db'
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { failedAttempts, findLinkByHash, recordFailedAttempt } from '../db/links.repo.js'
import { findOutbound } from '../db/outbounds.repo.js'
import type { OutboundDeps } from '../deps.js'
import { hashCapability, isCapabilityShaped } from '../domain/capability.js'

/** Failed exchanges allowed per client address in the window before every exchange answers 429. */
export const GUESS_LIMIT = { failures: 20, windowMs: 10 * 60_000 }
const notFound = () => new AppError('NOT_FOUND', { message: 'This link is not valid' })

export function inboundRoutes(app: AppInstance, deps: OutboundDeps): void {
  app.get(
    '/inbound/:capability',
    {
      config: { public: true },
      schema: { tags: ['outbound'], params: InboundParams, response: { 200: InboundReply, ...outboundErrors('public', 404, 410, 429) } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer')
      const clientKey = req.ip
      // A guess names no tenant: the attempts and the lookup are system work.
      const failures = await asSystem(() => failedAttempts(deps.db, clientKey, new Date(Date.now() - GUESS_LIMIT.windowMs)))
      if (failures >= GUESS_LIMIT.failures) throw new AppError('RATE_LIMITED', { retryAfter: Math.ceil(GUESS_LIMIT.windowMs / 1000) })
      const { capability } = req.params
      const link = isCapabilityShaped(capability) ? await asSystem(() => findLinkByHash(deps.db, hashCapability(capability))) : undefined
      if (!link) {
        await asSystem(() => recordFailedAttempt(deps.db, clientKey))
        throw notFound()
      }
      if (link.revokedAt || link.expiresAt.getTime() <= Date.now()) throw new AppError('LINK_EXPIRED', { message: OutboundText.linkExpired })
      const outbound = await withTenant(link.tenantId, () => findOutbound(deps.db, link.tenantId, link.outboundId))
      if (!outbound) throw notFound()
      const { token, expiresIn } = await deps.tokens.issueAccess({
        userId: link.id,
        tenantId: link.tenantId,
        dbName: outbound.dbName,
        admin: false,
        inboundUser: true,
        outboundId: outbound.id,
        // The subject is the link: revoking the link ends every session it gave (access.ts checks it on
        // every call). Each exchange is its own session, so a logout ends only that one.
        sessionId: crypto.randomUUID(),
        email: link.email,
        name: link.email,
        emailVerified: false,
      })
      return { status: true, data: { outboundId: outbound.id, dbName: outbound.dbName, token, expiresIn, email: link.email } }
    },
  )
}
