// The database's own wall between tenants (architecture.md, Tenancy; security.md B1), in the running
// portal: every tenant table of the service schemas has its policy forced, the app role the services
// query as sees one tenant's rows inside that tenant's scope, and a query in no scope is refused.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { APP_ROLE, schemaDb, TenantScopeError, withTenant } from '@portal/db'
import { sql } from 'kysely'
import { call, dbKinds, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

describe.each(dbKinds())('row-level security in the portal (%s)', (kind) => {
  let tp: TestPortal
  beforeAll(async () => {
    tp = await startTestPortal({ db: kind })
  })
  afterAll(async () => tp?.stop())

  it('forces a tenant policy on every table with a tenant_id', async () => {
    // identity is left out on purpose: sign-in, codes and invites are looked up before any tenant is known.
    const { rows } = await sql<{ table: string; enabled: boolean; forced: boolean; policy: boolean }>`
      select n.nspname || '.' || c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        exists (select from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where c.relkind = 'r' and n.nspname in ('questionnaire', 'trust_center')
      order by 1`.execute(tp.portal.ctx.db!.system)
    expect(rows.length).toBeGreaterThanOrEqual(18)
    expect(rows.filter((r) => !(r.enabled && r.forced && r.policy)).map((r) => r.table)).toEqual([])
  })

  it("shows the app role one tenant's rows inside its scope, whatever the query asks", async () => {
    const alice = await signUp(tp, `alice-${kind}@rls-a.example`)
    const bob = await signUp(tp, `bob-${kind}@rls-b.example`)
    for (const [user, name] of [
      [alice, 'Alice Client'],
      [bob, 'Bob Client'],
    ] as const) {
      const res = await call(tp, 'POST', '/api/companys', {
        token: user.token,
        body: { companyName: name, compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' },
      })
      expect(res.status).toBe(201)
    }
    const db = tp.portal.ctx.db!
    const tenantOf = async (dbName: string) =>
      (await sql<{ id: string }>`select id from identity.tenant where db_name = ${dbName}`.execute(db.system)).rows[0]!.id
    const companies = schemaDb<{ company: { companyName: string } }>(db, 'questionnaire')
    const names = () =>
      companies
        .selectFrom('company')
        .select('companyName')
        .orderBy('companyName')
        .execute()
        .then((r) => r.map((x) => x.companyName))
    expect(await withTenant(await tenantOf(alice.dbName), names)).toEqual(['Alice Client'])
    expect(await withTenant(await tenantOf(bob.dbName), names)).toEqual(['Bob Client'])
    const role = await withTenant(await tenantOf(alice.dbName), () => sql<{ user: string }>`select current_user as user`.execute(db.root))
    expect(role.rows[0]!.user).toBe(APP_ROLE)
    // Outside any scope the services' own handle answers nothing at all: no scope is no query.
    await expect(names()).rejects.toThrow(TenantScopeError)
  })
})
