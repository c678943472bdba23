// Row-level security, the second wall of tenancy: inside a tenant's scope Postgres itself hides and
// refuses other tenants' rows, even to queries without a tenant filter; on PGlite and PostgreSQL.
// And no scope is no query: work that forgot to say whose data it is for fails loudly.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Generated, type Kysely, sql } from 'kysely'
import {
  APP_ROLE,
  asOwner,
  asSystem,
  currentScope,
  type Database,
  enterSystem,
  enterTenant,
  isolateTenants,
  type Migration,
  migrateSchema,
  openScope,
  schemaDb,
  TenantScopeError,
  testDatabaseKinds,
  withTenant,
  withTenantOf,
} from '../src/index.js'

const migrations: Record<string, Migration> = {
  '2026_11_26T0000_notes': {
    up: async (db: Kysely<any>) => {
      await db.schema
        .createTable('note')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute()
      await isolateTenants(db, 'rls_test', ['note'])
    },
  },
}

interface NoteDb {
  note: { id: Generated<number>; tenantId: string; body: string }
}

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'

async function setUp(open: () => Promise<Database>) {
  const database = await open()
  await migrateSchema(database, 'rls_test', migrations)
  const db = schemaDb<NoteDb>(database, 'rls_test')
  await asSystem(() =>
    db
      .insertInto('note')
      .values([
        { tenantId: A, body: 'a1' },
        { tenantId: B, body: 'b1' },
        { tenantId: A, body: 'a2' },
      ])
      .execute(),
  )
  const bodies = async () => (await db.selectFrom('note').select('body').orderBy('id').execute()).map((r) => r.body)
  return { database, db, bodies }
}

describe.each(testDatabaseKinds())('row-level security on %s', (_kind, open) => {
  let database: Database
  let db: Kysely<NoteDb>
  let bodies: () => Promise<string[]>

  beforeAll(async () => {
    ;({ database, db, bodies } = await setUp(open))
    await migrateSchema(database, 'rls_test', migrations) // the grants and the policy are idempotent
  })
  afterAll(async () => database.close())

  it('shows a tenant only its own rows, whatever the query forgets; system work sees all', async () => {
    expect(await withTenant(A, bodies)).toEqual(['a1', 'a2'])
    expect(await withTenant(B, bodies)).toEqual(['b1'])
    expect(await asSystem(bodies)).toEqual(['a1', 'b1', 'a2'])
    expect((await schemaDb<NoteDb>(database, 'rls_test', { system: true }).selectFrom('note').select('body').execute()).length).toBe(3)
  })

  it('refuses a query outside any scope with an error that names the situation', async () => {
    await expect(bodies()).rejects.toThrow(TenantScopeError)
    await expect(bodies()).rejects.toThrow(/database query without a tenant scope \(outside any request or job\).*withTenant.*asSystem/)
    await expect(sql`select 1`.execute(database.root)).rejects.toThrow(TenantScopeError)
    await expect(db.transaction().execute((trx) => trx.selectFrom('note').selectAll().execute())).rejects.toThrow(TenantScopeError)
    // The refusal took no connection with it: scoped work goes on.
    expect(await withTenant(B, bodies)).toEqual(['b1'])
    expect(() => withTenant('', bodies)).toThrow(TenantScopeError)
    expect(() => withTenant('*', bodies)).toThrow(TenantScopeError)
  })

  it("refuses to write another tenant's rows, or to move a row to another tenant", async () => {
    await expect(withTenant(A, () => db.insertInto('note').values({ tenantId: B, body: 'forged' }).execute())).rejects.toThrow(/row-level security/)
    const updated = await withTenant(A, () => db.updateTable('note').set({ body: 'hijacked' }).where('body', '=', 'b1').executeTakeFirst())
    expect(updated.numUpdatedRows).toBe(0n)
    await expect(withTenant(A, () => db.updateTable('note').set({ tenantId: B }).where('body', '=', 'a1').execute())).rejects.toThrow(/row-level security/)
    const deleted = await withTenant(A, () => db.deleteFrom('note').where('body', '=', 'b1').executeTakeFirst())
    expect(deleted.numDeletedRows).toBe(0n)
    expect(await asSystem(bodies)).toEqual(['a1', 'b1', 'a2'])
  })

  it('runs queries as the app role, without superuser or BYPASSRLS; migrations as the owner', async () => {
    const who = () =>
      sql<{
        user: string
        rolsuper: boolean
        rolbypassrls: boolean
      }>`select current_user as user, rolsuper, rolbypassrls from pg_roles where rolname = current_user`.execute(database.root)
    expect((await withTenant(A, who)).rows[0]).toEqual({ user: APP_ROLE, rolsuper: false, rolbypassrls: false })
    expect((await asSystem(who)).rows[0]!.user).toBe(APP_ROLE)
    expect((await asOwner(who)).rows[0]!.user).not.toBe(APP_ROLE)
  })

  it("keeps each scope's tenant when many run at once, in transactions too", async () => {
    const runs = Array.from({ length: 40 }, (_, i) => {
      const tenant = i % 2 ? A : B
      return withTenant(tenant, async () => {
        const seen =
          i % 4 < 2
            ? await bodies()
            : await db.transaction().execute(async (trx) => (await trx.selectFrom('note').select('body').orderBy('id').execute()).map((r) => r.body))
        return { tenant, seen }
      })
    })
    for (const { tenant, seen } of await Promise.all(runs)) expect(seen).toEqual(tenant === A ? ['a1', 'a2'] : ['b1'])
  })

  it("takes a request's tenant once it is known, and never changes it", async () => {
    await openScope(async () => {
      expect(currentScope().kind).toBe('none')
      await expect(bodies()).rejects.toThrow(/a request whose tenant was never entered/)
      enterTenant(B)
      expect(await bodies()).toEqual(['b1'])
      expect(() => enterTenant(A)).toThrow('a request serves one tenant')
      expect(() => enterSystem()).toThrow(TenantScopeError) // a tenant's request never widens
    })
  })

  it('lets a public request start as system work and narrow to the tenant it resolves', async () => {
    await openScope(async () => {
      enterSystem()
      expect(await bodies()).toEqual(['a1', 'b1', 'a2']) // the host lookup
      enterTenant(A)
      expect(await bodies()).toEqual(['a1', 'a2'])
    })
    expect(() => enterTenant(A)).toThrow(/outside a request scope/)
    expect(() => enterSystem()).toThrow(/outside a request scope/)
  })

  it("runs a job in its payload's tenant, and a payload without one in no scope at all", async () => {
    expect(await withTenantOf({ tenantId: B }, bodies)).toEqual(['b1'])
    // Queued from inside another scope, the job must not inherit it.
    await withTenant(A, () => expect(withTenantOf({ fileId: 'x' }, bodies)).rejects.toThrow(TenantScopeError))
    await asSystem(() => expect(withTenantOf(null, bodies)).rejects.toThrow(TenantScopeError))
  })
})

describe.each(testDatabaseKinds({ rowSecurity: false }))('row-level security switched off (DB_ROW_SECURITY=off) on %s', (_kind, open) => {
  let database: Database
  let bodies: () => Promise<string[]>
  beforeAll(async () => {
    ;({ database, bodies } = await setUp(open))
  })
  afterAll(async () => database.close())

  it("lets the policies admit every row, so only the code's own filters separate tenants", async () => {
    expect(await withTenant(A, bodies)).toEqual(['a1', 'b1', 'a2'])
    const setting = await withTenant(A, () =>
      sql<{ t: string; user: string }>`select current_setting('app.tenant_id', true) as t, current_user as user`.execute(database.root),
    )
    expect(setting.rows[0]).toEqual({ t: '*', user: APP_ROLE })
  })

  it('still refuses a query outside any scope', async () => {
    await expect(bodies()).rejects.toThrow(TenantScopeError)
    await openScope(() => expect(bodies()).rejects.toThrow(TenantScopeError))
  })
})
