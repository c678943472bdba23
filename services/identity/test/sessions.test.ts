// Sign-up, sign-in, profile, refresh rotation and logout, on every database kind. Sign-in throttling
// (per account and address, per address, trusted devices) is in login-throttle.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { REUSE_GRACE_MS } from '../src/routes/session.js'
import { buildHarness, call, type Harness, PASSWORD, signUp } from './harness.js'

describe.each(testDatabaseKinds())('sessions on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  it('signs up a company, signs in, and reads the profile', async () => {
    const res = await call(h, 'POST', '/api/usercreate', {
      body: { firstName: 'jANE', lastName: 'van  der berg', email: ' Jane@Acme-Labs.example ', password: PASSWORD, cnfpassword: PASSWORD },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      status: true,
      message: 'Added Successfully',
      data: {
        _id: expect.any(String),
        firstName: 'Jane',
        lastName: 'Van Der Berg',
        email: 'jane@acme-labs.example',
        admin: true,
        inboundUser: false,
        dbName: 'acme_labs',
        emailVerified: false,
        token: expect.any(String),
        expiresIn: 900,
      },
    })
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/^portal_rt=[\w-]{43};/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\/api/)
    expect(cookie).toMatch(/Secure/) // PUBLIC_URL is https

    const tenant = await h.db.selectFrom('tenant').selectAll().where('dbName', '=', 'acme_labs').executeTakeFirstOrThrow()
    expect(tenant).toMatchObject({ companyName: 'Acme Labs', provisioned: false })
    const user = await h.db.selectFrom('user').selectAll().where('email', '=', 'jane@acme-labs.example').executeTakeFirstOrThrow()
    expect(user.tenantId).toBe(tenant.id)
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)

    // Same company domain: a second tenant with a numbered dbName.
    expect((await signUp(h, 'john@acme-labs.example')).dbName).toBe('acme_labs_2')

    const login = await call(h, 'POST', '/api/userlogin', { body: { email: 'JANE@acme-labs.example', password: PASSWORD } })
    expect(login.status).toBe(200)
    expect(login.body).toMatchObject({
      status: true,
      data: { _id: user.id, email: 'jane@acme-labs.example', admin: true, inboundUser: false, dbName: 'acme_labs', expiresIn: 900 },
      themesettings: { _id: null, headerColor: '#3c3232', backgroundColor: '#3c3232', textColor: '#000000', buttonColor: '#0a66c2' },
    })
    expect(login.refreshCookie).toBeDefined()
    const token = (login.body.data as { token: string }).token
    const principal = await h.tokens.verifyAccess(token)
    expect(principal).toMatchObject({ userId: user.id, tenantId: tenant.id, dbName: 'acme_labs', admin: true })

    const profile = await call(h, 'GET', `/api/userprofile/${user.id}`, { token, dbName: 'acme_labs' })
    expect(profile.body).toEqual({
      status: true,
      data: { _id: user.id, firstName: 'Jane', lastName: 'Van Der Berg', email: 'jane@acme-labs.example', admin: true },
    })
    const renamed = await call(h, 'PUT', `/api/userprofile/${user.id}`, { token, body: { firstName: 'janet', lastName: 'smith' } })
    expect(renamed.body).toMatchObject({ status: true, message: 'Updated Successfully', data: { firstName: 'Janet', lastName: 'Smith' } })
    const empty = await call(h, 'PUT', `/api/userprofile/${user.id}`, { token, body: { firstName: '  ', lastName: 'smith' } })
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ status: false, message: 'First name is required', errors: [{ field: 'firstName', message: 'First name is required' }] })
    expect((await call(h, 'PUT', `/api/userprofile/${user.id}`, { token, body: { firstName: 'a' } })).body.message).toBe('Last name is required')
    expect((await call(h, 'GET', `/api/userprofile/${user.id}`)).status).toBe(401)
  })

  it.each([
    [{ firstName: '', lastName: 'x', email: 'a@b.example', password: PASSWORD, cnfpassword: PASSWORD }, 'This field is required', 'firstName'],
    [{ lastName: 'x', email: 'a@b.example', password: PASSWORD, cnfpassword: PASSWORD }, 'This field is required', 'firstName'],
    [{ firstName: 'a', lastName: ' ', email: 'a@b.example', password: PASSWORD, cnfpassword: PASSWORD }, 'This field is required', 'lastName'],
    [{ firstName: 'a', lastName: 'b', email: '', password: PASSWORD, cnfpassword: PASSWORD }, 'This field is required', 'email'],
    [{ firstName: 'a', lastName: 'b', email: 'not-an-email', password: PASSWORD, cnfpassword: PASSWORD }, 'Invalid email address', 'email'],
    [{ firstName: 'a', lastName: 'b', email: 'a@b.com, c@d.com', password: PASSWORD, cnfpassword: PASSWORD }, 'Invalid email address', 'email'],
    [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: '', cnfpassword: '' }, 'This field is required', 'password'],
    [
      { firstName: 'a', lastName: 'b', email: 'a@b.example', password: '12345678!', cnfpassword: '12345678!' },
      'Password must contain at least one letter.',
      'password',
    ],
    [
      { firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'abcdefgh!', cnfpassword: 'abcdefgh!' },
      'Password must contain at least one number.',
      'password',
    ],
    [
      { firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'abcdefgh1', cnfpassword: 'abcdefgh1' },
      'Password must contain at least one special character.',
      'password',
    ],
    [
      { firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'ab1!', cnfpassword: 'ab1!' },
      'Password should be a minimum of 8 characters.',
      'password',
    ],
    [
      { firstName: 'a', lastName: 'b', email: 'a@b.example', password: PASSWORD, cnfpassword: 'other' },
      'Password & confirm password should be equal.',
      'cnfpassword',
    ],
    [
      { firstName: 'a', lastName: 'b', email: 'a@blocked.example', password: PASSWORD, cnfpassword: PASSWORD },
      'Sorry, This Email is not eligible for sign up',
      'email',
    ],
    [
      { firstName: 'a', lastName: 'b', email: 'a@eu.blocked.example', password: PASSWORD, cnfpassword: PASSWORD },
      'Sorry, This Email is not eligible for sign up',
      'email',
    ],
  ])('refuses sign-up %j with the spec message', async (body, message, field) => {
    const res = await call(h, 'POST', '/api/usercreate', { body })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ status: false, message })
    expect(res.body['errors']).toContainEqual({ field, message })
  })

  it('lists every failing field, the first one as the message', async () => {
    const res = await call(h, 'POST', '/api/usercreate', { body: { email: 'x' } })
    expect(res.body['message']).toBe('This field is required')
    expect((res.body['errors'] as { field: string }[]).map((e) => e.field)).toEqual(['firstName', 'lastName', 'email', 'password'])
  })

  it('refuses a second account for the same email with 409, whatever its case', async () => {
    await signUp(h, 'dup@dup-co.example')
    const res = await call(h, 'POST', '/api/usercreate', {
      body: { firstName: 'a', lastName: 'b', email: 'DUP@Dup-Co.example', password: PASSWORD, cnfpassword: PASSWORD },
    })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ status: false, message: 'Email already exists' })
    expect(await h.db.selectFrom('tenant').select('id').where('dbName', 'like', 'dup_co%').execute()).toHaveLength(1)
  })

  it('answers a wrong password and an unknown user identically', async () => {
    await signUp(h, 'login@login-co.example')
    const wrong = await call(h, 'POST', '/api/userlogin', { body: { email: 'login@login-co.example', password: 'Wrong!pass1' } })
    const unknown = await call(h, 'POST', '/api/userlogin', { body: { email: 'nobody@login-co.example', password: 'Wrong!pass1' } })
    expect(wrong.status).toBe(400)
    expect(unknown.status).toBe(400)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body).toEqual({ status: false, message: 'Invalid username or password', code: 'INVALID_REQUEST' })
    expect(wrong.refreshCookie).toBeUndefined()
  })

  it('refuses common passwords, and passwords made of the company name, with a clear message', async () => {
    const body = { firstName: 'a', lastName: 'b', email: 'ceo@zorblatt.example' }
    for (const password of ['Password1!', 'P@ssw0rd123', 'Qwerty!2345', 'Zorblatt!2026']) {
      const res = await call(h, 'POST', '/api/usercreate', { body: { ...body, password, cnfpassword: password } })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^This password is too easy to guess\. \S/)
      expect(res.body['errors']).toEqual([{ field: 'password', message: res.body.message }])
    }
    // The same characters for a company of another name are fine.
    expect(
      (await call(h, 'POST', '/api/usercreate', { body: { ...body, email: 'ceo@other-co.example', password: 'Zorblatt!2026', cnfpassword: 'Zorblatt!2026' } }))
        .status,
    ).toBe(201)
    expect(await h.db.selectFrom('user').select('id').where('email', '=', 'ceo@zorblatt.example').execute()).toHaveLength(0)
  })

  it('refuses disposable addresses from the maintained list, beside SIGNUP_BLOCKED_DOMAINS', async () => {
    // The harness blocks only blocked.example: these come from mailchecker's list.
    for (const email of ['a@mailinator.com', 'a@yopmail.com', 'a@eu.mailinator.com', 'a@guerrillamail.info']) {
      const res = await call(h, 'POST', '/api/usercreate', { body: { firstName: 'a', lastName: 'b', email, password: PASSWORD, cnfpassword: PASSWORD } })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({
        status: false,
        message: 'Sorry, This Email is not eligible for sign up',
        errors: [{ field: 'email', message: 'Sorry, This Email is not eligible for sign up' }],
      })
    }
  })

  it('rotates the refresh token and ends the session when a used one comes back', async () => {
    const user = await signUp(h, 'rot@rot-co.example', undefined, { verified: false }) // verifying renews once: not here
    const renewed = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
    expect(renewed.status).toBe(200)
    expect(renewed.body).toMatchObject({ status: true, data: { _id: user._id, dbName: 'rot_co', token: expect.any(String) } })
    const second = renewed.refreshCookie!
    expect(second).not.toBe(user.cookie)
    const newAccess = (renewed.body.data as { token: string }).token
    expect((await h.tokens.verifyAccess(newAccess)).sessionId).toBe((await h.tokens.verifyAccess(user.token)).sessionId)
    const rows = await h.db.selectFrom('refreshToken').select(['id', 'revokedAt', 'replacedBy']).where('userId', '=', user._id).orderBy('createdAt').execute()
    expect(rows).toHaveLength(2)
    expect(rows[0]!.revokedAt).not.toBeNull()
    expect(rows[0]!.replacedBy).toBe(rows[1]!.id)

    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: newAccess })).status).toBe(200)
    // The first token again, after the grace for a lost reply: theft. The whole session ends, new tokens included.
    await h.db
      .updateTable('refreshToken')
      .set({ revokedAt: new Date(Date.now() - REUSE_GRACE_MS - 1000) })
      .where('id', '=', rows[0]!.id)
      .execute()
    const reuse = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
    expect(reuse.status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: second })).status).toBe(401)
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: newAccess })).status).toBe(401)
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: user.token })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh')).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: 'portal_rt=made-up' })).status).toBe(401)
  })

  it('renews again from a token rotated moments ago whose reply was lost, once, and treats anything else as reuse', async () => {
    const user = await signUp(h, 'lost@lost-co.example', undefined, { verified: false })
    const lost = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
    expect(lost.status).toBe(200) // this reply never reached the browser, which still holds user.cookie
    const again = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
    expect(again.status).toBe(200)
    // The token delivered works; the successor that was never delivered is retired: if it comes back, it was stolen.
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: again.refreshCookie! })).status).toBe(200)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: lost.refreshCookie! })).status).toBe(401)
    const user2 = await signUp(h, 'lost2@lost2-co.example', undefined, { verified: false })
    const used = await call(h, 'POST', '/api/token/refresh', { cookie: user2.cookie })
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: used.refreshCookie! })).status).toBe(200)
    // Its successor was used: the first token coming back now is theft, even within the grace.
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: user2.cookie })).status).toBe(401)
  })

  it('renews from a rotated token once only: a third use within the grace is reuse (issue 22: it renewed three more times)', async () => {
    const user = await signUp(h, 'once@once-co.example', undefined, { verified: false })
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })).status).toBe(200) // lost
    const again = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
    expect(again.status).toBe(200) // the grace, spent
    for (let i = 0; i < 3; i++) expect((await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })).status).toBe(401)
    // Reuse ends the session: the token the grace delivered no longer renews either.
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: again.refreshCookie! })).status).toBe(401)
  })

  it('refuses an expired refresh token', async () => {
    const user = await signUp(h, 'old@old-co.example')
    await h.db
      .updateTable('refreshToken')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user._id)
      .execute()
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })).status).toBe(401)
  })

  it('logout revokes the session at once and clears the cookie', async () => {
    const user = await signUp(h, 'out@out-co.example')
    const other = await call(h, 'POST', '/api/userlogin', { body: { email: user.email, password: PASSWORD } })
    const otherToken = (other.body.data as { token: string }).token
    const out = await call(h, 'POST', '/api/logout', { token: user.token, cookie: user.cookie })
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ status: true, message: 'Logged out' })
    expect(String(out.headers['set-cookie'])).toMatch(/portal_rt=;.*Expires=Thu, 01 Jan 1970/)
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: user.token })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })).status).toBe(401)
    // Only that session: the user's other sign-in goes on.
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: otherToken })).status).toBe(200)
    // With only the cookie (access token expired) it works too.
    expect((await call(h, 'POST', '/api/logout', { cookie: other.refreshCookie! })).status).toBe(200)
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: otherToken })).status).toBe(401)
  })

  it('keeps a waitlist and answers check_email alike for every address', async () => {
    const w = await call(h, 'POST', '/api/waitlist', { body: { email: 'Wait@Later.example', firstName: 'w', lastName: 'l' } })
    expect(w.status).toBe(201)
    expect(w.body).toEqual({ status: true, message: 'Thanks for signing up!' })
    expect((await call(h, 'POST', '/api/waitlist', { body: { email: 'wait@later.example', firstName: 'w', lastName: 'l' } })).status).toBe(201)
    expect(await h.db.selectFrom('waitlist').select(['email', 'firstName']).execute()).toEqual([{ email: 'wait@later.example', firstName: 'W' }])
    expect((await call(h, 'POST', '/api/waitlist', { body: { email: 'bad', firstName: 'w', lastName: 'l' } })).body.message).toBe('Invalid email address')
    expect((await call(h, 'POST', '/api/waitlist', { body: { email: 'a@b.example', lastName: 'l' } })).body.message).toBe('This field is required')
    // check_email answers the same for every address (ASVS 6.3.8): it no longer tells who has an account.
    await signUp(h, 'known@known-co.example')
    const known = await call(h, 'GET', '/api/check_email?email=KNOWN%40known-co.example')
    const unknown = await call(h, 'GET', '/api/check_email?email=nope%40known-co.example')
    expect(known.status).toBe(200)
    expect(known.body).toEqual({ status: true, exists: false })
    expect(unknown.body).toEqual(known.body)
    expect((await call(h, 'GET', '/api/check_email?email=nope')).status).toBe(400)
  })
})
