// A company's outgoing webhooks, the events queued for each, and every delivery attempt.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

/** `id` is chosen by the caller: the sealed secret is bound to it. */
export async function insertWebhook(db: Db, tenantId: string, input: { id: string; url: string; events: string[]; secretEnc: string; createdBy: string }) {
  await db
    .insertInto('webhook')
    .values({ ...input, events: JSON.stringify(input.events), tenantId })
    .execute()
}

export function listWebhooks(db: Db, tenantId: string) {
  return db.selectFrom('webhook').select(['id', 'url', 'events', 'createdAt']).where('tenantId', '=', tenantId).orderBy('createdAt', 'desc').execute()
}

export async function countWebhooks(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenantId', '=', tenantId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findWebhook(db: Db, tenantId: string, id: string) {
  return db.selectFrom('webhook').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

/** The company's webhooks subscribed to `event`. */
export async function webhooksFor(db: Db, tenantId: string, event: string) {
  const hooks = await db.selectFrom('webhook').select(['id', 'events']).where('tenantId', '=', tenantId).execute()
  return hooks.filter((h) => h.events.includes(event))
}

export async function deleteWebhook(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('webhook').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
  return res.numDeletedRows > 0n
}

export async function insertWebhookEvent(db: Db, tenantId: string, input: { id: string; webhookId: string; event: string; body: string }) {
  await db
    .insertInto('webhookEvent')
    .values({ ...input, tenantId })
    .execute()
}

export function findWebhookEvent(db: Db, tenantId: string, id: string) {
  return db.selectFrom('webhookEvent').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

export async function recordDelivery(
  db: Db,
  tenantId: string,
  input: { webhookId: string; eventId: string; ok: boolean; statusCode: number | null; responseExcerpt: string; error: string | null },
): Promise<number> {
  // The attempt number counts every earlier attempt of the event, replays included.
  const prior = await db
    .selectFrom('webhookDelivery')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('eventId', '=', input.eventId)
    .executeTakeFirstOrThrow()
  const attempt = Number(prior.n) + 1
  await db
    .insertInto('webhookDelivery')
    .values({ ...input, id: crypto.randomUUID(), tenantId, attempt })
    .execute()
  return attempt
}

/** The last `limit` attempts of a webhook, newest first. */
export function listDeliveries(db: Db, tenantId: string, webhookId: string, limit = 100) {
  return db
    .selectFrom('webhookDelivery as d')
    .innerJoin('webhookEvent as e', 'e.id', 'd.eventId')
    .select(['d.id', 'd.eventId', 'e.event', 'd.attempt', 'd.ok', 'd.statusCode', 'd.responseExcerpt', 'd.error', 'd.createdAt'])
    .where('d.tenantId', '=', tenantId)
    .where('d.webhookId', '=', webhookId)
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.attempt', 'desc')
    .limit(limit)
    .execute()
}

export function findDelivery(db: Db, tenantId: string, webhookId: string, id: string) {
  return db
    .selectFrom('webhookDelivery')
    .select(['id', 'eventId'])
    .where('tenantId', '=', tenantId)
    .where('webhookId', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Events older than `before`, with their attempts (the hourly sweep: the log shows recent ones). */
export async function pruneWebhookEvents(db: Db, before: Date): Promise<number> {
  const res = await db.deleteFrom('webhookEvent').where('createdAt', '<', before).executeTakeFirst()
  return Number(res.numDeletedRows)
}
