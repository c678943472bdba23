// Tenants (customer companies, known by their dbName). Trust-center hosts live in the trust-center service.
// The tenant table is the root of tenancy: it is looked up by id or dbName, never filtered by one.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>
const tenantColumns = ['id', 'dbName', 'companyName', 'provisioned'] as const

export function findTenant(db: Db, tenantId: string) {
  return db.selectFrom('tenant').select(tenantColumns).where('id', '=', tenantId).executeTakeFirst()
}

export function findTenantByDbName(db: Db, dbName: string) {
  return db.selectFrom('tenant').select(tenantColumns).where('dbName', '=', dbName).executeTakeFirst()
}

export function insertTenantNamed(db: Db, input: { dbName: string; companyName: string }) {
  return db
    .insertInto('tenant')
    .values({ id: crypto.randomUUID(), ...input })
    .returning(tenantColumns)
    .executeTakeFirstOrThrow()
}

/** Creates a tenant under the first free dbName of base, base_2, base_3, ... */
export async function insertTenant(db: Db, input: { dbNameBase: string; companyName: string }) {
  const base = input.dbNameBase
  const taken = new Set(
    (
      await db
        .selectFrom('tenant')
        .select('dbName')
        .where('dbName', 'like', `${base.replace(/_/g, '\\_')}%`)
        .execute()
    ).map((t) => t.dbName),
  )
  // Two sign-ups of one company can race for a name: ON CONFLICT DO NOTHING (not an error, which
  // would abort the caller's transaction) tells the loser to take the next one.
  for (let n = 1; ; n++) {
    const dbName = n === 1 ? base : `${base}_${n}`
    if (taken.has(dbName)) continue
    const row = await db
      .insertInto('tenant')
      .values({ id: crypto.randomUUID(), dbName, companyName: input.companyName })
      .onConflict((oc) => oc.column('dbName').doNothing())
      .returning(tenantColumns)
      .executeTakeFirst()
    if (row) return row
  }
}

export async function markProvisioned(db: Db, tenantId: string): Promise<void> {
  await db.updateTable('tenant').set({ provisioned: true }).where('id', '=', tenantId).execute()
}

/** The company's name as its people and mails show it (first run, or later). */
export async function renameTenant(db: Db, tenantId: string, companyName: string): Promise<void> {
  await db.updateTable('tenant').set({ companyName }).where('id', '=', tenantId).execute()
}
