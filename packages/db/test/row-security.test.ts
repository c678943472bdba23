// Row-level security, the second wall of tenancy: inside a tenant's scope Postgres itself hides and
// refuses other tenants' rows, even to queries without a tenant filter; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Generated, type Kysely, sql } from 'kysely'
import { APP_ROLE, asOwner, type Database, enterTenant, isolateTenants, type Migration, migrateSchema, openScope, schemaDb, testDatabaseKinds, withTenant } from '../src/index.js'

const migrations: Record<string, Migration> = {
  '2026_11_26T0000_notes': {
    up: async (db: Kysely<any>) => {
      await db.schema.createTable('note').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull()).execute()
      await isolateTenants(db, 'rls_test', ['note'])
    },
  },
}

interface NoteDb {
  note: { id: Generated<number>; tenantId: string; body: string }
}

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'

describe.each(testDatabaseKinds())('row-level security on %s', (_kind, open) => {
  let database: Database
  let db: Kysely<NoteDb>
  const bodies = async () => (await db.selectFrom('note').select('body').orderBy('id').execute()).map((r) => r.body)

  beforeAll(async () => {
    database = await open()
    await migrateSchema(database, 'rls_test', migrations)
    await migrateSchema(database, 'rls_test', migrations) // the grants and the policy are idempotent
    db = schemaDb<NoteDb>(database, 'rls_test')
    await db.insertInto('note').values([{ tenantId: A, body: 'a1' }, { tenantId: B, body: 'b1' }, { tenantId: A, body: 'a2' }]).execute()
  })
  afterAll(async () => database.close())

  it('shows a tenant only its own rows, whatever the query forgets', async () => {
    expect(await withTenant(A, bodies)).toEqual(['a1', 'a2'])
    expect(await withTenant(B, bodies)).toEqual(['b1'])
    expect(await bodies()).toEqual(['a1', 'b1', 'a2']) // outside a tenant's scope: the repositories' filters apply
  })

  it('refuses to write another tenant\'s rows, or to move a row to another tenant', async () => {
    await expect(withTenant(A, () => db.insertInto('note').values({ tenantId: B, body: 'forged' }).execute())).rejects.toThrow(/row-level security/)
    const updated = await withTenant(A, () => db.updateTable('note').set({ body: 'hijacked' }).where('body', '=', 'b1').executeTakeFirst())
    expect(updated.numUpdatedRows).toBe(0n)
    await expect(withTenant(A, () => db.updateTable('note').set({ tenantId: B }).where('body', '=', 'a1').execute())).rejects.toThrow(/row-level security/)
    const deleted = await withTenant(A, () => db.deleteFrom('note').where('body', '=', 'b1').executeTakeFirst())
    expect(deleted.numDeletedRows).toBe(0n)
    expect(await bodies()).toEqual(['a1', 'b1', 'a2'])
  })

  it('runs queries as the app role, without superuser or BYPASSRLS; migrations as the owner', async () => {
    const who = () => sql<{ user: string; rolsuper: boolean; rolbypassrls: boolean }>`select current_user as user, rolsuper, rolbypassrls from pg_roles where rolname = current_user`.execute(database.root)
    expect((await withTenant(A, who)).rows[0]).toEqual({ user: APP_ROLE, rolsuper: false, rolbypassrls: false })
    expect((await who()).rows[0]!.user).toBe(APP_ROLE)
    expect((await asOwner(who)).rows[0]!.user).not.toBe(APP_ROLE)
  })

  it('keeps each scope\'s tenant when many run at once, in transactions too', async () => {
    const runs = Array.from({ length: 40 }, (_, i) => {
      const tenant = i % 2 ? A : B
      return withTenant(tenant, async () => {
        const seen = i % 4 < 2 ? await bodies() : await db.transaction().execute(async (trx) => (await trx.selectFrom('note').select('body').orderBy('id').execute()).map((r) => r.body))
        return { tenant, seen }
      })
    })
    for (const { tenant, seen } of await Promise.all(runs)) expect(seen).toEqual(tenant === A ? ['a1', 'a2'] : ['b1'])
  })

  it('takes a request\'s tenant once it is known, and never changes it', async () => {
    await openScope(async () => {
      expect(await bodies()).toEqual(['a1', 'b1', 'a2'])
      enterTenant(B)
      expect(await bodies()).toEqual(['b1'])
      expect(() => enterTenant(A)).toThrow('a request serves one tenant')
    })
  })
})
