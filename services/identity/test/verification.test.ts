// Sign-up proves the address (issue 10): anyone could register ceo@bigbank and speak for "bigbank".
// Now a link is mailed; until it is followed the account can sign in and prepare, but not invite
// (nor publish: tests/integration/identity-verification.test.ts). Tokens are 256 bits, stored hashed,
// single use, expiring; the resend is rate-limited; invited people are verified by their invite.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { keyHash } from '../src/db/attempts.repo.js'
import { buildHarness, call, type Harness, mailTo, PASSWORD, signUp, verificationToken, verify } from './harness.js'

const NOT_VERIFIED = 'Please verify your email address first: use the link we emailed you.'
const SUBJECT = 'Confirm your email address'
const verifyEmail = (h: Harness, token: string) => call(h, 'POST', '/api/user/verify-email', { body: { token } })
const resend = (h: Harness, token?: string) => call(h, 'POST', '/api/user/verify-email/resend', token ? { token } : {})
const links = (h: Harness, email: string) => h.mail.sent.filter((m) => m.to === email && m.subject === SUBJECT).length

describe.each(testDatabaseKinds())('email verification on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  it('mails a single-use link at sign-up; until it is followed the admin can prepare but not invite', async () => {
    const squatter = await signUp(h, 'ceo@bigbank.example', undefined, { verified: false })
    expect(squatter.dbName).toBe('bigbank')
    const signup = await h.tokens.verifyAccess(squatter.token)
    expect(signup.emailVerified).toBe(false)
    const mail = await mailTo(h, squatter.email, SUBJECT)
    expect(mail.text).toMatch(/^Please confirm that this address is yours: https:\/\/portal\.test\/verify-email\?token=[\w-]{43}\n/)
    expect(mail.text).toContain('expires in 48 hours')
    const token = await verificationToken(h, squatter.email)
    const row = await h.db
      .selectFrom('emailVerification')
      .select(['tokenHash', 'expiresAt', 'usedAt'])
      .where('userId', '=', squatter._id)
      .executeTakeFirstOrThrow()
    expect(row.tokenHash).toBe(keyHash(token)) // only the SHA-256 is stored
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(48 * 3600_000 - 60_000)
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(48 * 3600_000)

    // Signing in and preparing work; the reply says the address is not verified yet.
    const login = await call(h, 'POST', '/api/userlogin', { body: { email: squatter.email, password: PASSWORD } })
    expect(login.body).toMatchObject({ status: true, data: { emailVerified: false } })
    expect((await call(h, 'PUT', `/api/userprofile/${squatter._id}`, { token: squatter.token, body: { firstName: 'c', lastName: 'e' } })).status).toBe(200)
    expect((await call(h, 'PUT', '/api/fs/update_provisioned', { token: squatter.token, body: {} })).status).toBe(200)
    // Inviting people speaks for the company: refused with what to do.
    const refused = await call(h, 'POST', '/api/people/invite', { token: squatter.token, body: { email: 'staff@bigbank.example' } })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ status: false, code: 'EMAIL_NOT_VERIFIED', message: NOT_VERIFIED })
    expect(h.mail.sent.some((m) => m.to === 'staff@bigbank.example')).toBe(false)
  })

  it('verifies with the link, once; a renewed session carries the claim and may invite', async () => {
    const user = await signUp(h, 'owner@verify-co.example', undefined, { verified: false })
    const token = await verificationToken(h, user.email)
    const ok = await verifyEmail(h, token)
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ status: true, message: 'Your email address is verified.' })
    // The access token in hand was issued before: it still says unverified, until renewed.
    expect((await call(h, 'POST', '/api/people/invite', { token: user.token, body: { email: 'mate@verify-co.example' } })).status).toBe(403)
    const renewed = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
    expect(renewed.body).toMatchObject({ status: true, data: { emailVerified: true } })
    const fresh = (renewed.body.data as { token: string }).token
    expect((await h.tokens.verifyAccess(fresh)).emailVerified).toBe(true)
    expect((await call(h, 'POST', '/api/people/invite', { token: fresh, body: { email: 'mate@verify-co.example' } })).status).toBe(201)
    // Single use: the same link again changes nothing and says where things stand.
    expect((await verifyEmail(h, token)).body).toEqual({ status: true, message: 'Your email address is already verified.' })
    expect((await call(h, 'POST', '/api/userlogin', { body: { email: user.email, password: PASSWORD } })).body).toMatchObject({ data: { emailVerified: true } })
  })

  it.each([
    ['A'.repeat(43), 'This verification link is not valid. Sign in and use "Resend the link" to get a new one.'],
    ['', 'This verification link is not valid. Sign in and use "Resend the link" to get a new one.'],
  ])('refuses the made-up token %j with a clear message', async (token, message) => {
    const res = await verifyEmail(h, token)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ status: false, message })
  })

  it('refuses an expired link, and a link replaced by a newer one', async () => {
    const user = await signUp(h, 'late@verify-late.example', undefined, { verified: false })
    const first = await verificationToken(h, user.email)
    await h.db
      .updateTable('emailVerification')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user._id)
      .execute()
    const expired = await verifyEmail(h, first)
    expect(expired.status).toBe(400)
    expect(expired.body.message).toBe('This verification link has expired. Sign in and use "Resend the link" to get a new one.')

    expect((await resend(h, user.token)).status).toBe(200)
    for (let i = 0; i < 100 && links(h, user.email) < 2; i++) await new Promise((r) => setTimeout(r, 5))
    const second = await verificationToken(h, user.email)
    expect(second).not.toBe(first)
    expect((await verifyEmail(h, first)).status).toBe(400)
    expect((await verifyEmail(h, second)).status).toBe(200)
    const row = await h.db.selectFrom('user').select('emailVerifiedAt').where('id', '=', user._id).executeTakeFirstOrThrow()
    expect(row.emailVerifiedAt).toBeInstanceOf(Date)
  })

  it('resends the link to a signed-in user, 3 times an hour, and not once verified', async () => {
    expect((await resend(h)).status).toBe(401)
    const user = await signUp(h, 'again@verify-resend.example', undefined, { verified: false })
    await mailTo(h, user.email, SUBJECT)
    for (let i = 0; i < 3; i++) {
      const res = await resend(h, user.token)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ status: true, message: 'We sent a new link to again@verify-resend.example. It works once and expires in 48 hours.' })
    }
    const limited = await resend(h, user.token)
    expect(limited.status).toBe(429)
    expect(limited.body.message).toBe('You asked for several links already. Please use the latest one, or try again in an hour.')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500)
    for (let i = 0; i < 100 && links(h, user.email) < 4; i++) await new Promise((r) => setTimeout(r, 5))
    expect(links(h, user.email)).toBe(4) // sign-up + 3

    const done = await verify(h, await signUp(h, 'done@verify-resend.example', undefined, { verified: false }))
    const before = links(h, done.email)
    expect((await resend(h, done.token)).body).toEqual({ status: true, message: 'Your email address is already verified.' })
    await new Promise((r) => setTimeout(r, 30))
    expect(links(h, done.email)).toBe(before)
  })

  it('counts an accepted invitation as proof of the address', async () => {
    const admin = await signUp(h, 'lead@invited-co.example')
    await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'mate@invited-co.example' } })
    const inviteToken = h.mail.sent
      .filter((m) => m.to === 'mate@invited-co.example')
      .at(-1)!
      .text.match(/invite=([\w-]+)/)![1]
    const joined = await call(h, 'POST', '/api/usercreate/people', {
      body: { firstName: 'm', lastName: 'o', email: 'mate@invited-co.example', password: PASSWORD, cnfpassword: PASSWORD, inviteToken },
    })
    expect(joined.status).toBe(201)
    expect(joined.body).toMatchObject({ data: { emailVerified: true } })
    expect((await h.tokens.verifyAccess((joined.body.data as { token: string }).token)).emailVerified).toBe(true)
    await new Promise((r) => setTimeout(r, 30))
    expect(links(h, 'mate@invited-co.example')).toBe(0)
  })
})
