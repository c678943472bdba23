// Counted attempts keyed by a hash (of an email, a client address, a device, tenant or user id), so
// the same limits apply to accounts that exist and to ones that do not, and no address is stored in
// the clear. Every process sees the same counts: they live in the database.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AttemptKind, IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex')

export async function recordAttempt(db: Db, kind: AttemptKind, key: string): Promise<void> {
  await db
    .insertInto('attempt')
    .values({ id: crypto.randomUUID(), kind, keyHash: keyHash(key) })
    .execute()
}

/** Attempts within the window, and when the oldest of them leaves it. */
export async function attemptsSince(db: Db, kind: AttemptKind, key: string, since: Date): Promise<{ count: number; oldest: Date | undefined }> {
  const row = await db
    .selectFrom('attempt')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('createdAt').as('oldest')])
    .where('kind', '=', kind)
    .where('keyHash', '=', keyHash(key))
    .where('createdAt', '>', since)
    .executeTakeFirst()
  const oldest = row?.oldest ? new Date(row.oldest as unknown as string) : undefined
  return { count: Number(row?.n ?? 0), oldest }
}

export interface Limit {
  max: number
  windowMs: number
}

/** 0 while the window has room; else the seconds until its oldest attempt leaves it (Retry-After). */
export async function secondsOverLimit(db: Db, kind: AttemptKind, key: string, limit: Limit): Promise<number> {
  const { count, oldest } = await attemptsSince(db, kind, key, new Date(Date.now() - limit.windowMs))
  if (count < limit.max) return 0
  return oldest ? Math.max(1, Math.ceil((oldest.getTime() + limit.windowMs - Date.now()) / 1000)) : Math.ceil(limit.windowMs / 1000)
}

export async function clearAttempts(db: Db, kind: AttemptKind, key: string): Promise<void> {
  await db.deleteFrom('attempt').where('kind', '=', kind).where('keyHash', '=', keyHash(key)).execute()
}

/** Evidence older than every window that reads it (the longest is 31 days) is dropped. */
export async function pruneAttempts(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('attempt').where('createdAt', '<', olderThan).execute()
}
