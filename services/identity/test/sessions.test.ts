// Sign-up, sign-in, profile, refresh rotation and logout, on every database kind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { recordAttempt } from '../src/db/attempts.repo.js'
import { buildHarness, call, type Harness, PASSWORD, signUp } from './harness.js'

describe.each(testDatabaseKinds())('sessions on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  it('signs up a company, signs in, and reads the profile', async () => {
    const res = await call(h, 'POST', '/api/usercreate', { body: { firstName: 'jANE', lastName: 'van  der berg', email: ' Jane@Acme-Labs.example ', password: PASSWORD, cnfpassword: PASSWORD } })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      status: true,
      message: 'Added Successfully',
      data: { _id: expect.any(String), firstName: 'Jane', lastName: 'Van Der Berg', email: 'jane@acme-labs.example', admin: true, inboundUser: false, dbName: 'acme_labs', token: expect.any(String), expiresIn: 900 },
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
    expect(profile.body).toEqual({ status: true, data: { _id: user.id, firstName: 'Jane', lastName: 'Van Der Berg', email: 'jane@acme-labs.example', admin: true } })
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
    [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: '12345678!', cnfpassword: '12345678!' }, 'Password must contain at least one letter.', 'password'],
    [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'abcdefgh!', cnfpassword: 'abcdefgh!' }, 'Password must contain at least one number.', 'password'],
    [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'abcdefgh1', cnfpassword: 'abcdefgh1' }, 'Password must contain at least one special character.', 'password'],
    [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: 'ab1!', cnfpassword: 'ab1!' }, 'Password should be a minimum of 8 characters.', 'password'],
    [{ firstName: 'a', lastName: 'b', email: 'a@b.example', password: PASSWORD, cnfpassword: 'other' }, 'Password & confirm password should be equal.', 'cnfpassword'],
    [{ firstName: 'a', lastName: 'b', email: 'a@blocked.example', password: PASSWORD, cnfpassword: PASSWORD }, 'Sorry, This Email is not eligible for sign up', 'email'],
    [{ firstName: 'a', lastName: 'b', email: 'a@eu.blocked.example', password: PASSWORD, cnfpassword: PASSWORD }, 'Sorry, This Email is not eligible for sign up', 'email'],
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
    const res = await call(h, 'POST', '/api/usercreate', { body: { firstName: 'a', lastName: 'b', email: 'DUP@Dup-Co.example', password: PASSWORD, cnfpassword: PASSWORD } })
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

  it('limits sign-in per address, and per account after 100 failures an hour', async () => {
    const ip = '192.0.2.7'
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push((await call(h, 'POST', '/api/userlogin', { ip, body: { email: `flood${i}@x.example`, password: 'x' } })).status)
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true)
    const limited = await call(h, 'POST', '/api/userlogin', { ip, body: { email: 'flood@x.example', password: 'x' } })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)

    const { email } = await signUp(h, 'stuffed@stuff-co.example')
    for (let i = 0; i < 100; i++) await recordAttempt(h.db, 'login_failure', email)
    const throttled = await call(h, 'POST', '/api/userlogin', { body: { email, password: PASSWORD } })
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0)
    // The same for an address with no account: the limit says nothing about existence.
    for (let i = 0; i < 100; i++) await recordAttempt(h.db, 'login_failure', 'ghost@stuff-co.example')
    expect((await call(h, 'POST', '/api/userlogin', { body: { email: 'ghost@stuff-co.example', password: PASSWORD } })).status).toBe(429)
  })

  it('rotates the refresh token and ends the session when a used one comes back', async () => {
    const user = await signUp(h, 'rot@rot-co.example')
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
    // The first token again: theft. The whole session ends, new tokens included.
    const reuse = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
    expect(reuse.status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: second })).status).toBe(401)
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: newAccess })).status).toBe(401)
    expect((await call(h, 'GET', `/api/userprofile/${user._id}`, { token: user.token })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh')).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: 'portal_rt=made-up' })).status).toBe(401)
  })

  it('refuses an expired refresh token', async () => {
    const user = await signUp(h, 'old@old-co.example')
    await h.db.updateTable('refreshToken').set({ expiresAt: new Date(Date.now() - 1000) }).where('userId', '=', user._id).execute()
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

  it('keeps a waitlist and answers check_email', async () => {
    const w = await call(h, 'POST', '/api/waitlist', { body: { email: 'Wait@Later.example', firstName: 'w', lastName: 'l' } })
    expect(w.status).toBe(201)
    expect(w.body).toEqual({ status: true, message: 'Thanks for signing up!' })
    expect((await call(h, 'POST', '/api/waitlist', { body: { email: 'wait@later.example', firstName: 'w', lastName: 'l' } })).status).toBe(201)
    expect(await h.db.selectFrom('waitlist').select(['email', 'firstName']).execute()).toEqual([{ email: 'wait@later.example', firstName: 'W' }])
    expect((await call(h, 'POST', '/api/waitlist', { body: { email: 'bad', firstName: 'w', lastName: 'l' } })).body.message).toBe('Invalid email address')
    expect((await call(h, 'POST', '/api/waitlist', { body: { email: 'a@b.example', lastName: 'l' } })).body.message).toBe('This field is required')
    await signUp(h, 'known@known-co.example')
    expect((await call(h, 'GET', '/api/check_email?email=KNOWN%40known-co.example')).body).toEqual({ status: true, exists: true })
    expect((await call(h, 'GET', '/api/check_email?email=nope%40known-co.example')).body).toEqual({ status: true, exists: false })
    expect((await call(h, 'GET', '/api/check_email?email=nope')).status).toBe(400)
  })
})
