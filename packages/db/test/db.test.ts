import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Kysely, sql } from 'kysely'
import { asOwner, type Database, type Migration, migrateSchema, openDatabase, schemaDb, testDatabaseKinds } from '../src/index.js'

// Plain storage tests: every query goes through the system twin (database.system), as tools do.

const migrations: Record<string, Migration> = {
  '2026_11_23T0000_things': {
    up: async (db: Kysely<any>) => {
      await db.schema
        .createTable('thing')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .execute()
    },
  },
}

interface ThingDb {
  thing: { id: string; tenantId: string; displayName: string }
}

describe.each(testDatabaseKinds())('database on %s', (_kind, open) => {
  let db: Database
  beforeAll(async () => {
    db = await open()
  })
  afterAll(async () => db.close())

  it('migrates a schema once and maps camelCase', async () => {
    await migrateSchema(db, 'svc_a', migrations)
    await migrateSchema(db, 'svc_a', migrations) // second run is a no-op
    const applied = await sql<{ name: string }>`select name from svc_a.kysely_migration`.execute(db.system)
    expect(applied.rows).toEqual([{ name: '2026_11_23T0000_things' }])
    // Tables and the migration bookkeeping land in the service's schema, nothing in public.
    const inPublic = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(db.system)
    expect(inPublic.rows[0]!.n).toBe(0)
    const a = schemaDb<ThingDb>(db, 'svc_a', { system: true })
    const tenantId = crypto.randomUUID()
    await a.insertInto('thing').values({ id: crypto.randomUUID(), tenantId, displayName: 'one' }).execute()
    expect(await a.selectFrom('thing').select(['tenantId', 'displayName']).execute()).toEqual([{ tenantId, displayName: 'one' }])
  })

  it('keeps schemas apart', async () => {
    await migrateSchema(db, 'svc_b', migrations)
    const b = schemaDb<ThingDb>(db, 'svc_b', { system: true })
    expect(await b.selectFrom('thing').selectAll().execute()).toEqual([])
    const tables = await sql<{ tableSchema: string }>`select table_schema from information_schema.tables where table_name = 'thing' order by 1`.execute(
      schemaDb(db, 'svc_a', { system: true }),
    )
    expect(tables.rows.map((r) => r.tableSchema)).toEqual(['svc_a', 'svc_b'])
  })

  it('names the failing migration', async () => {
    const broken = { ...migrations, '2026_11_23T0001_broken': { up: async (k: Kysely<any>) => void (await sql`select * from nowhere`.execute(k)) } }
    await expect(migrateSchema(db, 'svc_a', broken)).rejects.toThrow('migration of schema "svc_a" failed at 2026_11_23T0001_broken')
  })
})

describe.each(testDatabaseKinds())('closing on %s', (_kind, open) => {
  it('closes once, and refuses queries afterwards', async () => {
    const db = await open()
    await sql`select 1`.execute(db.system)
    await db.close()
    await db.close() // a second close is harmless
    await expect(sql`select 1`.execute(db.system)).rejects.toThrow()
  })
})

describe('PGlite in a data folder', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'db-test-'))
  })
  afterAll(async () => rm(dir, { recursive: true, force: true }))

  it('creates the folder and keeps data across restarts', async () => {
    const dataDir = path.join(dir, 'nested', 'pglite')
    const first = await openDatabase({ dataDir })
    expect(first.kind).toBe('pglite')
    expect((await stat(dataDir)).isDirectory()).toBe(true)
    await migrateSchema(first, 'svc_p', migrations)
    await schemaDb<ThingDb>(first, 'svc_p', { system: true })
      .insertInto('thing')
      .values({ id: crypto.randomUUID(), tenantId: crypto.randomUUID(), displayName: 'kept' })
      .execute()
    await first.close()
    const second = await openDatabase({ dataDir })
    try {
      await migrateSchema(second, 'svc_p', migrations)
      expect(await schemaDb<ThingDb>(second, 'svc_p', { system: true }).selectFrom('thing').select('displayName').execute()).toEqual([{ displayName: 'kept' }])
    } finally {
      await second.close()
    }
  })
})

describe('pgvector on PGlite', () => {
  it('is available to services that need it', async () => {
    const [, open] = testDatabaseKinds()[0]!
    const db = await open()
    try {
      await asOwner(() => sql`create extension if not exists vector`.execute(db.root)) // DDL is the owner's, not the app role's
      const r = await sql<{ d: number }>`select '[1,0,0]'::vector <=> '[1,0,0]'::vector as d`.execute(db.system)
      expect(Number(r.rows[0]!.d)).toBe(0)
    } finally {
      await db.close()
    }
  })
})
