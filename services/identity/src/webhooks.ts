// Outgoing webhooks: the identity service hears the events a company subscribed to on the bus
// (one subscriber per installation: a queue group), stores each as a body per webhook, and queues
// its delivery; companies take turns on the queue (fairKey). Each attempt is signed afresh (the
// timestamp is the attempt's), posted (webhook-post.ts) and recorded; a failure is retried with
// doubling backoff (WEBHOOK_ATTEMPTS, WEBHOOK_BACKOFF_MS); a private target is given up at once.
// Nothing here logs a URL, a secret or a body.
import type { EventBus } from '@portal/bus'
import type { Config } from '@portal/config'
import { events, JOBS, type WebhookEvent } from '@portal/contracts'
import { withTenant } from '@portal/db'
import type { Logger } from '@portal/observability'
import { type JobQueue, UnrecoverableJobError } from '@portal/queue'
import type { Kysely } from 'kysely'
import type { IdentityDb } from './db/schema.js'
import { findWebhook, findWebhookEvent, insertWebhookEvent, recordDelivery, webhooksFor } from './db/webhooks.repo.js'
import type { SecretBox } from './domain/secret-box.js'
import { SIGNATURE_HEADER, signatureHeader } from './domain/webhook-signature.js'
import { postWebhook } from './webhook-post.js'

/** The bus subject each webhook event comes from. */
export const SUBJECT_OF: Record<WebhookEvent, (tenantId: string) => string> = {
  'access_request.created': events.accessRequestCreated,
  'questionnaire.drafted': events.questionnaireDrafted,
  'outbound.submitted': events.outboundCompleted,
  'document.published': events.documentPublished,
}

export interface DeliveryJob {
  tenantId: string
  eventId: string
}

const isDeliveryJob = (d: unknown): d is DeliveryJob =>
  typeof d === 'object' && d !== null && typeof (d as DeliveryJob).tenantId === 'string' && typeof (d as DeliveryJob).eventId === 'string'

export interface Webhooks {
  /** Queues an event's delivery again (the console's replay): a new attempt with the same body. */
  replay(tenantId: string, eventId: string): Promise<void>
  stop(): Promise<void>
}

export async function startWebhooks(deps: {
  bus: EventBus
  queue: JobQueue
  db: Kysely<IdentityDb>
  config: Config
  box: SecretBox
  logger: Logger
}): Promise<Webhooks> {
  const { bus, queue, db, config, box, logger } = deps
  const settings = config.webhooks
  const enqueue = (tenantId: string, eventId: string, jobId: string) =>
    queue.add<DeliveryJob>(JOBS.deliverWebhook, { tenantId, eventId }, { jobId, attempts: settings.attempts, backoffMs: settings.backoffMs, fairKey: tenantId })

  const heard = async (event: WebhookEvent, subject: string, payload: Record<string, unknown>) => {
    const tenantId = subject.split('.')[0]!
    // One company's event never reaches another's receivers: a payload naming another tenant is dropped.
    if (subject !== SUBJECT_OF[event](tenantId) || (payload['tenantId'] !== undefined && payload['tenantId'] !== tenantId)) return
    const { tenantId: _tenant, ...data } = payload
    try {
      await withTenant(tenantId, async () => {
        for (const hook of await webhooksFor(db, tenantId, event)) {
          const id = crypto.randomUUID()
          const body = JSON.stringify({ id, event, at: new Date().toISOString(), data })
          await insertWebhookEvent(db, tenantId, { id, webhookId: hook.id, event, body })
          await enqueue(tenantId, id, `webhook-${id}`)
        }
      })
    } catch (err) {
      logger.warn({ err, tenantId, event }, 'webhook event not queued')
    }
  }

  const deliver = async (job: { data: unknown; attempt: number }) => {
    if (!isDeliveryJob(job.data)) throw new UnrecoverableJobError('not a webhook delivery')
    const { tenantId, eventId } = job.data
    await withTenant(tenantId, async () => {
      const ev = await findWebhookEvent(db, tenantId, eventId)
      const hook = ev && (await findWebhook(db, tenantId, ev.webhookId))
      if (!ev || !hook) return // the webhook was deleted meanwhile: nothing to send
      const secret = box.open(hook.secretEnc, hook.id)
      const signature = signatureHeader(secret, ev.body, Math.floor(Date.now() / 1000))
      const result = await postWebhook(
        hook.url,
        ev.body,
        { [SIGNATURE_HEADER]: signature, 'x-portal-event': ev.event, 'x-portal-delivery': ev.id },
        {
          timeoutMs: settings.timeoutMs,
          allowPrivate: settings.allowPrivate,
        },
      )
      const ok = result.error === null
      const attempt = await recordDelivery(db, tenantId, { webhookId: hook.id, eventId, ok, ...result })
      logger.info({ tenantId, webhookId: hook.id, eventId, attempt, statusCode: result.statusCode, ok }, 'webhook delivery')
      if (ok) return
      if (/loopback or private/.test(result.error ?? '')) throw new UnrecoverableJobError(result.error!)
      throw new Error(result.error ?? 'webhook delivery failed')
    })
  }

  queue.process(JOBS.deliverWebhook, deliver, { concurrency: 4 })
  const unsubscribers = await Promise.all(
    (Object.keys(SUBJECT_OF) as WebhookEvent[]).map((event) =>
      bus.subscribe(SUBJECT_OF[event]('*'), (subject, payload) => heard(event, subject, payload), { queue: 'identity-webhooks' }),
    ),
  )
  return {
    replay: async (tenantId, eventId) => {
      await enqueue(tenantId, eventId, `webhook-${eventId}-replay-${crypto.randomUUID()}`)
    },
    stop: async () => {
      for (const u of unsubscribers) await u()
    },
  }
}
