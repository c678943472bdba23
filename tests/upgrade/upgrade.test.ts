// An installation of the previous release upgrades to this code with every row kept: its database
// (tests/fixtures/upgrade, recorded by record-release.ts) is loaded, this portal starts on it (and so
// migrates it), serves what the release stored, and afterwards every row the release had is there
// with every column it had, unchanged. On PGlite (`npm start`'s database) and on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from '@jest/globals'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { createScratchDatabase } from '@portal/db'
import { SCHEMAS } from '@portal/svc-host/migrate'
import pg from 'pg'
import { call, dbKinds, startTestPortal } from '../support/portal.js'
import { DEMO_ADMIN, DEMO_PASSWORD } from './fill-release.js'
import { latestRelease } from './release-fixture.js'

type Query = (text: string) => Promise<Record<string, unknown>[]>
/** `schema.table` → each row as JSON. */
type Snapshot = Map<string, Record<string, unknown>[]>

async function snapshot(query: Query): Promise<Snapshot> {
  const schemas = SCHEMAS.map((s) => `'${s.schema}'`).join(', ')
  const tables = await query(
    `select table_schema || '.' || table_name as name from information_schema.tables where table_schema in (${schemas}) and table_type = 'BASE TABLE' order by 1`,
  )
  const snap: Snapshot = new Map()
  for (const { name } of tables as { name: string }[]) {
    const rows = await query(`select to_jsonb(t) as r from ${name} t`)
    snap.set(
      name,
      rows.map((x) => x['r'] as Record<string, unknown>),
    )
  }
  return snap
}

/** Rows of `before` missing from `after`, each compared on the columns it had (a migration may add columns). */
function lostRows(before: Snapshot, after: Snapshot): string[] {
  const lost: string[] = []
  for (const [table, rows] of before) {
    const columns = rows[0] ? Object.keys(rows[0]).sort() : []
    const project = (r: Record<string, unknown>) => JSON.stringify(columns.map((c) => r[c] ?? null))
    const remaining = new Map<string, number>()
    for (const r of after.get(table) ?? []) remaining.set(project(r), (remaining.get(project(r)) ?? 0) + 1)
    for (const r of rows) {
      const key = project(r)
      const n = remaining.get(key) ?? 0
      if (n === 0) lost.push(`${table}: ${key.slice(0, 200)}`)
      else remaining.set(key, n - 1)
    }
  }
  return lost
}

/** A database holding the release's dump, how to read it, and the portal settings that use it. */
interface Loaded {
  env: Record<string, string>
  /** Reads the database while no portal holds it (PGlite has one user). */
  read<T>(fn: (query: Query) => Promise<T>): Promise<T>
  drop(): Promise<void>
}

async function loadRelease(kind: 'pglite' | 'pg', sql: string): Promise<Loaded> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-upgrade-'))
    const folder = path.join(dir, 'pglite') // where the portal keeps it under DATA_DIR
    const open = () => PGlite.create(folder, { extensions: { vector } })
    const db = await open()
    await db.exec(sql)
    await db.close()
    return {
      env: { DATA_DIR: dir },
      read: async (fn) => {
        const db = await open()
        try {
          return await fn(async (text) => (await db.query<Record<string, unknown>>(text)).rows)
        } finally {
          await db.close()
        }
      },
      drop: () => rm(dir, { recursive: true, force: true }),
    }
  }
  const scratch = await createScratchDatabase(process.env['TEST_DATABASE_URL']!)
  const read = async <T>(fn: (query: Query) => Promise<T>) => {
    const client = new pg.Client({ connectionString: scratch.url })
    await client.connect()
    try {
      return await fn(async (text) => (await client.query(text)).rows)
    } finally {
      await client.end()
    }
  }
  await read((query) => query(sql))
  return { env: { DATABASE_URL: scratch.url }, read, drop: () => scratch.drop() }
}

const release = latestRelease()

describe.each(dbKinds())(`upgrade from the release of ${release.name} (%s)`, (kind) => {
  let loaded: Loaded | undefined
  afterAll(async () => loaded?.drop())

  it('migrates its database, serves what it stored, and keeps every row', async () => {
    loaded = await loadRelease(kind, release.sql)
    const before = await loaded.read(snapshot)
    // The dump loaded whole: as many rows as the release had.
    expect(Object.fromEntries([...before].map(([t, rows]) => [t, rows.length]))).toEqual(release.rows)

    const tp = await startTestPortal({ env: loaded.env })
    try {
      const login = await call(tp, 'POST', '/api/userlogin', { body: { email: DEMO_ADMIN, password: DEMO_PASSWORD } })
      expect(login.status).toBe(200)
      const { token, dbName } = login.body.data as { token: string; dbName: string }
      const companies = await call(tp, 'GET', '/api/companys', { token, dbName })
      const [company] = companies.body.data as { _id: string; companyName: string }[]
      expect(company?.companyName).toBe('Sample Customer')
      const files = (await call(tp, 'GET', `/api/questionnaires/${company!._id}`, { token, dbName })).body.data as { _id: string }[]
      const questions = (await call(tp, 'GET', `/api/getquestionlist/${files[0]!._id}`, { token, dbName })).body.data as { answer: string }[]
      expect(questions.map((q) => q.answer)).toContain('Yes, reviewed by a person before the upgrade.')
      const second = await call(tp, 'POST', '/api/userlogin', { body: { email: 'alice@upgrade-one.example', password: DEMO_PASSWORD } })
      expect(second.status).toBe(200)
    } finally {
      await tp.stop()
    }

    const after = await loaded.read(snapshot)
    expect(lostRows(before, after)).toEqual([])
    // Every migration of this code is applied, the release's among them.
    for (const s of SCHEMAS) {
      const applied = (after.get(`${s.schema}.kysely_migration`) ?? []).map((r) => r['name'])
      expect(applied.sort()).toEqual(Object.keys(s.migrations).sort())
    }
  }, 180_000) // a dump loaded, a portal started on a PGlite folder, two snapshots: slow on a busy CI machine
})
