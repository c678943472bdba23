// The module as the host starts it (migrations, /api prefix, health route) on every database kind,
// and the site registry's rules that only the database can show: unique cnames under races, host
// names following TRUST_CENTER_DOMAIN, a first cname that another tenant already holds.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { rerunMigrations } from '@portal/http/testing'
import { sql } from 'kysely'
import { ensureSite, findSite, publishSite, refreshHostnames } from '../src/db/site.repo.js'
import { QUARANTINE_MS } from '../src/domain/hostnames.js'
import { migrations, SCHEMA } from '../src/index.js'
import { buildHarness, type Harness } from './harness.js'

/** The start of a quarantine still running at `now` (the clock of publishSite, moved by tests). */
const since = (now = Date.now()) => new Date(now - QUARANTINE_MS)

describe.each(testDatabaseKinds())('trust-center module on %s', (_kind, open) => {
  let h: Harness
  const db = () => h.db // the test's own reads and writes: no request scope

  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h?.close())

  it("migrates its own schema and the audit log's only, and a rerun changes nothing", async () => {
    const all = await sql<{ tableSchema: string; tableName: string }>`
      select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 2`.execute(db())
    // The audit log's schema (@portal/audit): every service that records entries migrates it.
    expect([...new Set(all.rows.map((t) => t.tableSchema))].sort()).toEqual(['audit', 'trust_center'])
    const tables = { rows: all.rows.filter((t) => t.tableSchema === 'trust_center') }
    expect(tables.rows.map((t) => t.tableName)).toEqual([
      'access_request',
      'compliance',
      'daily_usage',
      'document',
      'history',
      'kysely_migration',
      'kysely_migration_lock',
      'logo',
      'nda',
      'nda_acceptance',
      'overview',
      'released_cname',
      'security_category',
      'security_item',
      'settings',
      'site',
      'theme',
      'update_change',
      'update_subscriber',
      'update_unsubscribe',
    ])
    expect(await rerunMigrations(h.database, SCHEMA, migrations)).toEqual(Object.keys(migrations))
  })

  it('answers its health route under /api/trust-center', async () => {
    const res = await h.app.inject({ url: '/api/trust-center/healthz' })
    expect(res.json()).toEqual({ status: true, service: 'trust-center' })
  })

  it('gives a new site the next free cname when its own is held by another tenant', async () => {
    const [t1, t2] = [crypto.randomUUID(), crypto.randomUUID()]
    const first = await ensureSite(db(), t1, 'shared_name', 'localhost')
    expect(first).toMatchObject({ cname: 'shared-name', hostname: 'shared-name.localhost', published: false, contentVersion: 1 })
    await publishSite(db(), t1, 'taken-later', 'localhost', since(), new Date())
    const squatter = crypto.randomUUID()
    await ensureSite(db(), squatter, 'squatter', 'localhost')
    expect(await publishSite(db(), squatter, 'taken-later', 'localhost', since(), new Date())).toEqual({ refused: 'taken' }) // unique cname
    // t2's dbName maps to the cname t1 now holds.
    await ensureSite(db(), t2, 'taken_later', 'localhost')
    expect((await findSite(db(), t2))?.cname).toBe('taken-later-2')
    expect(await ensureSite(db(), t2, 'taken_later', 'localhost')).toEqual(await findSite(db(), t2))
  })

  it('holds a released cname for its last owner alone for 30 days, and for nobody after', async () => {
    const [owner, rival, late] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
    await ensureSite(db(), owner, 'q_owner', 'localhost')
    await ensureSite(db(), rival, 'q_rival', 'localhost')
    expect(await publishSite(db(), owner, 'q-name', 'localhost', since(), new Date())).toMatchObject({ site: { cname: 'q-name', published: true } })
    // The owner moves to another name: q-name is released, not free.
    expect(await publishSite(db(), owner, 'q-other', 'localhost', since(), new Date())).toMatchObject({ site: { cname: 'q-other' } })
    expect(await publishSite(db(), rival, 'q-name', 'localhost', since(), new Date())).toEqual({ refused: 'quarantined' })
    expect((await findSite(db(), rival))?.cname).toBe('q-rival')
    // Nor does a new tenant whose dbName maps to it get it as its first cname.
    expect((await ensureSite(db(), late, 'q_name', 'localhost', since())).cname).toBe('q-name-2')
    // 29 days on (the clock moved, not waited for): still held; the owner takes it back at once.
    const day = 86_400_000
    expect(await publishSite(db(), rival, 'q-name', 'localhost', since(Date.now() + 29 * day), new Date())).toEqual({ refused: 'quarantined' })
    expect(await publishSite(db(), owner, 'q-name', 'localhost', since(), new Date())).toMatchObject({ site: { cname: 'q-name' } })
    // Released again, and 31 days pass: anyone may have it.
    await publishSite(db(), owner, 'q-other', 'localhost', since(), new Date())
    expect(await publishSite(db(), rival, 'q-name', 'localhost', since(Date.now() + 31 * day), new Date())).toMatchObject({ site: { cname: 'q-name' } })
  })

  it('keeps host names in step with TRUST_CENTER_DOMAIN and bumps the content version', async () => {
    const t = crypto.randomUUID()
    await ensureSite(db(), t, 'domain_co', 'localhost')
    const before = (await findSite(db(), t))!
    await refreshHostnames(db(), 'trust.example.com')
    const after = (await findSite(db(), t))!
    expect(after.hostname).toBe('domain-co.trust.example.com')
    expect(after.contentVersion).toBe(before.contentVersion + 1)
    await refreshHostnames(db(), 'trust.example.com')
    expect((await findSite(db(), t))!.contentVersion).toBe(after.contentVersion)
    await refreshHostnames(db(), 'localhost')
  })

  it('refuses mixed-case host names in the table itself', async () => {
    await expect(
      db()
        .insertInto('site')
        .values({ tenantId: crypto.randomUUID(), id: crypto.randomUUID(), dbName: 'upper_co', cname: 'Upper', hostname: 'Upper.localhost' })
        .execute(),
    ).rejects.toThrow(/site_hostname_lowercase/)
  })
})
