// Forgot password: codes by mail, validation, burn after 5 wrong tries, expiry, request limits,
// and the change that ends every session. On every database kind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { buildHarness, call, codeMailsTo, type Harness, lastCode, PASSWORD, requestCode, signUp } from './harness.js'

const NEW_PASSWORD = 'New!pass123'
const validate = (h: Harness, email: string, otp: string) => call(h, 'POST', '/api/user/otpvalidation', { body: { email, otp } })
const change = (h: Harness, email: string, password = NEW_PASSWORD, cnfpassword = password) =>
  call(h, 'POST', '/api/user/changepassword', { body: { email, password, cnfpassword } })
const otherCode = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0')

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

  it('validates the mailed code, changes the password once, and ends every session', async () => {
    const email = 'flow@reset-b.example'
    const user = await signUp(h, email)
    const second = await call(h, 'POST', '/api/userlogin', { body: { email, password: PASSWORD } })
    const code = await requestCode(h, email)

    expect((await change(h, email)).body).toMatchObject({ status: false, message: 'Invalid OTP' }) // not validated yet
    expect((await validate(h, email, '12a4')).body).toMatchObject({ status: false, message: 'Please Enter 4 digit Valid OTP' })
    expect((await validate(h, email, '12345')).body.message).toBe('Please Enter 4 digit Valid OTP')
    const wrong = await validate(h, email, otherCode(code))
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ status: false, message: 'Invalid OTP' })
    expect((await validate(h, 'nobody@reset-b.example', code)).body).toEqual(wrong.body)
    const ok = await validate(h, email, code)
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ status: true, message: 'OTP Validated Successfully' })

    expect((await change(h, email, '', '')).body.message).toBe('New password is required.')
    expect((await change(h, email, NEW_PASSWORD, '')).body.message).toBe('Confirm password is required.')
    expect((await change(h, email, 'abcdefgh1')).body.message).toBe('Password must contain at least one special character.')
    expect((await change(h, email, NEW_PASSWORD, 'Other!pass1')).body.message).toBe('Password and confirm Password not matching')
    expect((await change(h, 'nobody@reset-b.example')).body.message).toBe('Invalid OTP')
    const changed = await change(h, email)
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ status: true, message: 'Password changed Successfully' })

    // Every session of the user ends: access and refresh tokens of both sign-ins.
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: user.token })).status).toBe(401)
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: (second.body.data as { token: string }).token })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: second.refreshCookie! })).status).toBe(401)
    expect((await call(h, 'POST', '/api/userlogin', { body: { email, password: PASSWORD } })).status).toBe(400)
    expect((await call(h, 'POST', '/api/userlogin', { body: { email, password: NEW_PASSWORD } })).status).toBe(200)
    // Single use: neither the change nor the code works again.
    expect((await change(h, email, 'Other!pass1')).body.message).toBe('Invalid OTP')
    expect((await validate(h, email, code)).body.message).toBe('Invalid OTP')
    expect(h.mail.sent.some((m) => m.to === email && m.subject === 'Your password was changed')).toBe(true)
  })

  it('burns a code after 5 wrong tries, and a new code replaces the old one', async () => {
    const email = 'burn@reset-c.example'
    await signUp(h, email)
    const code = await requestCode(h, email)
    for (let i = 0; i < 5; i++) expect((await validate(h, email, otherCode(code))).body.message).toBe('Invalid OTP')
    expect((await validate(h, email, code)).body).toMatchObject({ status: false, message: 'Invalid OTP' })

    const first = await requestCode(h, email)
    const second = await requestCode(h, email)
    if (first !== second) expect((await validate(h, email, first)).body.message).toBe('Invalid OTP')
    expect((await validate(h, email, second)).status).toBe(200)
  })

  it('expires a code after 10 minutes, and a validation after 10 more', async () => {
    const email = 'late@reset-d.example'
    await signUp(h, email)
    const code = await requestCode(h, email)
    await h.db.updateTable('otp').set({ expiresAt: new Date(Date.now() - 1000) }).where('consumedAt', 'is', null).execute()
    const expired = await validate(h, email, code)
    expect(expired.status).toBe(400)
    expect(expired.body).toMatchObject({ status: false, message: 'OTP has expired' })

    const fresh = await requestCode(h, email)
    expect((await validate(h, email, fresh)).status).toBe(200)
    await h.db.updateTable('otp').set({ validatedAt: new Date(Date.now() - 11 * 60_000) }).where('consumedAt', 'is', null).execute()
    expect((await change(h, email)).body.message).toBe('Invalid OTP')
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
    expect(codeMailsTo(h, email)).toBe(3)
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
})
