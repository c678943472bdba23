import { isolateTenants } from '@portal/db'
import { type Kysely, sql } from 'kysely'

// Names a tenant gave up (by publishing under another one), held back for a while so that nobody
// else receives that tenant's visitors, requests and links. One row per name and former owner.
// Written only in the owner's scope; read by everyone, as the quarantine is checked across tenants
// (the names themselves were public hosts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('released_cname')
    .addColumn('cname', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('released_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('released_cname_pk', ['cname', 'tenant_id'])
    .execute()
  await isolateTenants(db, 'trust_center', ['released_cname'])
  const table = sql.id('trust_center', 'released_cname')
  await sql`drop policy if exists registry_read on ${table}`.execute(db)
  await sql`create policy registry_read on ${table} for select using (true)`.execute(db)
}
