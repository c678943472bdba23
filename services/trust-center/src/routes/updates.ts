// Visitors' update subscriptions and the public changelog of a published trust center
// (/api/trust-center/updates/*). A token answers only on the host of its own trust center: any
// other tenant's host, a used or unknown token all answer the same 404.
import {
  errorReplies,
  subscribeMessages,
  TrustChangelogReply,
  TrustSubscribeBody,
  MessageReply,
  TrustUpdateTokenBody,
  updateTokenMessages,
  SpecText,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import type { FastifyRequest } from 'fastify'
import { confirmedWith, confirmSubscriber, listChanges, unsubscribe } from '../db/updates.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { hashPermissionToken as hashToken, PERMISSION_TOKEN } from '../domain/permission-token.js'
import { invalid, REQUIRED } from '../domain/text.js'
import { iso } from '../domain/dto.js'
import { subscribe } from '../updates.js'

export const CHANGELOG_LENGTH = 50

export const changeOut = (r: { id: string; kind: 'document' | 'compliance'; action: 'added' | 'updated' | 'removed'; title: string; createdAt: Date }) => ({
  _id: r.id,
  date: iso(r.createdAt)!,
  kind: r.kind,
  action: r.action,
  title: r.title,
})

const ALREADY_SUBSCRIBED = 'You are already subscribed. We will email you when this trust center changes.'
const SUBSCRIBED = 'Thank you. Please check your inbox and follow the link we sent to confirm your subscription.'

export function updateRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites } = deps
  const tags = ['trust-center']
  const gone = (message: string) => new AppError('NOT_FOUND', { message })
  // Per address within a tenant, on top of the route's per-client limit: the key is set by the handler.
  const emailKeys = new WeakMap<FastifyRequest, string>()
  const perEmail = app.createRateLimit({ max: 3, timeWindow: '1 hour', keyGenerator: (req) => emailKeys.get(req) ?? 'unknown' })

  const tokenOf = (body: { token: string }) => {
    const token = body.token.trim()
    if (!token) throw invalid('token', REQUIRED)
    if (!PERMISSION_TOKEN.test(token)) throw invalid('token', 'Invalid link')
    return token
  }

  app.post(
    '/trust-center/updates/subscribe',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' }, fieldMessages: subscribeMessages },
      schema: { tags, body: TrustSubscribeBody, response: { 202: MessageReply, ...errorReplies(400, 404, 413, 415, 429) } },
    },
    async (req, reply) => {
      const site = await sites.forPublic(req)
      const email = req.body.email.trim().toLowerCase()
      if (!email) throw invalid('email', REQUIRED)
      if (!isValidEmail(email)) throw invalid('email', SpecText.invalidEmail)
      emailKeys.set(req, `updates:${site.tenantId}:${email}`)
      const limit = await perEmail(req)
      if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, limit.ttlInSeconds) })
      await subscribe(deps, site, email)
      return reply.status(202).send({ status: true, message: SUBSCRIBED })
    },
  )

  app.post(
    '/trust-center/updates/confirm',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, fieldMessages: updateTokenMessages },
      schema: { tags, body: TrustUpdateTokenBody, response: { 200: MessageReply, ...errorReplies(400, 404, 413, 415, 429) } },
    },
    async (req) => {
      const token = tokenOf(req.body)
      const site = await sites.forPublic(req)
      const hash = hashToken(token)
      if (!(await confirmSubscriber(db, site.tenantId, hash, deps.now()))) {
        // A link followed again (a second click, a mail scanner first): the person is subscribed.
        if (await confirmedWith(db, site.tenantId, hash)) return { status: true, message: ALREADY_SUBSCRIBED }
        throw gone('This confirmation link is no longer valid')
      }
      return { status: true, message: 'Your subscription is confirmed. We will email you when this trust center changes.' }
    },
  )

  app.post(
    '/trust-center/updates/unsubscribe',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, fieldMessages: updateTokenMessages },
      schema: { tags, body: TrustUpdateTokenBody, response: { 200: MessageReply, ...errorReplies(400, 404, 413, 415, 429) } },
    },
    async (req) => {
      const token = tokenOf(req.body)
      const site = await sites.forPublic(req)
      if (!(await unsubscribe(db, site.tenantId, hashToken(token)))) throw gone('This unsubscribe link is no longer valid')
      return { status: true, message: 'You are unsubscribed: you will receive no more emails about this trust center.' }
    },
  )

  app.get('/trust-center/updates/changelog', { schema: { tags, response: { 200: TrustChangelogReply, ...errorReplies(400, 404) } } }, async (req, reply) => {
    const site = await sites.forPublic(req)
    reply.header('Cache-Control', 'public, max-age=0, must-revalidate').header('Vary', 'DbName')
    return { status: true, data: (await listChanges(db, site.tenantId, CHANGELOG_LENGTH)).map(changeOut) }
  })
}
