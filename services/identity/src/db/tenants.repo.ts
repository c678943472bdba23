import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export function findTenant(db: Db, tenantId: string) {
  return db.selectFrom('tenant').select(['id', 'dbName', 'companyName', 'provisioned']).where('id', '=', tenantId).executeTakeFirst()
}

export function findTenantByDbName(db: Db, dbName: string) {
  return db.selectFrom('tenant').select(['id', 'dbName', 'companyName', 'provisioned']).where('dbName', '=', dbName).executeTakeFirst()
}

/** Creates a tenant under the first free dbName of base, base_2, base_3, ... */
export async function insertTenant(db: Db, input: { dbNameBase: string; companyName: string }) {
  const taken = new Set(
    (await db.selectFrom('tenant').select('dbName').where('dbName', 'like', `${input.dbNameBase}%`).execute()).map((t) => t.dbName),
  )
  let dbName = input.dbNameBase
  for (let n = 2; taken.has(dbName); n++) dbName = `${input.dbNameBase}_${n}`
  return db.insertInto('tenant').values({ id: crypto.randomUUID(), dbName, companyName: input.companyName })
    .returning(['id', 'dbName', 'companyName']).executeTakeFirstOrThrow()
}

export async function markProvisioned(db: Db, tenantId: string): Promise<void> {
  await db.updateTable('tenant').set({ provisioned: true }).where('id', '=', tenantId).execute()
}

/** Exact, case-insensitive lookup of a published trust-center host: nothing is inferred from its shape. */
export function findPublishedHost(db: Db, hostname: string) {
  return db.selectFrom('host').innerJoin('tenant', 'tenant.id', 'host.tenantId').select(['host.tenantId', 'tenant.dbName'])
    .where('host.hostname', '=', hostname.toLowerCase().replace(/\.$/, '')).where('host.published', '=', true).executeTakeFirst()
}
