// The history's event_count migration: page-view rows written before it ("Page loaded 37 times")
// get their count back from their words, every other row counts one, and new rows default to one.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, testDatabaseKinds } from '@portal/db'
import { sql } from 'kysely'
import { migrations, SCHEMA } from '../src/index.js'

const HISTORY_COUNT = '2026_11_27T0500_history_count'
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < HISTORY_COUNT))

describe.each(testDatabaseKinds())('history event counts on %s', (_kind, open) => {
  let database: Database
  const tenant = crypto.randomUUID()

  beforeAll(async () => {
    database = await open()
    await migrateSchema(database, SCHEMA, before)
    const rows: [string, string][] = [
      ['view', 'Page loaded'],
      ['view', 'Page loaded 37 times'],
      ['view', 'Page loaded by vera@buyer.example'],
      ['download', 'Downloaded 3 times (visitor)'],
      ['request', 'Access requested'],
    ]
    for (const [type, detail] of rows) {
      await sql`insert into trust_center.history (id, tenant_id, type, detail) values (${crypto.randomUUID()}, ${tenant}, ${type}, ${detail})`.execute(
        database.system,
      )
    }
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database.close())

  it('backfills the batches of page views and counts every other row once', async () => {
    const { rows } = await sql<{
      type: string
      detail: string
      eventCount: number
    }>`select type, detail, event_count as "eventCount" from trust_center.history where tenant_id = ${tenant} order by detail`.execute(database.system)
    expect(rows.map((r) => [r.detail, r.eventCount])).toEqual([
      ['Access requested', 1],
      ['Downloaded 3 times (visitor)', 1],
      ['Page loaded', 1],
      ['Page loaded 37 times', 37],
      ['Page loaded by vera@buyer.example', 1],
    ])
    await sql`insert into trust_center.history (id, tenant_id, type) values (${crypto.randomUUID()}, ${tenant}, 'view')`.execute(database.system)
    const total = await sql<{ n: number }>`select sum(event_count)::int as n from trust_center.history where tenant_id = ${tenant} and type = 'view'`.execute(
      database.system,
    )
    expect(total.rows[0]!.n).toBe(40)
    await expect(
      sql`insert into trust_center.history (id, tenant_id, type, event_count) values (${crypto.randomUUID()}, ${tenant}, 'view', 0)`.execute(database.system),
    ).rejects.toThrow()
  })
})
