// Outgoing webhooks (issue 27), admins only: create (the signing secret is answered this once; it is
// kept encrypted to sign with), list, delete, the last delivery attempts, and replaying an event.
// A target on a loopback or private address is refused here (literal, or any address its name has
// now) and again at each delivery after DNS (webhook-post.ts).
import { lookup } from 'node:dns/promises'
import { AUDIT, recordAudit } from '@portal/audit'
import { randomToken } from '@portal/auth'
import {
  ApiIdParams,
  DeliveryParams,
  errorReplies,
  isUuid,
  MessageReply,
  ReplayReply,
  WEBHOOK_EVENTS,
  WebhookCreateBody,
  WebhookCreated,
  WebhookDeliveries,
  WebhookList,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireAdmin, requireAuth, requireVerified } from '@portal/http'
import { countWebhooks, deleteWebhook, findDelivery, findWebhook, insertWebhook, listDeliveries, listWebhooks } from '../db/webhooks.repo.js'
import type { RouteDeps } from '../deps.js'
import { isPublicAddress } from '../domain/public-address.js'
import { webhookUrlProblem } from '../domain/webhook-target.js'

/** Webhooks one company may hold at once. */
export const MAX_WEBHOOKS = 20
const invalid = (field: string, message: string) => new AppError('INVALID_REQUEST', { message, errors: [{ field, message }] })
const notFound = () => new AppError('NOT_FOUND', { message: 'Not found' })
const PRIVATE = 'Webhooks cannot target loopback or private addresses'

/** What the audit log names a webhook by: its origin, since a path or query may carry the receiver's secret. */
const originOf = (url: string) => `webhook to ${new URL(url).origin}`

/** Every address the URL's name has now must be public (a literal was checked before). */
async function checkResolves(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  let addresses: { address: string }[]
  try {
    addresses = await lookup(host, { all: true })
  } catch {
    throw invalid('url', `The host name ${host.slice(0, 100)} could not be resolved`)
  }
  if (addresses.some((a) => !isPublicAddress(a.address))) throw invalid('url', PRIVATE)
}

export function webhookRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, box, webhooks, config } = deps
  const admins = { preHandler: [requireAuth, requireAdmin] }
  const tags = ['identity']
  const ownHook = async (tenantId: string, id: string) => {
    const hook = isUuid(id) ? await findWebhook(db, tenantId, id) : undefined
    if (!hook) throw notFound()
    return hook
  }

  app.post(
    '/webhooks',
    {
      preHandler: [requireAuth, requireAdmin, requireVerified],
      schema: { tags, body: WebhookCreateBody, response: { 201: WebhookCreated, ...errorReplies(400, 401, 403, 409, 413, 415) } },
    },
    async (req, reply) => {
      const me = principalOf(req)
      const url = req.body.url.trim()
      const problem = webhookUrlProblem(url, config.webhooks.allowPrivate)
      if (problem) throw invalid('url', problem)
      if (!config.webhooks.allowPrivate) await checkResolves(url)
      const events = [...new Set(req.body.events)]
      if (!events.length) throw invalid('events', 'Please choose at least one event')
      const unknown = events.find((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e))
      if (unknown !== undefined) throw invalid('events', `Unknown event "${unknown.slice(0, 60)}"; events are: ${WEBHOOK_EVENTS.join(', ')}`)
      if ((await countWebhooks(db, me.tenantId)) >= MAX_WEBHOOKS)
        throw new AppError('CONFLICT', { message: `Your company has ${MAX_WEBHOOKS} webhooks, the most it may hold; delete one first` })
      const secret = `whsec_${randomToken(32)}`
      const id = crypto.randomUUID()
      await insertWebhook(db, me.tenantId, { id, url, events, secretEnc: box.seal(secret, id), createdBy: me.userId })
      await recordAudit(db, req, { action: AUDIT.webhookCreated, target: `${originOf(url)} (${events.join(', ')})` })
      req.log.info({ webhookId: id, events }, 'webhook created')
      return reply.status(201).send({ status: true, message: 'Copy the signing secret now: it will not be shown again', data: { id, secret } })
    },
  )

  app.get('/webhooks', { ...admins, schema: { tags, response: { 200: WebhookList, ...errorReplies(400, 401, 403) } } }, async (req) => {
    const rows = await listWebhooks(db, principalOf(req).tenantId)
    return { status: true, data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) }
  })

  app.delete(
    '/webhooks/:id',
    { ...admins, schema: { tags, params: ApiIdParams, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } },
    async (req) => {
      const me = principalOf(req)
      const hook = await ownHook(me.tenantId, req.params.id)
      if (!(await deleteWebhook(db, me.tenantId, hook.id))) throw notFound()
      await recordAudit(db, req, { action: AUDIT.webhookDeleted, target: originOf(hook.url) })
      return { status: true, message: 'The webhook was deleted' }
    },
  )

  app.get(
    '/webhooks/:id/deliveries',
    { ...admins, schema: { tags, params: ApiIdParams, response: { 200: WebhookDeliveries, ...errorReplies(400, 401, 403, 404) } } },
    async (req) => {
      const me = principalOf(req)
      const hook = await ownHook(me.tenantId, req.params.id)
      const rows = await listDeliveries(db, me.tenantId, hook.id)
      return { status: true, data: rows.map(({ createdAt, ...r }) => ({ ...r, at: createdAt.toISOString() })) }
    },
  )

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/replay',
    { ...admins, schema: { tags, params: DeliveryParams, response: { 202: ReplayReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } },
    async (req, reply) => {
      const me = principalOf(req)
      const hook = await ownHook(me.tenantId, req.params.id)
      const delivery = isUuid(req.params.deliveryId) ? await findDelivery(db, me.tenantId, hook.id, req.params.deliveryId) : undefined
      if (!delivery) throw notFound()
      await webhooks.replay(me.tenantId, delivery.eventId)
      await recordAudit(db, req, { action: AUDIT.webhookReplayed, target: `${originOf(hook.url)} (event ${delivery.eventId})` })
      return reply.status(202).send({ status: true, message: 'The event is being sent again', data: { eventId: delivery.eventId } })
    },
  )
}
