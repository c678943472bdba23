// Forgot password: codes by mail, validation that hands out a reset token, the change that only that
// token can make (once, for its own account) and that ends every session; burn, expiry and request
// limits; the per-account cap on wrong codes across every address, the owner's notice, and answers
// (timing included) that do not depend on whether the account exists. On every database kind.
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { asOwner, testDatabaseKinds } from '@portal/db'
import { sql } from 'kysely'
import { keyHash } from '../src/db/attempts.repo.js'
import { otpGuessesPerDay } from '../src/domain/otp.js'
import { buildHarness, call, codeMailsTo, type Harness, lastCode, type Reply, requestCode, signUp } from './harness.js'

const NEW_PASSWORD = 'Fresh!Harbor42'
const RESET_EXPIRED = 'Your password reset has expired or was already used. Please request a new OTP.'
const NOTICE = 'Wrong password reset codes were entered for your account'
const validate = (h: Harness, email: string, otp: string, ip?: string) =>
  call(h, 'POST', '/api/user/otpvalidation', { body: { email, otp }, ...(ip ? { ip } : {}) })
const change = (h: Harness, email: string, resetToken: string | undefined, password = NEW_PASSWORD, cnfpassword = password) =>
  call(h, 'POST', '/api/user/changepassword', { body: { email, password, cnfpassword, ...(resetToken === undefined ? {} : { resetToken }) } })
const otherCode = (code: string, n = 1) => String((Number(code) + n) % 10 ** code.length).padStart(code.length, '0')
const tokenOf = (r: Reply) => (r.body.data as { resetToken: string }).resetToken
const noticesTo = (h: Harness, email: string) => h.mail.sent.filter((m) => m.to === email && m.subject === NOTICE).length
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const settle = () => new Promise((r) => setTimeout(r, 50))

/** Wrong codes counted for `email` as if entered `hoursAgo` (yesterday's guesses, say). */
async function pastFailures(h: Harness, email: string, n: number, hoursAgo: number): Promise<void> {
  const createdAt = new Date(Date.now() - hoursAgo * 3600_000)
  for (let i = 0; i < n; i++)
    await h.db
      .insertInto('attempt')
      .values({ id: crypto.randomUUID(), kind: 'otp_failure', keyHash: keyHash(email), createdAt })
      .execute()
}

describe.each(testDatabaseKinds())('forgot password on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  it('answers known and unknown emails alike, and mails a code only to accounts', async () => {
    await signUp(h, 'known@reset-a.example')
    const known = await call(h, 'POST', '/api/user/forgotpassword', { body: { email: 'Known@Reset-A.example' } })
    const unknown = await call(h, 'POST', '/api/user/forgotpassword', { body: { email: 'ghost@reset-a.example' } })
    expect(known.status).toBe(200)
    expect(known.body).toEqual({ status: true, message: 'OTP has been sent to your email', data: { otpDigits: 4 } })
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    const code = await lastCode(h, 'known@reset-a.example')
    expect(code).toMatch(/^\d{4}$/)
    await settle()
    expect(codeMailsTo(h, 'ghost@reset-a.example')).toBe(0)
    // Stored hashed, counted by a hash of the email (for the unknown address too), never in the clear.
    const otp = await h.db.selectFrom('otp').select(['codeHash']).executeTakeFirstOrThrow()
    expect(otp.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(otp.codeHash).not.toContain(code)
    const counted = await h.db.selectFrom('attempt').select(['keyHash']).where('kind', '=', 'reset_request').execute()
    expect(counted).toHaveLength(2)
    expect(JSON.stringify(counted)).not.toContain('ghost')
  })

  it.each([
    [{ email: '' }, 'Please enter registered Email ID.'],
    [{}, 'Please enter registered Email ID.'],
    [{ email: 'not-an-email' }, 'Please Enter valid email address'],
  ])('refuses %j', async (body, message) => {
    expect((await call(h, 'POST', '/api/user/forgotpassword', { body })).body).toMatchObject({ status: false, message })
  })

  it('validates the mailed code once, and its reset token changes the password once and ends every session', async () => {
    const email = 'flow@reset-b.example'
    const user = await signUp(h, email)
    const second = await call(h, 'POST', '/api/userlogin', { body: { email, password: 'Str0ng!pass' } })
    const code = await requestCode(h, email)

    expect((await change(h, email, undefined)).body).toMatchObject({ status: false, message: RESET_EXPIRED }) // not validated yet
    expect((await validate(h, email, '12a4')).body).toMatchObject({ status: false, message: 'Please Enter 4 digit Valid OTP' })
    expect((await validate(h, email, '12345')).body.message).toBe('Please Enter 4 digit Valid OTP')
    const wrong = await validate(h, email, otherCode(code))
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ status: false, message: 'Invalid OTP', code: 'INVALID_REQUEST' })
    expect((await validate(h, 'nobody@reset-b.example', code)).body).toEqual(wrong.body)
    const ok = await validate(h, email, code)
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ status: true, message: 'OTP Validated Successfully', data: { resetToken: expect.stringMatching(/^[\w-]{43}$/) } })
    const resetToken = tokenOf(ok)
    // The code validates once: a second validation hands out nothing.
    expect((await validate(h, email, code)).body.message).toBe('Invalid OTP')
    // Stored as its SHA-256 only.
    const stored = await h.db.selectFrom('otp').select('resetTokenHash').where('resetTokenHash', '=', keyHash(resetToken)).execute()
    expect(stored).toHaveLength(1)

    expect((await change(h, email, resetToken, '', '')).body.message).toBe('New password is required.')
    expect((await change(h, email, resetToken, NEW_PASSWORD, '')).body.message).toBe('Confirm password is required.')
    expect((await change(h, email, resetToken, 'abcdefgh1')).body.message).toBe('Password must contain at least one special character.')
    // Character rules pass, but it is one of the most common passwords.
    const common = await change(h, email, resetToken, 'Password1!')
    expect(common.status).toBe(400)
    expect(common.body.message).toMatch(/^This password is too easy to guess\. /)
    expect((await change(h, email, resetToken, NEW_PASSWORD, 'Other!pass1')).body.message).toBe('Password and confirm Password not matching')
    const changed = await change(h, email, resetToken)
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ status: true, message: 'Password changed Successfully' })

    // Every session of the user ends: access and refresh tokens of both sign-ins.
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: user.token })).status).toBe(401)
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: (second.body.data as { token: string }).token })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: second.refreshCookie! })).status).toBe(401)
    expect((await call(h, 'POST', '/api/userlogin', { body: { email, password: 'Str0ng!pass' } })).status).toBe(400)
    expect((await call(h, 'POST', '/api/userlogin', { body: { email, password: NEW_PASSWORD } })).status).toBe(200)
    // Single use: neither the token nor the code works again.
    expect((await change(h, email, resetToken, 'Other!pass1')).body.message).toBe(RESET_EXPIRED)
    expect((await validate(h, email, code)).body.message).toBe('Invalid OTP')
    await settle()
    expect(h.mail.sent.some((m) => m.to === email && m.subject === 'Your password was changed')).toBe(true)
  })

  it('lets only whoever proved the code set the password: knowing the email is not enough (issue 10)', async () => {
    const victim = 'victim@reset-bind.example'
    const attacker = 'mallory@reset-bind.example'
    await signUp(h, victim)
    await signUp(h, attacker)
    const victimToken = tokenOf(await validate(h, victim, await requestCode(h, victim)))
    const attackerToken = tokenOf(await validate(h, attacker, await requestCode(h, attacker)))

    // The attack of the issue: within the victim's reset window, the old body (no token), a made-up
    // token, and the attacker's own valid token aimed at the victim's email.
    for (const token of [undefined, '', 'A'.repeat(43), attackerToken]) {
      const res = await change(h, victim, token, 'Mallory!Owns42')
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ status: false, message: RESET_EXPIRED })
    }
    // The victim's token aimed at the attacker's own account does nothing either.
    expect((await change(h, attacker, victimToken, 'Mallory!Owns42')).body.message).toBe(RESET_EXPIRED)
    expect((await call(h, 'POST', '/api/userlogin', { body: { email: victim, password: 'Mallory!Owns42' } })).status).toBe(400)
    expect((await call(h, 'POST', '/api/userlogin', { body: { email: victim, password: 'Str0ng!pass' } })).status).toBe(200)

    // The owner's token still works, once.
    expect((await change(h, victim, victimToken)).body).toEqual({ status: true, message: 'Password changed Successfully' })
    expect((await change(h, victim, victimToken, 'Other!Harbor43')).body.message).toBe(RESET_EXPIRED)
  })

  it('replaces an earlier code with a new one', async () => {
    const email = 'again@reset-c.example'
    await signUp(h, email)
    const first = await requestCode(h, email)
    const second = await requestCode(h, email)
    if (first !== second) expect((await validate(h, email, first)).body.message).toBe('Invalid OTP')
    expect((await validate(h, email, second)).status).toBe(200)
  })

  it('expires a code after 10 minutes, and a reset token 10 minutes after the validation', async () => {
    const email = 'late@reset-d.example'
    await signUp(h, email)
    const code = await requestCode(h, email)
    await h.db
      .updateTable('otp')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('consumedAt', 'is', null)
      .execute()
    const expired = await validate(h, email, code)
    expect(expired.status).toBe(400)
    expect(expired.body).toMatchObject({ status: false, message: 'OTP has expired' })

    const resetToken = tokenOf(await validate(h, email, await requestCode(h, email)))
    await h.db
      .updateTable('otp')
      .set({ validatedAt: new Date(Date.now() - 11 * 60_000) })
      .where('consumedAt', 'is', null)
      .execute()
    expect((await change(h, email, resetToken)).body.message).toBe(RESET_EXPIRED)
  })

  it('allows 3 code requests an hour per address, for accounts and unknown addresses alike', async () => {
    const email = 'limit@reset-e.example'
    await signUp(h, email)
    for (const address of [email, 'ghost@reset-e.example']) {
      for (let i = 0; i < 3; i++) expect((await call(h, 'POST', '/api/user/forgotpassword', { body: { email: address } })).status).toBe(200)
      const limited = await call(h, 'POST', '/api/user/forgotpassword', { body: { email: address.toUpperCase() } })
      expect(limited.status).toBe(429)
      expect(limited.body).toMatchObject({ status: false })
      const retryAfter = Number(limited.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(3500)
      expect(retryAfter).toBeLessThanOrEqual(3600)
    }
    await settle()
    expect(codeMailsTo(h, email)).toBe(3)
  })

  it('caps wrong codes per account across every address (3 a day with 4 digits): then even the right code is refused', async () => {
    // P(success in 30 days) ≤ 31 windows × cap / 10^4 guesses = 93 / 10,000 ≤ 1 % (domain/otp.ts).
    expect(otpGuessesPerDay(4)).toBe(3)
    expect((31 * otpGuessesPerDay(4)) / 10 ** 4).toBeLessThanOrEqual(0.01)
    const email = 'target@reset-cap.example'
    await signUp(h, email)
    const code = await requestCode(h, email)
    const replies: Reply[] = []
    for (const [i, ip] of ['198.51.100.1', '198.51.100.2', '198.51.100.3'].entries()) replies.push(await validate(h, email, otherCode(code, i + 1), ip))
    expect(replies.map((r) => r.body.message)).toEqual(['Invalid OTP', 'Invalid OTP', 'Invalid OTP'])
    const capped = await validate(h, email, code, '198.51.100.4') // the right code, from a fresh address
    expect(capped.status).toBe(429)
    expect(capped.body).toEqual({ status: false, code: 'RATE_LIMITED', message: 'Too many wrong codes for this account. Please try again later.' })
    const retryAfter = Number(capped.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(86_000)
    expect(retryAfter).toBeLessThanOrEqual(86_400)

    // An address without an account is capped the same way, with the same answer.
    const ghost = 'ghost@reset-cap.example'
    for (let i = 0; i < 3; i++) expect((await validate(h, ghost, '0000')).body.message).toBe('Invalid OTP')
    const ghostCapped = await validate(h, ghost, '0000')
    expect(ghostCapped.status).toBe(429)
    expect(ghostCapped.body).toEqual(capped.body)

    // A day later the window has room again, and the (still unexpired) code works.
    await h.db
      .updateTable('attempt')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where('kind', '=', 'otp_failure')
      .where('keyHash', '=', keyHash(email))
      .execute()
    expect((await validate(h, email, code)).status).toBe(200)
  })

  it('tells the owner by email after the first 5 wrong codes, once', async () => {
    const email = 'owner@reset-notice.example'
    await signUp(h, email)
    await pastFailures(h, email, 3, 48) // the day before yesterday: outside today's cap, inside 30 days
    const code = await requestCode(h, email)
    expect((await validate(h, email, otherCode(code, 1))).body.message).toBe('Invalid OTP') // 4th
    await settle()
    expect(noticesTo(h, email)).toBe(0)
    expect((await validate(h, email, otherCode(code, 2))).body.message).toBe('Invalid OTP') // 5th
    for (let i = 0; i < 100 && noticesTo(h, email) === 0; i++) await new Promise((r) => setTimeout(r, 10))
    expect(noticesTo(h, email)).toBe(1)
    expect(h.mail.sent.filter((m) => m.subject === NOTICE).at(-1)!.text).toMatch(/^5 wrong password reset codes were entered/)
    expect((await validate(h, email, otherCode(code, 3))).body.message).toBe('Invalid OTP') // 6th
    await settle()
    expect(noticesTo(h, email)).toBe(1)
    // Nobody to tell for an address without an account: no notice is sent at all.
    const before = h.mail.sent.filter((m) => m.subject === NOTICE).length
    await pastFailures(h, 'ghost@reset-notice.example', 3, 48)
    for (let i = 0; i < 2; i++) await validate(h, 'ghost@reset-notice.example', '0000')
    await settle()
    expect(h.mail.sent.filter((m) => m.subject === NOTICE).length).toBe(before)
  })

  it('answers forgot-password as fast for an account as for nobody, even when issuing a code is slow', async () => {
    // Make issuing a code (the work only real accounts cause) take 150 ms more; before the fix the
    // reply waited for it, so an account's answer came ≥ 150 ms later than nobody's.
    const slow = (on: boolean) =>
      asOwner(async () => {
        const statements = on
          ? [
              sql`create function identity.slow_otp() returns trigger language plpgsql as $$ begin perform pg_sleep(0.15); return new; end $$`,
              sql`create trigger slow_otp before insert on identity.otp for each row execute function identity.slow_otp()`,
            ]
          : [sql`drop trigger slow_otp on identity.otp`, sql`drop function identity.slow_otp()`]
        for (const statement of statements) await statement.execute(h.database.root)
      })
    const accounts = ['t1@reset-timing.example', 't2@reset-timing.example', 't3@reset-timing.example', 't4@reset-timing.example']
    for (const email of accounts) await signUp(h, email, { firstName: 'time', lastName: 'keeper' })
    await slow(true)
    try {
      const known: number[] = []
      const unknown: number[] = []
      for (let round = 0; round < 3; round++) {
        for (const [i, email] of accounts.entries()) {
          const mails = codeMailsTo(h, email)
          let t = performance.now()
          expect((await call(h, 'POST', '/api/user/forgotpassword', { body: { email } })).status).toBe(200)
          known.push(performance.now() - t)
          // The code is issued after the reply: wait for it, so it does not slow the next request.
          for (let n = 0; n < 400 && codeMailsTo(h, email) === mails; n++) await new Promise((r) => setTimeout(r, 5))
          expect(codeMailsTo(h, email)).toBe(mails + 1)
          t = performance.now()
          expect((await call(h, 'POST', '/api/user/forgotpassword', { body: { email: `ghost${round}-${i}@reset-timing.example` } })).status).toBe(200)
          unknown.push(performance.now() - t)
          await settle()
        }
      }
      // Half the added delay: well above the noise of a loaded machine, well below what the bug adds.
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(75)
    } finally {
      await slow(false)
    }
  })
})

describe('six-digit codes (OTP_DIGITS=6)', () => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(testDatabaseKinds()[0]![1], { OTP_DIGITS: '6' })
  })
  afterAll(async () => h.close())

  it('mails six digits, says so, and refuses four', async () => {
    const email = 'six@six-co.example'
    await signUp(h, email)
    expect((await call(h, 'POST', '/api/user/forgotpassword', { body: { email } })).body['data']).toEqual({ otpDigits: 6 })
    const code = await lastCode(h, email)
    expect(code).toMatch(/^\d{6}$/)
    expect((await validate(h, email, code.slice(0, 4))).body.message).toBe('Please Enter 6 digit Valid OTP')
    expect((await validate(h, email, code)).status).toBe(200)
  })

  it('burns a code after 5 wrong tries', async () => {
    const email = 'burn@six-burn.example'
    await signUp(h, email)
    const code = await requestCode(h, email)
    for (let i = 1; i <= 5; i++) expect((await validate(h, email, otherCode(code, i))).body.message).toBe('Invalid OTP')
    expect((await validate(h, email, code)).body).toMatchObject({ status: false, message: 'Invalid OTP' })
  })

  it('allows proportionally more wrong codes a day: 322, still ≤ 1 % in 30 days', async () => {
    expect(otpGuessesPerDay(6)).toBe(322)
    expect((31 * otpGuessesPerDay(6)) / 10 ** 6).toBeLessThanOrEqual(0.01)
    const email = 'cap@six-cap.example'
    await signUp(h, email)
    const code = await requestCode(h, email)
    await pastFailures(h, email, 321, 1)
    expect((await validate(h, email, otherCode(code))).body.message).toBe('Invalid OTP') // the 322nd
    expect((await validate(h, email, code)).status).toBe(429)
  })
})
