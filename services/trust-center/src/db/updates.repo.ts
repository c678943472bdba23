// Subscriptions to a trust center's updates, their link tokens (hashes only) and the changelog.
import type { Kysely } from 'kysely'
import type { TrustCenterDb, UpdateAction, UpdateKind } from './schema.js'

type Db = Kysely<TrustCenterDb>

export interface ChangeInput {
  kind: UpdateKind
  action: UpdateAction
  title: string
}

export function findSubscriberByEmail(db: Db, tenantId: string, email: string) {
  return db.selectFrom('updateSubscriber').select(['id', 'email', 'confirmedAt']).where('tenantId', '=', tenantId).where('email', '=', email).executeTakeFirst()
}

/** A pending subscription with this confirmation token (a new token replaces an older one). */
export async function upsertPendingSubscriber(db: Db, tenantId: string, email: string, tokenHash: string, expiresAt: Date) {
  return db
    .insertInto('updateSubscriber')
    .values({ id: crypto.randomUUID(), tenantId, email, confirmTokenHash: tokenHash, confirmExpiresAt: expiresAt })
    .onConflict((oc) =>
      oc
        .columns(['tenantId', 'email'])
        .doUpdateSet({ confirmTokenHash: tokenHash, confirmExpiresAt: expiresAt })
        .where('updateSubscriber.confirmedAt', 'is', null),
    )
    .returning(['id', 'email'])
    .executeTakeFirst()
}

/**
 * Confirms the subscription this unexpired token was mailed for. The token's hash stays on the
 * confirmed row (its expiry goes): a link followed twice can then say "you are subscribed" rather
 * than "subscribe again" (issue 25). It confirms nothing more; unsubscribing deletes the row.
 */
export async function confirmSubscriber(db: Db, tenantId: string, tokenHash: string, now: Date) {
  return db
    .updateTable('updateSubscriber')
    .set({ confirmedAt: now, confirmExpiresAt: null })
    .where('tenantId', '=', tenantId)
    .where('confirmTokenHash', '=', tokenHash)
    .where('confirmExpiresAt', '>', now)
    .where('confirmedAt', 'is', null)
    .returning(['id', 'email'])
    .executeTakeFirst()
}

/** Whether this confirmation token was already used for a subscription that still stands. */
export async function confirmedWith(db: Db, tenantId: string, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('updateSubscriber')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('confirmTokenHash', '=', tokenHash)
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst()
  return Boolean(row)
}

export async function addUnsubscribeToken(db: Db, tenantId: string, subscriberId: string, tokenHash: string): Promise<void> {
  await db.insertInto('updateUnsubscribe').values({ tokenHash, tenantId, subscriberId }).execute()
}

/** Ends the subscription one of its mails' unsubscribe tokens belongs to (its other tokens go with it). */
export async function unsubscribe(db: Db, tenantId: string, tokenHash: string): Promise<boolean> {
  const link = await db
    .selectFrom('updateUnsubscribe')
    .select('subscriberId')
    .where('tenantId', '=', tenantId)
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
  if (!link) return false
  const res = await db.deleteFrom('updateSubscriber').where('tenantId', '=', tenantId).where('id', '=', link.subscriberId).executeTakeFirst()
  return res.numDeletedRows > 0n
}

export function listConfirmedSubscribers(db: Db, tenantId: string) {
  return db
    .selectFrom('updateSubscriber')
    .select(['id', 'email'])
    .where('tenantId', '=', tenantId)
    .where('confirmedAt', 'is not', null)
    .orderBy('createdAt')
    .execute()
}

export async function insertChanges(db: Db, tenantId: string, changes: ChangeInput[]) {
  if (!changes.length) return []
  return db
    .insertInto('updateChange')
    .values(changes.map((c) => ({ id: crypto.randomUUID(), tenantId, kind: c.kind, action: c.action, title: c.title })))
    .returning(['id', 'kind', 'action', 'title', 'createdAt'])
    .execute()
}

export function listChanges(db: Db, tenantId: string, limit: number) {
  return db
    .selectFrom('updateChange')
    .select(['id', 'kind', 'action', 'title', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}
