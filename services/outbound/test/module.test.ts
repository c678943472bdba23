// The module as the host starts it (migrations, /api prefix, health route, its sweep) on every
// database kind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { rerunMigrations } from '@portal/http/testing'
import { sql } from 'kysely'
import { migrations, SCHEMA } from '../src/index.js'
import { buildHarness, type Harness } from './harness.js'

describe.each(testDatabaseKinds())('outbound module on %s', (_kind, open) => {
  let h: Harness

  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h?.close())

  it("migrates its own schema and the audit log's only, and a rerun changes nothing", async () => {
    const tables = await sql<{ tableSchema: string }>`
      select distinct table_schema from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`.execute(h.db)
    // The audit log's schema (@portal/audit): every service that records entries migrates it.
    expect(tables.rows.map((t) => t.tableSchema).sort()).toEqual(['audit', 'outbound'])
    expect(await rerunMigrations(h.database, SCHEMA, migrations)).toEqual(Object.keys(migrations))
  })

  it('answers its health route under /api/outbound', async () => {
    const res = await h.app.inject({ url: '/api/outbound/healthz' })
    expect(res.json()).toEqual({ status: true, service: 'outbound' })
  })

  it('refuses its routes without a session', async () => {
    const res = await h.app.inject({ url: '/api/outbound/dashboard' })
    expect(res.statusCode).toBe(401)
  })
})
