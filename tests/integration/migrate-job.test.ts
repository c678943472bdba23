// The migration Job of a deployment (k8s/base/migrate-job.yaml, compose's `migrate` service):
// `TARGET=migrate` runs as the schema owner, migrates every service's schema, creates and grants the
// app role portal_app, and exits 0. The services then start with DB_MIGRATE=off connected as
// portal_app itself, which may not change the schema (CREATE TABLE is refused), and serve requests.
// Against the machine's PostgreSQL: jest.config.mjs runs it where TEST_DATABASE_URL is set (needsRealServers).
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { loadConfig } from '@portal/config'
import { APP_ROLE, asSystem, createScratchDatabase } from '@portal/db'
import { sql } from 'kysely'
import pg from 'pg'
import { call, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const root = path.resolve(import.meta.dirname, '../..')
const adminUrl = process.env['TEST_DATABASE_URL']
const SCHEMAS = ['identity', 'trust_center', 'questionnaire', 'outbound']

/** The host binary as the Job runs it (the image's entry point), with only the given environment. */
function runHost(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/host/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(text)).rows
  } finally {
    await client.end()
  }
}

/** The same database, logged in as another user (the machine's PostgreSQL trusts loopback). */
function as(url: string, user: string): string {
  const u = new URL(url)
  u.username = user
  u.password = ''
  return u.toString()
}

describe('migration Job: TARGET=migrate, then services with DB_MIGRATE=off as portal_app', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let dataDir: string
  let appUrl: string

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!)
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-migrate-'))
  })
  afterAll(async () => {
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it("TARGET=migrate runs alone and needs the owner's DATABASE_URL", () => {
    expect(() => loadConfig({ TARGET: 'migrate' })).toThrow('TARGET=migrate: set DATABASE_URL')
    expect(() => loadConfig({ TARGET: 'migrate,identity', DATABASE_URL: scratch.url })).toThrow('TARGET=migrate runs alone')
    const config = loadConfig({ TARGET: 'migrate', DATABASE_URL: scratch.url, DB_MIGRATE: 'off' })
    expect([config.migrateOnly, config.all, config.targets]).toEqual([true, false, []])
  })

  it('migrates every schema as the owner, creates and grants portal_app, and exits 0 (twice: idempotent)', async () => {
    const env = { TARGET: 'migrate', DATABASE_URL: scratch.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', HOST: '0.0.0.0' }
    const first = await runHost(env)
    expect({ code: first.code, output: first.output }).toEqual({ code: 0, output: expect.stringContaining('migrations done') })
    for (const s of SCHEMAS) expect(first.output).toContain(`"schema":"${s}"`)

    const schemas = await query<{ name: string; usage: boolean; create: boolean; migrations: number }>(
      scratch.url,
      `
      select n.nspname as name, has_schema_privilege('${APP_ROLE}', n.nspname, 'USAGE') as usage,
             has_schema_privilege('${APP_ROLE}', n.nspname, 'CREATE') as create,
             (select count(*)::int from pg_tables t where t.schemaname = n.nspname) as migrations
      from pg_namespace n where n.nspname in (${SCHEMAS.map((s) => `'${s}'`).join(',')}) order by 1`,
    )
    expect(schemas.map((s) => s.name)).toEqual([...SCHEMAS].sort())
    for (const s of schemas) expect(s).toMatchObject({ usage: true, create: false })
    for (const s of schemas) expect(s.migrations).toBeGreaterThan(1)
    // Every table of every schema: the app role reads and writes rows, owns none.
    const rights = await query<{ table: string; dml: boolean; owner: string }>(
      scratch.url,
      `
      select schemaname || '.' || tablename as table, tableowner as owner,
        has_table_privilege('${APP_ROLE}', schemaname || '.' || tablename, 'SELECT,INSERT,UPDATE,DELETE') as dml
      from pg_tables where schemaname in (${SCHEMAS.map((s) => `'${s}'`).join(',')})`,
    )
    for (const r of rights) expect({ table: r.table, dml: r.dml, ownedByApp: r.owner === APP_ROLE }).toEqual({ table: r.table, dml: true, ownedByApp: false })

    const again = await runHost(env)
    expect({ code: again.code, output: again.output }).toEqual({ code: 0, output: expect.stringContaining('migrations done') })
  }, 120_000)

  it('portal_app may use the tables but not change the schema', async () => {
    // What a deployment does once: the app role logs in (k8s/README.md, infra/postgres-app-role.sh).
    await query(adminUrl!, `alter role ${APP_ROLE} login`)
    appUrl = as(scratch.url, APP_ROLE)
    const [me] = await query<{ user: string; super: boolean; bypass: boolean; createrole: boolean }>(
      appUrl,
      `select current_user as user, rolsuper as super, rolbypassrls as bypass, rolcreaterole as createrole from pg_roles where rolname = current_user`,
    )
    expect(me).toEqual({ user: APP_ROLE, super: false, bypass: false, createrole: false })
    await expect(query(appUrl, 'create table identity.not_allowed (id int)')).rejects.toThrow(/permission denied/)
    await expect(query(appUrl, 'create table public.not_allowed (id int)')).rejects.toThrow(/permission denied/)
    await expect(query(appUrl, 'create schema not_allowed')).rejects.toThrow(/permission denied/)
    await expect(query(appUrl, 'alter table identity.kysely_migration add column x int')).rejects.toThrow(/must be owner/)
  })

  describe('a portal with DB_MIGRATE=off logged in as portal_app', () => {
    let tp: TestPortal

    beforeAll(async () => {
      tp = await startTestPortal({ env: { DATABASE_URL: appUrl, DB_MIGRATE: 'off' } })
    }, 60_000)
    afterAll(async () => {
      await tp?.stop()
    })

    it('starts, signs a company up and serves its calls, as portal_app', async () => {
      const user = await signUp(tp, 'mia@migrate-job.example')
      const companies = await call(tp, 'GET', '/api/companys', { token: user.token })
      expect(companies.status).toBe(200)
      const people = await call(tp, 'GET', '/api/people', { token: user.token, dbName: user.dbName })
      expect(people.status).toBe(200)
      const ready = await call(tp, 'GET', '/readyz')
      expect([ready.status, ready.body.checks]).toEqual([200, expect.objectContaining({ db: true })])
      const who = await asSystem(() => sql<{ user: string }>`select current_user as user`.execute(tp.portal.ctx.db!.root))
      expect(who.rows[0]!.user).toBe(APP_ROLE)
    })
  })

  it('DB_MIGRATE=off on a database nobody migrated fails at start-up instead of creating anything', async () => {
    const empty = await createScratchDatabase(adminUrl!)
    try {
      await expect(startTestPortal({ env: { DATABASE_URL: as(empty.url, APP_ROLE), DB_MIGRATE: 'off' } })).rejects.toThrow()
      const [made] = await query<{ n: number }>(
        empty.url,
        `select count(*)::int as n from pg_namespace where nspname in (${SCHEMAS.map((s) => `'${s}'`).join(',')})`,
      )
      expect(made!.n).toBe(0)
    } finally {
      await empty.drop()
    }
  })
})
