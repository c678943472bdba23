// The module as the host starts it (migrations, /api prefix, health route) on every database kind,
// and the site registry's rules that only the database can show: unique cnames under races, host
// names following TRUST_CENTER_DOMAIN, a first cname that another tenant already holds.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createMemoryBus } from '@portal/bus'
import { loadConfig } from '@portal/config'
import { type Database, migrateSchema, schemaDb, testDatabaseKinds } from '@portal/db'
import { createServer, type ServiceContext } from '@portal/http'
import type { Mailer } from '@portal/mail'
import { silentLogger } from '@portal/observability'
import { createFsStore } from '@portal/storage'
import { sql } from 'kysely'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TrustCenterDb } from '../src/db/schema.js'
import { ensureSite, findSite, publishSite, refreshHostnames } from '../src/db/site.repo.js'
import { QUARANTINE_MS } from '../src/domain/hostnames.js'
import { migrations, module, SCHEMA } from '../src/index.js'

const mailer: Mailer = { kind: 'outbox', send: async () => {}, close: async () => {} }
// No staff calls here: a verifier that refuses every token is all the server needs.
const tokens = { verifyAccess: async () => Promise.reject(new Error('no tokens in this test')) } as unknown as ServiceContext['tokens']

/** The start of a quarantine still running at `now` (the clock of publishSite, moved by tests). */
const since = (now = Date.now()) => new Date(now - QUARANTINE_MS)

describe.each(testDatabaseKinds())('trust-center module on %s', (_kind, open) => {
  let database: Database
  let ctx: ServiceContext
  let dir: string
  let stop: (() => Promise<void>) | undefined
  const db = () => schemaDb<TrustCenterDb>(database, SCHEMA, { system: true }) // the test's own reads and writes: no request scope

  beforeAll(async () => {
    database = await open()
    dir = await mkdtemp(path.join(tmpdir(), 'tc-module-'))
    const config = loadConfig({ LOG_LEVEL: 'silent', DB_MIGRATE: 'auto', DATA_DIR: dir })
    const server = await createServer({ config, logger: silentLogger, tokens })
    ctx = { config, logger: silentLogger, server, tokens, db: database, mail: mailer, blobs: createFsStore(dir), bus: await createMemoryBus() }
    stop = (await module.init(ctx))?.stop
    await server.ready()
  })
  afterAll(async () => {
    await ctx.server.close()
    await stop?.()
    await database.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('migrates its own schema only, and a rerun changes nothing', async () => {
    const tables = await sql<{ tableSchema: string; tableName: string }>`
      select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 2`.execute(db())
    expect(tables.rows.filter((t) => t.tableSchema !== 'trust_center')).toEqual([])
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
    await migrateSchema(database, SCHEMA, migrations)
    const applied = await sql<{ name: string }>`select name from trust_center.kysely_migration order by name`.execute(database.system)
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations))
  })

  it('answers its health route under /api/trust-center', async () => {
    const res = await ctx.server.inject({ url: '/api/trust-center/healthz' })
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
