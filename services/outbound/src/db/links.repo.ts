// Emailed links. Only the SHA-256 of a capability is stored; finding a link by it is system work
// (the request names no tenant yet), everything else is scoped to the tenant.
import { type Kysely, sql } from 'kysely'
import type { OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>
const columns = ['id', 'tenantId', 'outboundId', 'email', 'expiresAt', 'revokedAt'] as const

export async function insertLink(db: Db, tenantId: string, input: { outboundId: string; email: string; tokenHash: string; expiresAt: Date }): Promise<string> {
  const id = crypto.randomUUID()
  await db
    .insertInto('link')
    .values({ id, tenantId, ...input })
    .execute()
  return id
}

/** System work: the link whose capability hashes to `tokenHash`, of any tenant. */
export const findLinkByHash = (db: Db, tokenHash: string) => db.selectFrom('link').select(columns).where('tokenHash', '=', tokenHash).executeTakeFirst()

export const findLink = (db: Db, tenantId: string, id: string) =>
  db.selectFrom('link').select(columns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()

/** The recipient's newest link of each outbound: what the staff list shows. */
export async function recipientLinks(
  db: Db,
  tenantId: string,
  outbounds: { id: string; email: string }[],
): Promise<Map<string, { expiresAt: Date; revokedAt: Date | null }>> {
  const out = new Map<string, { expiresAt: Date; revokedAt: Date | null }>()
  if (!outbounds.length) return out
  const rows = await db
    .selectFrom('link')
    .select(['outboundId', 'email', 'expiresAt', 'revokedAt', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .where(
      'outboundId',
      'in',
      outbounds.map((o) => o.id),
    )
    .orderBy('createdAt', 'asc')
    .execute()
  const emailOf = new Map(outbounds.map((o) => [o.id, o.email]))
  for (const r of rows) if (r.email === emailOf.get(r.outboundId)) out.set(r.outboundId, r)
  return out
}

/** Revokes the outbound's live links (all of them, or one address's). */
export async function revokeLinks(db: Db, tenantId: string, outboundId: string, email?: string): Promise<number> {
  let q = db
    .updateTable('link')
    .set({ revokedAt: sql<Date>`now()` })
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .where('revokedAt', 'is', null)
  if (email !== undefined) q = q.where('email', '=', email)
  const res = await q.executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** Failed exchanges from one client in the window (security.md B26: guesses are limited). */
export async function failedAttempts(db: Db, clientKey: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('linkAttempt')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('clientKey', '=', clientKey)
    .where('at', '>', since)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function recordFailedAttempt(db: Db, clientKey: string): Promise<void> {
  await db.insertInto('linkAttempt').values({ clientKey }).execute()
}

export async function pruneAttempts(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('linkAttempt').where('at', '<', before).execute()
}

/** Counts a mail against the tenant's hourly limit; false (nothing counted) when the limit is reached. */
export async function spendMail(db: Db, tenantId: string, perHour: number): Promise<boolean> {
  const row = await db
    .selectFrom('mailSend')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('at', '>', new Date(Date.now() - 3600_000))
    .executeTakeFirstOrThrow()
  if (Number(row.n) >= perHour) return false
  await db.insertInto('mailSend').values({ tenantId }).execute()
  return true
}
