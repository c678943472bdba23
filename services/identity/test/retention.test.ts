// The identity sweep forgets refresh tokens past expiry (plus a day) or used longer ago than the reuse
// window, and devices idle past DEVICE_IDLE_DAYS, for every tenant at once, in batches, by index;
// what a live session or reuse detection still needs stays. On every database kind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { sql } from 'kysely'
import { type RetentionRules, sweepSessions } from '../src/db/retention.repo.js'
import { buildHarness, call, type Harness, PASSWORD, signUp } from './harness.js'

const DAY = 86_400_000

describe.each(testDatabaseKinds())('session sweep on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  const rules = (over: Partial<RetentionRules> = {}): RetentionRules => ({
    now: new Date(),
    expiredGraceMs: DAY,
    reuseWindowMs: h.config.retention.reuseWindowMs,
    deviceIdleMs: h.config.retention.deviceIdleMs,
    batch: 2,
    ...over,
  })
  const ago = (days: number) => new Date(Date.now() - days * DAY)

  /** A token row for the user, as rotation leaves them (only the sweep's columns matter). */
  const token = async (tenantId: string, userId: string, label: string, expiresAt: Date, revokedAt: Date | null = null) => {
    await h.db
      .insertInto('refreshToken')
      .values({
        id: crypto.randomUUID(),
        tenantId,
        userId,
        sessionId: crypto.randomUUID(),
        tokenHash: `test-${label}-${crypto.randomUUID()}`,
        expiresAt,
        revokedAt,
      })
      .execute()
  }
  const hashes = async (userId: string) =>
    (await h.db.selectFrom('refreshToken').select('tokenHash').where('userId', '=', userId).execute()).map((r) => r.tokenHash.split('-')[1] ?? 'real').sort()

  it('deletes expired and long-used tokens of every tenant, keeping live ones and recent used ones', async () => {
    const a = await signUp(h, 'ann@sweep-a.example')
    const b = await signUp(h, 'bob@sweep-b.example')
    const tenantOf = async (userId: string) => (await h.db.selectFrom('user').select('tenantId').where('id', '=', userId).executeTakeFirstOrThrow()).tenantId
    for (const user of [a, b]) {
      const tenantId = await tenantOf(user._id)
      // Three expired beyond the grace (more than one batch), one expired within it.
      for (const n of [1, 2, 3]) await token(tenantId, user._id, `expired${n}`, ago(2))
      await token(tenantId, user._id, 'justexpired', new Date(Date.now() - DAY / 2))
      // Used 31 days ago (past the 30-day window) but not expired; used yesterday.
      await token(tenantId, user._id, 'oldused', new Date(Date.now() + DAY), ago(31))
      await token(tenantId, user._id, 'recentused', new Date(Date.now() + 29 * DAY), ago(1))
    }
    const swept = await sweepSessions(h.db, rules())
    expect(swept.refreshTokens).toBe(8)
    for (const user of [a, b]) expect(await hashes(user._id)).toEqual(['justexpired', 'real', 'real', 'recentused'])
    // The sessions the sweep kept still renew, and a second sweep has nothing left to do.
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: a.cookie })).status).toBe(200)
    expect(await sweepSessions(h.db, rules())).toEqual({ refreshTokens: 0, devices: 0 })
  })

  it('keeps a used token through the reuse window: presented again, it still ends its session', async () => {
    const user = await signUp(h, 'cat@sweep-c.example')
    const renewed = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
    expect(renewed.status).toBe(200)
    await h.db
      .updateTable('refreshToken')
      .set({ revokedAt: ago(10) })
      .where('userId', '=', user._id)
      .where('revokedAt', 'is not', null)
      .execute()
    await sweepSessions(h.db, rules())
    // The old cookie comes back (stolen): reuse is detected and the live token dies with its session.
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: renewed.refreshCookie! })).status).toBe(401)
    // With a window shorter than ten days the same rows would have gone.
    const swept = await sweepSessions(h.db, rules({ reuseWindowMs: 5 * DAY }))
    expect(swept.refreshTokens).toBeGreaterThanOrEqual(2)
  })

  it('forgets devices idle past DEVICE_IDLE_DAYS and keeps the others', async () => {
    await signUp(h, 'dan@sweep-d.example')
    const login = await call(h, 'POST', '/api/userlogin', { body: { email: 'dan@sweep-d.example', password: PASSWORD } })
    expect(login.deviceCookie).toBeDefined()
    const user = await h.db.selectFrom('user').select(['id', 'tenantId']).where('email', '=', 'dan@sweep-d.example').executeTakeFirstOrThrow()
    for (let i = 0; i < 3; i++) {
      await h.db
        .insertInto('device')
        .values({ id: crypto.randomUUID(), tenantId: user.tenantId, userId: user.id, tokenHash: `idle-${crypto.randomUUID()}`, lastUsedAt: ago(91) })
        .execute()
    }
    expect(h.config.retention.deviceIdleMs).toBe(90 * DAY)
    expect((await sweepSessions(h.db, rules())).devices).toBe(3)
    const left = await h.db.selectFrom('device').select('tokenHash').where('userId', '=', user.id).execute()
    expect(left).toHaveLength(1)
    expect(left[0]!.tokenHash.startsWith('idle-')).toBe(false)
  })

  it('finds what to delete by index, not by reading every row', async () => {
    const plan = async (query: string) => {
      // Tables this small are read whole by choice: forbid that to see whether an index can serve.
      await sql`set enable_seqscan = off`.execute(h.db)
      try {
        return (await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(h.db)).rows.map((r) => r['QUERY PLAN']).join('\n')
      } finally {
        await sql`set enable_seqscan = on`.execute(h.db)
      }
    }
    expect(await plan(`select id from identity.refresh_token where expires_at < now() limit 1000`)).toMatch(/refresh_token_expires_idx/)
    expect(await plan(`select id from identity.refresh_token where revoked_at < now() limit 1000`)).toMatch(/refresh_token_revoked_idx/)
    expect(await plan(`select id from identity.device where last_used_at < now() limit 1000`)).toMatch(/device_last_used_idx/)
  })
})
