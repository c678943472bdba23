// Sign-in throttling (issue 10, security.md B8): failures are limited per (account, address) and per
// address; per account only for browsers that are not the account's trusted devices, so another
// address's guessing never locks the owner out of a browser that signed in before (device cookie).
// The owner is emailed once per attack. On every database kind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { keyHash, recordAttempt } from '../src/db/attempts.repo.js'
import { ATTACK_NOTICE_AT, LOGIN_LIMITS } from '../src/routes/session.js'
import { buildHarness, call, type Harness, PASSWORD, signUp } from './harness.js'

const NOTICE = 'Failed sign-in attempts on your account'
const login = (h: Harness, email: string, password: string, opts: { ip?: string; device?: string } = {}) =>
  call(h, 'POST', '/api/userlogin', { body: { email, password }, ...(opts.ip ? { ip: opts.ip } : {}), ...(opts.device ? { cookie: opts.device } : {}) })
const noticesTo = (h: Harness, email: string) => h.mail.sent.filter((m) => m.to === email && m.subject === NOTICE).length

describe.each(testDatabaseKinds())('sign-in throttling on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  it('limits a flood of requests from one address', async () => {
    const ip = '192.0.2.7'
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push((await login(h, `flood${i}@x.example`, 'x', { ip })).status)
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('gives a signed-in browser a device cookie: HttpOnly, SameSite=Strict, only for the sign-in route, stored hashed', async () => {
    const user = await signUp(h, 'cookie@device-co.example')
    const res = await login(h, user.email, PASSWORD)
    expect(res.status).toBe(200)
    const header = (res.headers['set-cookie'] as string[]).find((c) => c.startsWith('portal_dc='))!
    expect(header).toMatch(/^portal_dc=[\w-]{43};/)
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Strict/)
    expect(header).toMatch(/Path=\/api\/userlogin/)
    expect(header).toMatch(/Secure/)
    const token = res.deviceCookie!.slice('portal_dc='.length)
    const rows = await h.db.selectFrom('device').select('tokenHash').where('userId', '=', user._id).execute()
    expect(rows).toEqual([{ tokenHash: keyHash(token) }])
    // Signing in again from that browser keeps it; a wrong password from it sets nothing.
    expect((await login(h, user.email, PASSWORD, { device: res.deviceCookie! })).deviceCookie).toBeUndefined()
  })

  it('throttles one guesser at one address after 10 failures, not the owner elsewhere', async () => {
    const { email } = await signUp(h, 'pair@pair-co.example')
    const ip = '203.0.113.10'
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) expect((await login(h, email, `Wrong!pass${i}`, { ip })).status).toBe(400)
    const limited = await login(h, email, PASSWORD, { ip }) // even the right password, from there
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ status: false, message: 'Too many failed sign-in attempts. Please try again later.' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500)
    expect((await login(h, email, PASSWORD, { ip: '203.0.113.11' })).status).toBe(200)
    // An address without an account is throttled the same way.
    const ghostIp = '203.0.113.12'
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) await login(h, 'ghost@pair-co.example', 'Wrong!pass1', { ip: ghostIp })
    expect((await login(h, 'ghost@pair-co.example', 'Wrong!pass1', { ip: ghostIp })).body).toEqual(limited.body)
  })

  it('throttles one address spraying many accounts', async () => {
    const ip = '203.0.113.20'
    for (let i = 0; i < LOGIN_LIMITS.address.max; i++) await recordAttempt(h.db, 'login_failure_ip', ip)
    const { email } = await signUp(h, 'spray@spray-co.example')
    expect((await login(h, email, PASSWORD, { ip })).status).toBe(429)
    expect((await login(h, email, PASSWORD, { ip: '203.0.113.21' })).status).toBe(200)
  })

  it('does not lock the owner out: 7 guessing addresses fail, the owner signs in; beyond 100 failures only new browsers wait', async () => {
    const email = 'owner@siege-co.example'
    await signUp(h, email)
    // The owner's own browser signed in before the attack.
    const device = (await login(h, email, PASSWORD, { ip: '198.51.100.200' })).deviceCookie!
    expect(device).toBeDefined()

    // The attack of the issue: 7 addresses, 15 tries each (105 sign-ins).
    const attackers = Array.from({ length: 7 }, (_, i) => `198.51.100.${i + 1}`)
    const statuses: number[] = []
    for (const ip of attackers) for (let i = 0; i < 15; i++) statuses.push((await login(h, email, `Guess!${ip}-${i}`, { ip })).status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(70) // 10 per address, then 429
    expect(statuses.filter((s) => s === 429)).toHaveLength(35)
    // The owner signs in: from the trusted browser at one of the attack's own addresses, and even
    // from a new browser at a new address (70 failures are under the account's limit of 100).
    expect((await login(h, email, PASSWORD, { ip: attackers[0]!, device })).status).toBe(200)
    expect((await login(h, email, PASSWORD, { ip: '198.51.100.99' })).status).toBe(200)

    // A larger botnet: the account collects its 100 untrusted failures an hour.
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) await recordAttempt(h.db, 'login_failure', email)
    const newBrowser = await login(h, email, PASSWORD, { ip: '198.51.100.150' })
    expect(newBrowser.status).toBe(429)
    expect(Number(newBrowser.headers['retry-after'])).toBeGreaterThan(0)
    // The owner's trusted browser is not held back by any of it, wherever it is.
    for (const ip of ['198.51.100.151', attackers[3]!]) expect((await login(h, email, PASSWORD, { ip, device })).status).toBe(200)
    // A device cookie of another account does not make this one trusted.
    const other = await signUp(h, 'other@siege-co.example')
    const otherDevice = (await login(h, other.email, PASSWORD)).deviceCookie!
    expect((await login(h, email, PASSWORD, { ip: '198.51.100.152', device: otherDevice })).status).toBe(429)

    // The owner was told once (at the 20th failure), not once per failure.
    for (let i = 0; i < 100 && noticesTo(h, email) === 0; i++) await new Promise((r) => setTimeout(r, 10))
    expect(ATTACK_NOTICE_AT).toBe(20)
    expect(noticesTo(h, email)).toBe(1)
    expect(h.mail.sent.find((m) => m.to === email && m.subject === NOTICE)!.text).toMatch(
      /^There were 20 failed sign-in attempts on your Trust Portal account in the last hour\./,
    )
  })

  it('limits a trusted device by its own failures', async () => {
    const { email } = await signUp(h, 'typo@device-limit.example')
    const device = (await login(h, email, PASSWORD)).deviceCookie!
    for (let i = 0; i < LOGIN_LIMITS.device.max; i++) expect((await login(h, email, `Typo!pass${i}`, { device })).status).toBe(400)
    expect((await login(h, email, PASSWORD, { device })).status).toBe(429)
    // Its failures did not count against the account: another browser is not held back.
    expect((await login(h, email, PASSWORD)).status).toBe(200)
  })
})
