// Second factor for staff (issue 27): TOTP enrolment and confirmation, the sign-in's second step,
// recovery codes, replay and lockout, the company's "MFA required" with enrolment at sign-in, resets,
// and that neither a password reset nor a refresh token opens a session without the factor.
// Tenant isolation of the admin routes. On every database kind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { Secret, TOTP } from 'otpauth'
import { MFA_LIMIT, mfaMessages } from '../src/routes/mfa.js'
import { buildHarness, call, type Harness, PASSWORD, requestCode, type SignedUp, signUp } from './harness.js'

const STEP = 30_000
const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs })
const login = (h: Harness, email: string, password = PASSWORD) => call(h, 'POST', '/api/userlogin', { body: { email, password } })
const challengeOf = (r: { body: { data?: unknown } }) => r.body.data as { mfaRequired: true; mfaToken: string; enrol: boolean; methods: string[] }

/** Enrols TOTP for a signed-in user, confirming with the previous step's code (within the window). */
async function enrolTotp(h: Harness, user: SignedUp): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await call(h, 'POST', '/api/mfa/totp', { token: user.token })
  expect(start.status).toBe(200)
  const { secret } = start.body.data as { secret: string }
  const confirm = await call(h, 'POST', '/api/mfa/totp/confirm', { token: user.token, body: { code: codeAt(secret, -STEP) } })
  expect(confirm.status).toBe(200)
  return { secret, recoveryCodes: (confirm.body.data as { recoveryCodes: string[] }).recoveryCodes }
}

async function inviteMember(h: Harness, admin: SignedUp, email: string): Promise<string> {
  const res = await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email, status: 'invited' } })
  if (res.status !== 201) throw new Error(`invite failed: ${res.status}`)
  return h.mail.sent
    .filter((m) => m.to === email)
    .at(-1)!
    .text.match(/\/signup\?invite=([\w-]+)/)![1]!
}

describe.each(testDatabaseKinds())('second factor on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  it('enrols TOTP: the secret is sealed at rest, recovery codes hashed and shown once; a wrong first code activates nothing', async () => {
    const user = await signUp(h, 'enrol@mfa-a.example')
    const start = await call(h, 'POST', '/api/mfa/totp', { token: user.token })
    const { secret, otpauthUrl } = start.body.data as { secret: string; otpauthUrl: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Trust%20Portal:enrol%40mfa-a\.example\?.*secret=/)
    const row = await h.db.selectFrom('mfaTotp').selectAll().where('userId', '=', user._id).executeTakeFirstOrThrow()
    expect(row.secretEnc).toMatch(/^v1\./)
    expect(row.secretEnc).not.toContain(secret)
    expect(row.confirmedAt).toBeNull()
    // Not active yet: sign-in still opens a session at once.
    expect((await login(h, user.email)).body.data).toHaveProperty('token')
    const wrong = await call(h, 'POST', '/api/mfa/totp/confirm', { token: user.token, body: { code: '000000' === codeAt(secret) ? '111111' : '000000' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe(mfaMessages.invalidCode)
    const ok = await call(h, 'POST', '/api/mfa/totp/confirm', { token: user.token, body: { code: codeAt(secret) } })
    expect(ok.status).toBe(200)
    const codes = (ok.body.data as { recoveryCodes: string[] }).recoveryCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const stored = await h.db.selectFrom('mfaRecoveryCode').select('codeHash').where('userId', '=', user._id).execute()
    expect(stored).toHaveLength(10)
    for (const c of codes) expect(stored.map((s) => s.codeHash)).not.toContain(c)
    // Confirmed once: a second set-up is refused until the first is disabled.
    expect((await call(h, 'POST', '/api/mfa/totp', { token: user.token })).status).toBe(409)
    const status = await call(h, 'GET', '/api/mfa', { token: user.token })
    expect(status.body.data).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: [], companyRequired: false })
  })

  it('asks for the second factor at sign-in, with no session or refresh cookie; verify answers the usual login data; a code is not accepted twice', async () => {
    const user = await signUp(h, 'verify@mfa-b.example')
    const { secret } = await enrolTotp(h, user) // used the previous step
    const first = await login(h, user.email)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      status: true,
      message: 'Second factor required',
      data: { mfaRequired: true, mfaToken: expect.stringMatching(/^[\w-]{43}$/), enrol: false, methods: ['totp'] },
    })
    expect(first.refreshCookie).toBeUndefined()
    const { mfaToken } = challengeOf(first)
    // The mfaToken is no session: refused as a bearer token.
    expect((await call(h, 'GET', '/api/mfa', { token: mfaToken })).status).toBe(401)
    const code = codeAt(secret)
    const ok = await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({
      status: true,
      message: 'Login successful',
      data: { _id: user._id, email: user.email, token: expect.any(String) },
      themesettings: {},
    })
    expect(ok.refreshCookie).toMatch(/^portal_rt=/)
    // Single use: the token is spent.
    expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code: codeAt(secret, STEP) } })).body.message).toBe(mfaMessages.expired)
    // Replay: the same code on a fresh sign-in is refused; the next step's code (within the window) is not.
    const second = challengeOf(await login(h, user.email)).mfaToken
    const replay = await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken: second, code } })
    expect(replay.status).toBe(400)
    expect(replay.body.message).toBe(mfaMessages.invalidCode)
    expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken: second, code: codeAt(secret, STEP) } })).status).toBe(200)
    // A code two steps out is outside the window.
    const third = challengeOf(await login(h, user.email)).mfaToken
    expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken: third, code: codeAt(secret, 3 * STEP) } })).status).toBe(400)
  })

  it('accepts each recovery code once, then not again', async () => {
    const user = await signUp(h, 'recovery@mfa-c.example')
    const { recoveryCodes } = await enrolTotp(h, user)
    const mfaToken = challengeOf(await login(h, user.email)).mfaToken
    const typed = recoveryCodes[0]!.toUpperCase().replace('-', ' ')
    expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code: typed } })).status).toBe(200)
    const again = challengeOf(await login(h, user.email)).mfaToken
    expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken: again, code: recoveryCodes[0] } })).status).toBe(400)
    expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken: again, code: recoveryCodes[1] } })).status).toBe(200)
  })

  it('locks the second step after too many wrong codes: even the right one waits', async () => {
    const user = await signUp(h, 'lockout@mfa-d.example')
    const { secret } = await enrolTotp(h, user)
    const mfaToken = challengeOf(await login(h, user.email)).mfaToken
    const wrong = String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < MFA_LIMIT.max; i++) expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code: wrong } })).status).toBe(400)
    const locked = await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code: codeAt(secret) } })
    expect(locked.status).toBe(429)
    expect(locked.body.message).toBe(mfaMessages.tooMany)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('a password reset opens no session and the next sign-in still asks for the factor', async () => {
    const user = await signUp(h, 'reset@mfa-e.example')
    await enrolTotp(h, user)
    const code = await requestCode(h, user.email)
    const validated = await call(h, 'POST', '/api/user/otpvalidation', { body: { email: user.email, otp: code } })
    const { resetToken } = validated.body.data as { resetToken: string }
    const changed = await call(h, 'POST', '/api/user/changepassword', {
      body: { email: user.email, password: 'N3w!passphrase', cnfpassword: 'N3w!passphrase', resetToken },
    })
    expect(changed.status).toBe(200)
    expect(changed.refreshCookie).toBeUndefined()
    expect(JSON.stringify(changed.body)).not.toMatch(/token/i)
    // The reset ended the sessions: the old refresh cookie no longer renews.
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })).status).toBe(401)
    const next = await login(h, user.email, 'N3w!passphrase')
    expect(challengeOf(next)).toMatchObject({ mfaRequired: true, enrol: false })
    expect(next.refreshCookie).toBeUndefined()
  })

  it('lets an admin require MFA: a member without a factor enrols at sign-in before any session, and an old session stops renewing', async () => {
    const admin = await signUp(h, 'admin@mfa-f.example')
    // Not before the admin has a factor of their own.
    const early = await call(h, 'PUT', '/api/mfa/policy', { token: admin.token, body: { required: true } })
    expect(early.status).toBe(400)
    expect(early.body.message).toBe(mfaMessages.ownFactorFirst)
    await enrolTotp(h, admin)
    const member = await call(h, 'POST', '/api/usercreate/people', {
      body: {
        firstName: 'Mem',
        lastName: 'Ber',
        email: 'member@mfa-f.example',
        password: PASSWORD,
        cnfpassword: PASSWORD,
        inviteToken: await inviteMember(h, admin, 'member@mfa-f.example'),
      },
    })
    expect(member.status).toBe(201)
    const memberToken = (member.body.data as { token: string }).token
    expect((await call(h, 'PUT', '/api/mfa/policy', { token: memberToken, body: { required: true } })).status).toBe(403)
    expect((await call(h, 'PUT', '/api/mfa/policy', { token: admin.token, body: { required: true } })).body).toEqual({
      status: true,
      message: 'Saved',
      data: { required: true },
    })
    // The session opened before the rule does not renew.
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: member.refreshCookie! })).status).toBe(401)
    const signIn = await login(h, 'member@mfa-f.example')
    expect(signIn.refreshCookie).toBeUndefined()
    const { mfaToken, enrol } = challengeOf(signIn)
    expect(enrol).toBe(true)
    // An enrolment token is good for enrolment only.
    expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code: '123456' } })).body.message).toBe(mfaMessages.expired)
    const start = await call(h, 'POST', '/api/mfa/enrol/totp', { body: { mfaToken } })
    expect(start.status).toBe(200)
    const { secret } = start.body.data as { secret: string }
    const done = await call(h, 'POST', '/api/mfa/enrol/confirm', { body: { mfaToken, code: codeAt(secret) } })
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ email: 'member@mfa-f.example', token: expect.any(String), recoveryCodes: expect.any(Array) })
    expect(done.refreshCookie).toMatch(/^portal_rt=/)
    // From now on the member signs in with the factor.
    expect(challengeOf(await login(h, 'member@mfa-f.example'))).toMatchObject({ enrol: false, methods: ['totp'] })
    // A newly invited member under the rule gets no session from the invite either.
    const late = await call(h, 'POST', '/api/usercreate/people', {
      body: {
        firstName: 'Late',
        lastName: 'Comer',
        email: 'late@mfa-f.example',
        password: PASSWORD,
        cnfpassword: PASSWORD,
        inviteToken: await inviteMember(h, admin, 'late@mfa-f.example'),
      },
    })
    expect(late.status).toBe(201)
    expect(challengeOf(late)).toMatchObject({ mfaRequired: true, enrol: true })
    expect(late.refreshCookie).toBeUndefined()
  })

  it('disables TOTP with a code (self), resets a member (admin), and keeps both within the tenant', async () => {
    const admin = await signUp(h, 'admin@mfa-g.example')
    const { secret } = await enrolTotp(h, admin)
    expect((await call(h, 'POST', '/api/mfa/totp/disable', { token: admin.token, body: { code: 'nope-nope' } })).status).toBe(400)
    expect((await call(h, 'POST', '/api/mfa/totp/disable', { token: admin.token, body: { code: codeAt(secret) } })).status).toBe(200)
    expect((await login(h, admin.email)).body.data).toHaveProperty('token')
    const other = await signUp(h, 'other@mfa-h.example')
    const { recoveryCodes } = await enrolTotp(h, other)
    // Another company's admin: the member "does not exist" (404), and nothing changed.
    expect((await call(h, 'POST', `/api/mfa/reset/${other._id}`, { token: admin.token })).status).toBe(404)
    expect(challengeOf(await login(h, other.email)).mfaRequired).toBe(true)
    expect((await call(h, 'DELETE', `/api/mfa/webauthn/credentials/${crypto.randomUUID()}`, { token: admin.token })).status).toBe(404)
    // An admin of the member's company resets: the factors go, so do the sessions.
    const mfaToken = challengeOf(await login(h, other.email)).mfaToken
    const otherAdmin = await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code: recoveryCodes[0] } })
    expect(otherAdmin.status).toBe(200)
    const adminToken = (otherAdmin.body.data as { token: string }).token
    expect((await call(h, 'POST', `/api/mfa/reset/${other._id}`, { token: adminToken })).status).toBe(200)
    expect((await login(h, other.email)).body.data).toHaveProperty('token')
  })

  it('offers passkeys for the configured site and refuses a forged registration with a 400', async () => {
    const user = await signUp(h, 'passkey@mfa-i.example')
    const options = await call(h, 'POST', '/api/mfa/webauthn/registration/options', { token: user.token })
    expect(options.status).toBe(200)
    expect(options.body.data).toMatchObject({ rp: { id: 'portal.test', name: 'Trust Portal' }, user: { name: user.email }, challenge: expect.any(String) })
    const forged = await call(h, 'POST', '/api/mfa/webauthn/registration/verify', {
      token: user.token,
      body: { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} } },
    })
    expect(forged.status).toBe(400)
    expect(forged.body.message).toBe(mfaMessages.passkeyFailed)
    // Without a passkey there is nothing to ask for at sign-in.
    await enrolTotp(h, user)
    const mfaToken = challengeOf(await login(h, user.email)).mfaToken
    expect((await call(h, 'POST', '/api/mfa/webauthn/authentication/options', { body: { mfaToken } })).status).toBe(400)
  })
})
