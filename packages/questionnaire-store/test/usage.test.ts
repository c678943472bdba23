// Daily quotas (security.md B29): spent atomically, so concurrent uploads never overshoot, per tenant,
// and under row-level security as the service runs them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, testDatabaseKinds, withTenant } from '@portal/db'
import { migrations, questionnaireDb, SCHEMA, spendQuota, usageToday } from '../src/index.js'

const quota = { files: 5, bytes: 1000, drafts: 2 }

describe.each(testDatabaseKinds())('daily usage on %s', (_kind, open) => {
  let database: Database
  beforeAll(async () => {
    database = await open()
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  it('lets exactly the quota through when many spend at once, and counts per tenant', async () => {
    const db = questionnaireDb(database)
    const a = crypto.randomUUID()
    const b = crypto.randomUUID()
    const results = await Promise.all(Array.from({ length: 20 }, () => withTenant(a, () => spendQuota(db, a, { files: 1, bytes: 10 }, quota))))
    expect(results.filter(Boolean)).toHaveLength(5)
    expect(await withTenant(a, () => usageToday(db, a))).toEqual({ files: 5, bytes: 50, drafts: 0 })
    // Another company's day is its own.
    expect(await withTenant(b, () => spendQuota(db, b, { files: 1, bytes: 10 }, quota))).toBe(true)
    expect(await withTenant(b, () => usageToday(db, b))).toEqual({ files: 1, bytes: 10, drafts: 0 })
  })

  it('refuses a spend that would pass any limit, and adds nothing of it', async () => {
    const db = questionnaireDb(database)
    const t = crypto.randomUUID()
    expect(await spendQuota(db, t, { files: 1, bytes: 1001 }, quota)).toBe(false) // alone too big
    expect(await spendQuota(db, t, { files: 1, bytes: 600 }, quota)).toBe(true)
    expect(await spendQuota(db, t, { files: 1, bytes: 600 }, quota)).toBe(false) // 1200 bytes > 1000
    expect(await spendQuota(db, t, { drafts: 2 }, quota)).toBe(true)
    expect(await spendQuota(db, t, { drafts: 1 }, quota)).toBe(false)
    expect(await usageToday(db, t)).toEqual({ files: 1, bytes: 600, drafts: 2 })
  })
})
