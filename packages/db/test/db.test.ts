import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Kysely, sql } from 'kysely'
import { type Database, type Migration, migrateSchema, schemaDb, testDatabaseKinds } from '../src/index.js'

const migrations: Record<string, Migration> = {
  '2026_11_23T0000_things': {
    up: async (db: Kysely<any>) => {
      await db.schema.createTable('thing').addColumn('id', 'uuid', (c) => c.primaryKey()).addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull()).execute()
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
    const a = schemaDb<ThingDb>(db, 'svc_a')
    const tenantId = crypto.randomUUID()
    await a.insertInto('thing').values({ id: crypto.randomUUID(), tenantId, displayName: 'one' }).execute()
    expect(await a.selectFrom('thing').select(['tenantId', 'displayName']).execute()).toEqual([{ tenantId, displayName: 'one' }])
  })

  it('keeps schemas apart', async () => {
    await migrateSchema(db, 'svc_b', migrations)
    const b = schemaDb<ThingDb>(db, 'svc_b')
    expect(await b.selectFrom('thing').selectAll().execute()).toEqual([])
    const tables = await sql<{ tableSchema: string }>`select table_schema from information_schema.tables where table_name = 'thing' order by 1`.execute(schemaDb(db, 'svc_a'))
    expect(tables.rows.map((r) => r.tableSchema)).toEqual(['svc_a', 'svc_b'])
  })

  it('names the failing migration', async () => {
    const broken = { ...migrations, '2026_11_23T0001_broken': { up: async (k: Kysely<any>) => void (await sql`select * from nowhere`.execute(k)) } }
    await expect(migrateSchema(db, 'svc_a', broken)).rejects.toThrow('migration of schema "svc_a" failed at 2026_11_23T0001_broken')
  })
})

describe('pgvector on PGlite', () => {
  it('is available to services that need it', async () => {
    const [, open] = testDatabaseKinds()[0]!
    const db = await open()
    try {
      await sql`create extension if not exists vector`.execute(db.root)
      const r = await sql<{ d: number }>`select '[1,0,0]'::vector <=> '[1,0,0]'::vector as d`.execute(db.root)
      expect(Number(r.rows[0]!.d)).toBe(0)
    } finally {
      await db.close()
    }
  })
})
