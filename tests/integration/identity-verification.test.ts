// Sign-up proves the address before the company speaks to the outside (issue 10): through the whole
// portal, an unverified admin of "bigbank" can sign in and prepare, but publishing the trust center
// (trust-center's add-cname) and inviting answer 403 with what to do; the mailed link (read from the
// development outbox) and a renewed session unlock both. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { call, dbKinds, refreshCookieOf, signUp, startTestPortal, type TestPortal, verificationToken } from '../support/portal.js'

const NOT_VERIFIED = 'Please verify your email address first: use the link we emailed you.'
const PASSWORD = 'Str0ng!pass'

describe.each(dbKinds())('address verification on %s', (db) => {
  let tp: TestPortal
  beforeAll(async () => {
    tp = await startTestPortal({ db, env: { PUBLIC_URL: 'https://portal.example' } })
  })
  afterAll(async () => tp.stop())

  it('keeps an unverified sign-up from publishing a trust center or inviting, until the mailed link is followed', async () => {
    const signup = await call(tp, 'POST', '/api/usercreate', {
      body: { firstName: 'c', lastName: 'e', email: 'ceo@bigbank.example', password: PASSWORD, cnfpassword: PASSWORD },
    })
    expect(signup.status).toBe(201)
    const user = signup.body.data as { token: string; dbName: string; emailVerified: boolean }
    expect(user).toMatchObject({ dbName: 'bigbank', emailVerified: false })

    // Preparing works: the editor's data, provisioning.
    expect((await call(tp, 'GET', '/api/clientDetails', { token: user.token })).status).toBe(200)
    expect((await call(tp, 'PUT', '/api/fs/update_provisioned', { token: user.token, body: {} })).status).toBe(200)
    // Publishing the subdomain and inviting people do not.
    const publish = await call(tp, 'POST', '/api/fs/add-cname', { token: user.token, body: { subdomain: 'bigbank' } })
    expect(publish.status).toBe(403)
    expect(publish.body).toEqual({ status: false, code: 'EMAIL_NOT_VERIFIED', message: NOT_VERIFIED })
    const invite = await call(tp, 'POST', '/api/people/invite', { token: user.token, body: { email: 'staff@bigbank.example' } })
    expect(invite.status).toBe(403)
    expect(invite.body.message).toBe(NOT_VERIFIED)

    // The link from the outbox, built from PUBLIC_URL.
    const token = await verificationToken(tp, 'ceo@bigbank.example')
    expect(token).toMatch(/^[\w-]{43}$/)
    expect((await call(tp, 'POST', '/api/user/verify-email', { body: { token } })).body).toEqual({ status: true, message: 'Your email address is verified.' })
    const renewed = await call(tp, 'POST', '/api/token/refresh', { cookie: refreshCookieOf(signup.headers) })
    expect(renewed.body).toMatchObject({ status: true, data: { emailVerified: true } })
    const verified = (renewed.body.data as { token: string }).token
    const published = await call(tp, 'POST', '/api/fs/add-cname', { token: verified, body: { subdomain: 'bigbank' } })
    expect(published.status).toBe(200)
    expect((await call(tp, 'POST', '/api/people/invite', { token: verified, body: { email: 'staff@bigbank.example' } })).status).toBe(201)
  })

  it('mails the link to the configured PUBLIC_URL, never the request host', async () => {
    await call(tp, 'POST', '/api/usercreate', {
      body: { firstName: 'h', lastName: 'h', email: 'host@poison-co.example', password: PASSWORD, cnfpassword: PASSWORD },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    const { readOutbox } = await import('@portal/mail')
    await verificationToken(tp, 'host@poison-co.example')
    const mail = (await readOutbox(tp.dataDir, 'host@poison-co.example')).find((m) => m.subject === 'Confirm your email address')!
    expect(mail.text).toMatch(/https:\/\/portal\.example\/verify-email\?token=[\w-]{43}/)
    expect(mail.text).not.toContain('evil.example')
  })

  it('lets the test helper sign up verified companies (the other suites rely on it)', async () => {
    const admin = await signUp(tp, 'helper@helper-co.example')
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: 'helperco' } })).status).toBe(200)
    const unverified = await signUp(tp, 'raw@raw-co.example', PASSWORD, { verified: false })
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: unverified.token, body: { subdomain: 'rawco' } })).status).toBe(403)
  })
})
