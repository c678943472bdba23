// Identity end to end through the portal's HTTP API: sign-up, sign-in, sessions, password reset,
// people and invites, on PGlite and (in CI) PostgreSQL. Mail is read from the development outbox.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import { schemaDb } from '@portal/db'
import { call, dbKinds, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const PASSWORD = 'Str0ng!pass'
const NEW_PASSWORD = 'Fresh!Harbor42'
const RESET_EXPIRED = 'Your password reset has expired or was already used. Please request a new OTP.'

const cookieOf = (headers: Record<string, unknown>): string => {
  const raw = headers['set-cookie']
  const list = Array.isArray(raw) ? raw : [raw]
  const rt = list.find((c) => typeof c === 'string' && c.startsWith('portal_rt=')) as string | undefined
  if (!rt) throw new Error('no refresh cookie')
  return rt.split(';')[0]!
}

/** The code of the `nth` reset mail to `email` (1 = the first): codes are mailed after the reply. */
async function lastCode(tp: TestPortal, email: string, nth = 1): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mails = (await readOutbox(tp.dataDir, email)).filter((m) => m.subject === 'Your password reset code')
    const code = mails.length >= nth ? mails[nth - 1]!.text.match(/reset code is (\d{4})\b/)?.[1] : undefined
    if (code) return code
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no code #${nth} mailed to ${email}`)
}

describe.each(dbKinds())('identity on %s', (db) => {
  let tp: TestPortal
  beforeAll(async () => {
    tp = await startTestPortal({ db })
  })
  afterAll(async () => tp.stop())

  describe('sign-up and sign-in', () => {
    it('creates a tenant and its admin, capitalises names, sets an HttpOnly refresh cookie', async () => {
      const res = await call(tp, 'POST', '/api/usercreate', {
        body: { firstName: 'jane', lastName: "o'NEIL", email: 'Jane@Acme-Labs.example', password: PASSWORD, cnfpassword: PASSWORD },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        status: true,
        message: 'Added Successfully',
        data: { firstName: 'Jane', lastName: "O'neil", email: 'jane@acme-labs.example', admin: true, dbName: 'acme_labs' },
      })
      const cookie = String(res.headers['set-cookie'])
      expect(cookie).toMatch(/portal_rt=.+HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Strict/i)
      expect(cookie).toMatch(/Path=\/api/)
      const again = await signUp(tp, 'john@acme-labs.example')
      expect(again.dbName).toBe('acme_labs_2')
    })

    it.each([
      [{ firstName: '', lastName: 'x', email: 'a@b.example', password: PASSWORD, cnfpassword: PASSWORD }, 'This field is required'],
      [{ firstName: 'a', lastName: 'b', email: 'not-an-email', password: PASSWORD, cnfpassword: PASSWORD }, 'Invalid email address'],
      [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: '12345678!', cnfpassword: '12345678!' }, 'Password must contain at least one letter.'],
      [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'abcdefgh!', cnfpassword: 'abcdefgh!' }, 'Password must contain at least one number.'],
      [
        { firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'abcdefgh1', cnfpassword: 'abcdefgh1' },
        'Password must contain at least one special character.',
      ],
      [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'ab1!', cnfpassword: 'ab1!' }, 'Password should be a minimum of 8 characters.'],
      [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: PASSWORD, cnfpassword: 'other' }, 'Password & confirm password should be equal.'],
      [
        { firstName: 'a', lastName: 'b', email: 'a@mailinator.com', password: PASSWORD, cnfpassword: PASSWORD },
        'Sorry, This Email is not eligible for sign up',
      ],
    ])('refuses %j with the spec message', async (body, message) => {
      const res = await call(tp, 'POST', '/api/usercreate', { body })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ status: false, message })
    })

    it('refuses a second account for the same email with 409', async () => {
      await signUp(tp, 'dup@dup-co.example')
      const res = await call(tp, 'POST', '/api/usercreate', {
        body: { firstName: 'a', lastName: 'b', email: 'DUP@dup-co.example', password: PASSWORD, cnfpassword: PASSWORD },
      })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe('Email already exists')
    })

    it('answers wrong password and unknown user identically', async () => {
      await signUp(tp, 'login@login-co.example')
      const good = await call(tp, 'POST', '/api/userlogin', { body: { email: 'LOGIN@login-co.example', password: PASSWORD } })
      expect(good.status).toBe(200)
      expect(good.body).toMatchObject({
        status: true,
        data: { email: 'login@login-co.example', admin: true, dbName: 'login_co' },
        themesettings: { headerColor: '#3c3232', buttonColor: '#0a66c2' },
      })
      const wrong = await call(tp, 'POST', '/api/userlogin', { body: { email: 'login@login-co.example', password: 'Wrong!pass1' } })
      const unknown = await call(tp, 'POST', '/api/userlogin', { body: { email: 'nobody@login-co.example', password: 'Wrong!pass1' } })
      expect(wrong.status).toBe(400)
      expect(unknown.status).toBe(400)
      expect(wrong.body).toEqual(unknown.body)
      expect(wrong.body.message).toBe('Invalid username or password')
    })

    it('rate limits sign-up and sign-in floods from one address', async () => {
      const ip = '127.9.9.9'
      const statuses: number[] = []
      for (let i = 0; i < 22; i++)
        statuses.push((await call(tp, 'POST', '/api/userlogin', { ip, body: { email: `flood${i}@x.example`, password: 'x' } })).status)
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      const other = await call(tp, 'POST', '/api/userlogin', { ip: '127.9.9.10', body: { email: 'flood@x.example', password: 'x' } })
      expect(other.status).toBe(400)
    })

    it('keeps a waitlist and answers check_email', async () => {
      const w = await call(tp, 'POST', '/api/waitlist', { body: { email: 'wait@later.example', firstName: 'w', lastName: 'l' } })
      expect(w.status).toBe(201)
      expect(w.body.message).toBe('Thanks for signing up!')
      expect((await call(tp, 'POST', '/api/waitlist', { body: { email: 'wait@later.example', firstName: 'w', lastName: 'l' } })).status).toBe(201)
      expect((await call(tp, 'POST', '/api/waitlist', { body: { email: 'bad', firstName: 'w', lastName: 'l' } })).status).toBe(400)
      // The same answer for an account and for nobody (ASVS 6.3.8): a conflict shows at sign-up only.
      expect((await call(tp, 'GET', '/api/check_email?email=login%40login-co.example')).body).toEqual({ status: true, exists: false })
      expect((await call(tp, 'GET', '/api/check_email?email=nope%40login-co.example')).body).toEqual({ status: true, exists: false })
    })
  })

  describe('sessions', () => {
    it('rotates the refresh token, detects reuse and ends the session', async () => {
      const login = await call(tp, 'POST', '/api/usercreate', {
        body: { firstName: 'r', lastName: 'r', email: 'rot@rot-co.example', password: PASSWORD, cnfpassword: PASSWORD },
      })
      const first = cookieOf(login.headers)
      const access = (login.body.data as { token: string }).token
      const renewed = await call(tp, 'POST', '/api/token/refresh', { cookie: first })
      expect(renewed.status).toBe(200)
      const second = cookieOf(renewed.headers)
      expect(second).not.toBe(first)
      const newAccess = (renewed.body.data as { token: string }).token
      expect((await call(tp, 'GET', '/api/people', { token: newAccess })).status).toBe(200)
      const third = await call(tp, 'POST', '/api/token/refresh', { cookie: second }) // the browser renews again
      expect(third.status).toBe(200)
      // The first token again, its successor used: theft. The whole session ends, including the new tokens.
      expect((await call(tp, 'POST', '/api/token/refresh', { cookie: first })).status).toBe(401)
      expect((await call(tp, 'POST', '/api/token/refresh', { cookie: cookieOf(third.headers) })).status).toBe(401)
      expect((await call(tp, 'GET', '/api/people', { token: newAccess })).status).toBe(401)
      expect((await call(tp, 'GET', '/api/people', { token: access })).status).toBe(401)
      expect((await call(tp, 'POST', '/api/token/refresh')).status).toBe(401)
    })

    it('logout revokes the access token at once', async () => {
      const login = await call(tp, 'POST', '/api/usercreate', {
        body: { firstName: 'l', lastName: 'o', email: 'out@out-co.example', password: PASSWORD, cnfpassword: PASSWORD },
      })
      const token = (login.body.data as { token: string }).token
      expect((await call(tp, 'GET', '/api/people', { token })).status).toBe(200)
      const out = await call(tp, 'POST', '/api/logout', { token, cookie: cookieOf(login.headers) })
      expect(out.status).toBe(200)
      expect((await call(tp, 'GET', '/api/people', { token })).status).toBe(401)
      expect((await call(tp, 'POST', '/api/token/refresh', { cookie: cookieOf(login.headers) })).status).toBe(401)
    })
  })

  describe('forgot password', () => {
    const email = 'reset@reset-co.example'
    it('resets with the mailed code: only the reset token of the validation sets the password, once, and every session ends', async () => {
      const user = await signUp(tp, email)
      const asked = await call(tp, 'POST', '/api/user/forgotpassword', { body: { email } })
      expect(asked.body).toEqual({ status: true, message: 'OTP has been sent to your email', data: { otpDigits: 4 } })
      const unknown = await call(tp, 'POST', '/api/user/forgotpassword', { body: { email: 'ghost@reset-co.example' } })
      expect(unknown.status).toBe(asked.status)
      expect(unknown.body).toEqual(asked.body)
      const code = await lastCode(tp, email)
      const change = (body: Record<string, unknown>) =>
        call(tp, 'POST', '/api/user/changepassword', { body: { email, password: NEW_PASSWORD, cnfpassword: NEW_PASSWORD, ...body } })
      expect((await change({})).body.message).toBe(RESET_EXPIRED)
      expect((await call(tp, 'POST', '/api/user/otpvalidation', { body: { email, otp: '12a4' } })).body.message).toBe('Please Enter 4 digit Valid OTP')
      const wrong = code === '0000' ? '0001' : '0000'
      expect((await call(tp, 'POST', '/api/user/otpvalidation', { body: { email, otp: wrong } })).body).toMatchObject({ status: false, message: 'Invalid OTP' })
      const validated = await call(tp, 'POST', '/api/user/otpvalidation', { body: { email, otp: code } })
      expect(validated.body).toEqual({ status: true, message: 'OTP Validated Successfully', data: { resetToken: expect.stringMatching(/^[\w-]{43}$/) } })
      const resetToken = (validated.body.data as { resetToken: string }).resetToken
      // The attack of issue 10: in the reset window, someone who knows only the email.
      expect((await change({ password: 'Mallory!Owns42', cnfpassword: 'Mallory!Owns42' })).body).toMatchObject({ status: false, message: RESET_EXPIRED })
      expect((await change({ resetToken, cnfpassword: 'other' })).body.message).toBe('Password and confirm Password not matching')
      expect((await change({ resetToken, password: 'Password1!', cnfpassword: 'Password1!' })).body.message).toMatch(/^This password is too easy to guess\./)
      const changed = await change({ resetToken })
      expect(changed.body).toEqual({ status: true, message: 'Password changed Successfully' })
      expect((await call(tp, 'GET', '/api/people', { token: user.token })).status).toBe(401)
      expect((await call(tp, 'POST', '/api/userlogin', { body: { email, password: PASSWORD } })).status).toBe(400)
      expect((await call(tp, 'POST', '/api/userlogin', { body: { email, password: 'Mallory!Owns42' } })).status).toBe(400)
      expect((await call(tp, 'POST', '/api/userlogin', { body: { email, password: NEW_PASSWORD } })).status).toBe(200)
      // Single use.
      expect((await change({ resetToken, password: 'Other!Harbor43', cnfpassword: 'Other!Harbor43' })).body.message).toBe(RESET_EXPIRED)
    })

    it('caps wrong codes at 3 a day per account, expires a code after 10 minutes, and limits requests to 3 an hour', async () => {
      const other = 'burn@burn-co.example'
      await signUp(tp, other)
      await call(tp, 'POST', '/api/user/forgotpassword', { body: { email: other } })
      const code = await lastCode(tp, other)
      const wrong = code === '9999' ? '9998' : '9999'
      for (let i = 0; i < 3; i++) await call(tp, 'POST', '/api/user/otpvalidation', { body: { email: other, otp: wrong } })
      const capped = await call(tp, 'POST', '/api/user/otpvalidation', { body: { email: other, otp: code } })
      expect(capped.status).toBe(429)
      expect(capped.body.message).toBe('Too many wrong codes for this account. Please try again later.')
      // (As if a day passed: the cap's window moves on.)
      const attempts = schemaDb<{ attempt: { kind: string; createdAt: Date } }>(tp.portal.ctx.db!, 'identity', { system: true })
      await attempts
        .updateTable('attempt')
        .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
        .where('kind', '=', 'otp_failure')
        .execute()

      await call(tp, 'POST', '/api/user/forgotpassword', { body: { email: other } })
      const fresh = await lastCode(tp, other, 2)
      const idb = schemaDb<{ otp: { expiresAt: Date; consumedAt: Date | null } }>(tp.portal.ctx.db!, 'identity', { system: true })
      await idb
        .updateTable('otp')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('consumedAt', 'is', null)
        .execute()
      expect((await call(tp, 'POST', '/api/user/otpvalidation', { body: { email: other, otp: fresh } })).body.message).toBe('OTP has expired')

      await call(tp, 'POST', '/api/user/forgotpassword', { body: { email: other } })
      const limited = await call(tp, 'POST', '/api/user/forgotpassword', { body: { email: other } })
      expect(limited.status).toBe(429)
      expect(limited.headers['retry-after']).toBeDefined()
      for (let i = 0; i < 3; i++) await call(tp, 'POST', '/api/user/forgotpassword', { body: { email: 'ghost2@burn-co.example' } })
      expect((await call(tp, 'POST', '/api/user/forgotpassword', { body: { email: 'ghost2@burn-co.example' } })).status).toBe(429)
    })
  })

  describe('profile and people', () => {
    it('invites a colleague who joins the tenant as a non-admin with a single-use link', async () => {
      const admin = await signUp(tp, 'boss@team-co.example')
      const invited = await call(tp, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'Mate@team-co.example', status: 'invited' } })
      expect(invited.status).toBe(201)
      expect(invited.body.message).toBe('Invitation sent successfully!')
      const mail = (await readOutbox(tp.dataDir, 'mate@team-co.example')).at(-1)!
      expect(mail.text).toContain('http://localhost:3000/signup?invite=')
      const token = mail.text.match(/invite=([\w-]+)/)![1]!
      expect((await call(tp, 'GET', `/api/people/invite/${token}`)).body).toEqual({ status: true, data: { email: 'mate@team-co.example' } })
      const body = { firstName: 'mate', lastName: 'one', email: 'mate@team-co.example', password: PASSWORD, cnfpassword: PASSWORD, inviteToken: token }
      const joined = await call(tp, 'POST', '/api/usercreate/people', { body })
      expect(joined.status).toBe(201)
      expect(joined.body.data).toMatchObject({ admin: false, dbName: admin.dbName, firstName: 'Mate' })
      expect((await call(tp, 'POST', '/api/usercreate/people', { body: { ...body, email: 'x@team-co.example' } })).status).toBe(400)
      expect((await call(tp, 'GET', `/api/people/invite/${token}`)).status).toBe(404)

      const mate = joined.body.data as { _id: string; token: string }
      expect((await call(tp, 'GET', '/api/people', { token: mate.token })).status).toBe(403)
      expect((await call(tp, 'POST', '/api/people/invite', { token: mate.token, body: { email: 'z@team-co.example' } })).status).toBe(403)
      const list = await call(tp, 'GET', '/api/people?page=1&pageSize=10', { token: admin.token })
      expect(list.body).toMatchObject({ status: true, total: 2, totalPages: 1, currentPage: 1 })
      expect((list.body.data as { email: string; status: string }[]).map((p) => [p.email, p.status])).toEqual([
        ['boss@team-co.example', 'active'],
        ['mate@team-co.example', 'active'],
      ])

      // Profile: yourself, or anyone of your tenant as admin.
      expect((await call(tp, 'GET', `/api/userprofile/${admin.userId}`, { token: mate.token })).status).toBe(404)
      const renamed = await call(tp, 'PUT', `/api/userprofile/${mate._id}`, { token: mate.token, body: { firstName: 'mary', lastName: 'jones' } })
      expect(renamed.body).toMatchObject({
        status: true,
        message: 'Updated Successfully',
        data: { firstName: 'Mary', lastName: 'Jones', email: 'mate@team-co.example' },
      })
      expect((await call(tp, 'PUT', `/api/userprofile/${mate._id}`, { token: mate.token, body: { firstName: ' ', lastName: 'jones' } })).status).toBe(400)

      expect((await call(tp, 'DELETE', `/api/people/${admin.userId}`, { token: admin.token })).status).toBe(400)
      expect((await call(tp, 'DELETE', `/api/people/${mate._id}`, { token: admin.token })).status).toBe(200)
      expect((await call(tp, 'GET', `/api/userprofile/${mate._id}`, { token: mate.token })).status).toBe(401)
    })

    it('refuses bad invites: bad address, existing user, and deletes pending ones', async () => {
      const admin = await signUp(tp, 'lead@inv-co.example')
      expect((await call(tp, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'a@b.com, c@d.com' } })).body.message).toBe(
        'Invalid email address',
      )
      expect((await call(tp, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'x@y.com\r\nBcc: evil@x.io' } })).status).toBe(400)
      expect((await call(tp, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'lead@inv-co.example' } })).status).toBe(409)
      await call(tp, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'pending@inv-co.example' } })
      const pending = ((await call(tp, 'GET', '/api/people', { token: admin.token })).body.data as { _id: string; status: string }[]).find(
        (p) => p.status === 'invited',
      )!
      expect((await call(tp, 'DELETE', `/api/people/${pending._id}`, { token: admin.token })).status).toBe(200)
      expect((await call(tp, 'GET', '/api/people', { token: admin.token })).body.total).toBe(1)
      expect((await call(tp, 'DELETE', '/api/people/not-a-uuid', { token: admin.token })).status).toBe(404)
    })

    it('marks the tenant provisioned and answers unknown hosts with 404', async () => {
      const user = await signUp(tp, 'prov@prov-co.example')
      expect((await call(tp, 'PUT', '/api/fs/update_provisioned', { token: user.token, body: { email: user.email } })).body).toEqual({
        success: true,
        message: 'Provisioning complete',
      })
      expect((await call(tp, 'PUT', '/api/fs/update_provisioned', { body: {} })).status).toBe(401)
      const host = await call(tp, 'GET', '/api/fs/check-hostname?hostname=acme.trust.example.com')
      expect(host.status).toBe(404)
      expect(host.body).toEqual({ status: false, isSpecialDomain: false })
    })
  })
})

describe('six-digit reset codes (OTP_DIGITS=6)', () => {
  let tp: TestPortal
  beforeAll(async () => {
    tp = await startTestPortal({ env: { OTP_DIGITS: '6' } })
  })
  afterAll(async () => tp.stop())

  it('mails and accepts six digits, and refuses four', async () => {
    const email = 'six@six-co.example'
    await signUp(tp, email)
    const asked = await call(tp, 'POST', '/api/user/forgotpassword', { body: { email } })
    expect(asked.body.data).toEqual({ otpDigits: 6 })
    let code = ''
    for (let i = 0; i < 50 && !code; i++) {
      code =
        (await readOutbox(tp.dataDir, email))
          .filter((m) => m.subject === 'Your password reset code')
          .at(-1)
          ?.text.match(/reset code is (\d{6})\b/)?.[1] ?? ''
      if (!code) await new Promise((r) => setTimeout(r, 20))
    }
    expect(code).toMatch(/^\d{6}$/)
    expect((await call(tp, 'POST', '/api/user/otpvalidation', { body: { email, otp: code.slice(0, 4) } })).body.message).toBe('Please Enter 6 digit Valid OTP')
    expect((await call(tp, 'POST', '/api/user/otpvalidation', { body: { email, otp: code } })).status).toBe(200)
  })
})
