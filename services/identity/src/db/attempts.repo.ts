// Counted attempts keyed by a hash (of an email, or of a tenant id for invites), so the same limits
// apply to accounts that exist and to ones that do not, and no address is stored in the clear.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AttemptTable, IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>
type Kind = AttemptTable['kind']

export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex')

export async function recordAttempt(db: Db, kind: Kind, key: string): Promise<void> {
  await db.insertInto('attempt').values({ id: crypto.randomUUID(), kind, keyHash: keyHash(key) }).execute()
}

/** Attempts within the window, and when the oldest of them leaves it. */
export async function attemptsSince(db: Db, kind: Kind, key: string, since: Date): Promise<{ count: number; oldest: Date | undefined }> {
  const row = await db.selectFrom('attempt').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('createdAt').as('oldest')])
    .where('kind', '=', kind).where('keyHash', '=', keyHash(key)).where('createdAt', '>', since).executeTakeFirst()
  const oldest = row?.oldest ? new Date(row.oldest as unknown as string) : undefined
  return { count: Number(row?.n ?? 0), oldest }
}

export async function clearAttempts(db: Db, kind: Kind, key: string): Promise<void> {
  await db.deleteFrom('attempt').where('kind', '=', kind).where('keyHash', '=', keyHash(key)).execute()
}
