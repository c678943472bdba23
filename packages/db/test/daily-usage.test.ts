// Daily quotas (security.md B29): spent atomically, so concurrent requests never overshoot, per tenant,
// and under row-level security as the services run them; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Kysely } from 'kysely'
import {
  createDailyUsageTable,
  type Database,
  type Migration,
  migrateSchema,
  refundDaily,
  spendDaily,
  spendQuota,
  testDatabaseKinds,
  usageToday,
  withTenant,
} from '../src/index.js'

const SCHEMA = 'usage_test'
const migrations: Record<string, Migration> = { '2026_11_26T0100_daily_usage': { up: (db: Kysely<any>) => createDailyUsageTable(db, SCHEMA) } }
const quota = { files: 5, bytes: 1000, drafts: 2 }

describe.each(testDatabaseKinds())('daily usage on %s', (_kind, open) => {
  let database: Database
  beforeAll(async () => {
    database = await open()
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  it('lets exactly the quota through when many spend at once, and counts per tenant', async () => {
    const db = database.root
    const a = crypto.randomUUID()
    const b = crypto.randomUUID()
    const results = await Promise.all(Array.from({ length: 20 }, () => withTenant(a, () => spendDaily(db, SCHEMA, a, { files: 1, bytes: 10 }, quota))))
    expect(results.filter(Boolean)).toHaveLength(5)
    expect(await withTenant(a, () => usageToday(db, SCHEMA, a))).toEqual({ files: 5, bytes: 50, drafts: 0 })
    // Another company's day is its own, and invisible from the first company's scope.
    expect(await withTenant(b, () => spendDaily(db, SCHEMA, b, { files: 1, bytes: 10 }, quota))).toBe(true)
    expect(await withTenant(b, () => usageToday(db, SCHEMA, b))).toEqual({ files: 1, bytes: 10, drafts: 0 })
    expect(await withTenant(a, () => usageToday(db, SCHEMA, b))).toEqual({ files: 0, bytes: 0, drafts: 0 })
  })

  it('refuses a spend that would pass any limit, and adds nothing of it', async () => {
    const db = database.system // one tenant throughout; the scope is not what this test is about
    const t = crypto.randomUUID()
    expect(await spendDaily(db, SCHEMA, t, { files: 1, bytes: 1001 }, quota)).toBe(false) // alone too big
    expect(await spendDaily(db, SCHEMA, t, { files: 1, bytes: 600 }, quota)).toBe(true)
    expect(await spendDaily(db, SCHEMA, t, { files: 1, bytes: 600 }, quota)).toBe(false) // 1200 bytes > 1000
    expect(await spendDaily(db, SCHEMA, t, { drafts: 2 }, quota)).toBe(true)
    await expect(spendQuota(db, SCHEMA, t, { drafts: 1 }, quota, 'drafting runs')).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      statusCode: 429,
      message: "Your company has reached today's limit of drafting runs. Please try again tomorrow.",
    })
    expect(await usageToday(db, SCHEMA, t)).toEqual({ files: 1, bytes: 600, drafts: 2 })
  })

  it('gives back what a request did not use, never below zero', async () => {
    const db = database.system
    const t = crypto.randomUUID()
    expect(await spendDaily(db, SCHEMA, t, { files: 3, bytes: 900 }, quota)).toBe(true)
    await refundDaily(db, SCHEMA, t, { files: 3, bytes: 900 })
    expect(await usageToday(db, SCHEMA, t)).toEqual({ files: 0, bytes: 0, drafts: 0 })
    expect(await spendDaily(db, SCHEMA, t, { files: 5, bytes: 1000 }, quota)).toBe(true) // the whole quota again
    await refundDaily(db, SCHEMA, t, { files: 9, bytes: 5000, drafts: 1 })
    expect(await usageToday(db, SCHEMA, t)).toEqual({ files: 0, bytes: 0, drafts: 0 })
  })
})
