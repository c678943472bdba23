// A company's API keys: stored as the SHA-256 of the key; revoked keys stay listed nowhere and
// verify nowhere. Every query names the tenant, but the lookup by hash, which finds it.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

const LISTED = ['id', 'name', 'scopes', 'start', 'createdAt', 'lastUsedAt'] as const

export function insertApiKey(db: Db, tenantId: string, input: { name: string; keyHash: string; start: string; scopes: string[]; createdBy: string }) {
  return db
    .insertInto('apiKey')
    .values({ ...input, scopes: JSON.stringify(input.scopes), id: crypto.randomUUID(), tenantId, lastUsedAt: null, revokedAt: null })
    .returning(['id'])
    .executeTakeFirstOrThrow()
}

export function listApiKeys(db: Db, tenantId: string) {
  return db.selectFrom('apiKey').select(LISTED).where('tenantId', '=', tenantId).where('revokedAt', 'is', null).orderBy('createdAt', 'desc').execute()
}

export async function countApiKeys(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('apiKey')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('revokedAt', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A usable key by its hash, with its company (system work: the key is all the caller has). */
export function findKeyByHash(db: Db, keyHash: string) {
  return db
    .selectFrom('apiKey as k')
    .innerJoin('tenant as t', 't.id', 'k.tenantId')
    .select(['k.id', 'k.tenantId', 'k.name', 'k.scopes', 'k.createdBy', 't.dbName'])
    .where('k.keyHash', '=', keyHash)
    .where('k.revokedAt', 'is', null)
    .executeTakeFirst()
}

/** Revokes a usable key: its name, or undefined when there is no such key (or it was revoked). */
export async function revokeApiKey(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const row = await db
    .updateTable('apiKey')
    .set({ revokedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returning('name')
    .executeTakeFirst()
  return row?.name
}

/**
 * Claims the key's hourly `apikey.used` audit entry: its name when this call is the first to claim it
 * since `since` (one process of many wins), else undefined.
 */
export async function claimUseAudit(db: Db, tenantId: string, id: string, at: Date, since: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('apiKey')
    .set({ useAuditedAt: at })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('useAuditedAt', 'is', null), eb('useAuditedAt', '<=', since)]))
    .returning('name')
    .executeTakeFirst()
  return row?.name
}

/** Last use of the keys used since the previous flush: one update per key per flush, never per call. */
export async function touchApiKeys(db: Db, uses: { tenantId: string; id: string; at: Date }[]): Promise<void> {
  for (const u of uses)
    await db
      .updateTable('apiKey')
      .set({ lastUsedAt: u.at })
      .where('tenantId', '=', u.tenantId)
      .where('id', '=', u.id)
      .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', u.at)]))
      .execute()
}
