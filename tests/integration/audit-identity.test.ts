// The audit entries of issue 27's identity parts (docs/audit-api.md, security.md "Audit log"), through
// their real routes: sign-in second steps (TOTP, recovery code, a software passkey) and failures, MFA
// settings, OIDC single sign-on against a real provider (settings, domains, a just-in-time member, the
// ticket exchange, a refused callback, "SSO required"), SCIM (token, settings, users and the role sync,
// by the SCIM token), API keys (use coalesced to one entry an hour) and webhooks. Each entry has its
// actor and target, in the company that did it and in no other; a refused SCIM token leaves no entry.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { AUDIT } from '@portal/audit'
import type { AuditEntry } from '@portal/contracts'
import { testDatabaseKinds } from '@portal/db'
import { Secret, TOTP } from 'otpauth'
import { insertWebhookEvent, recordDelivery } from '../../services/identity/src/db/webhooks.repo.js'
import { buildHarness, call, type Harness, PASSWORD, type SignedUp, signUp } from '../../services/identity/test/harness.js'
import { signInAt, startProvider, type TestProvider } from '../../services/identity/test/oidc-provider.js'
import { softPasskey } from '../support/soft-passkey.js'

const CALLBACK = 'https://portal.test/api/sso/oidc/callback'
const BOSS = 'boss@acme-audit.example'
const STEP = 30_000
const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs })

// The last kind: PostgreSQL with row-level security where the machine has it (the app role appends
// from sign-ins, SCIM and the key flush), else PGlite.
describe.each(testDatabaseKinds({ rowSecurity: true }).slice(-1))('audit entries of sign-in, MFA, SSO, SCIM, keys and webhooks on %s', (_kind, open) => {
  let h: Harness
  let idp: TestProvider
  let admin: SignedUp
  let rival: SignedUp
  const zone = new Map<string, string[][]>()

  beforeAll(async () => {
    idp = await startProvider(CALLBACK, {
      alice: { email: 'alice@acme-audit.example', emailVerified: true, groups: ['portal-admins'] },
      carol: { email: 'carol@acme-audit.example', emailVerified: true },
    })
    h = await buildHarness(open, { SSO_ALLOW_LOOPBACK: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_ATTEMPTS: '1' }, undefined, {
      resolveTxt: async (name) => zone.get(name) ?? [],
    })
    admin = await signUp(h, BOSS)
    rival = await signUp(h, 'ciso@rival-audit.example')
  }, 60_000)
  afterAll(async () => {
    await h?.close()
    await idp?.close()
  })

  const entries = async (user: SignedUp, action: string) => {
    const res = await call(h, 'GET', `/api/audit?pageSize=100&action=${encodeURIComponent(action)}`, { token: user.token })
    expect(res.status).toBe(200)
    return res.body.data as AuditEntry[]
  }
  /** The newest entry of `action` in the admin's company: its actor and target; none in the rival's. */
  const expectEntry = async (action: string, actorEmail: string | null, target: string | RegExp) => {
    const [entry] = await entries(admin, action)
    expect(entry).toBeDefined()
    expect(entry!.actorEmail).toBe(actorEmail)
    if (typeof target === 'string') expect(entry!.target).toBe(target)
    else expect(entry!.target).toMatch(target)
    expect(entry!.requestId === null || typeof entry!.requestId === 'string').toBe(true)
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000)
    expect(await entries(rival, action)).toEqual([])
    return entry!
  }
  const login = (email: string) => call(h, 'POST', '/api/userlogin', { body: { email, password: PASSWORD } })

  describe('second factor', () => {
    let secret = ''
    let recoveryCodes: string[] = []

    it('records enrolment, a wrong code, sign-in by TOTP and by recovery code, the policy, a reset and removal', async () => {
      const start = await call(h, 'POST', '/api/mfa/totp', { token: admin.token })
      secret = (start.body.data as { secret: string }).secret
      const confirm = await call(h, 'POST', '/api/mfa/totp/confirm', { token: admin.token, body: { code: codeAt(secret, -STEP) } })
      expect(confirm.status).toBe(200)
      recoveryCodes = (confirm.body.data as { recoveryCodes: string[] }).recoveryCodes
      await expectEntry(AUDIT.mfaEnrolled, BOSS, `${BOSS} (totp)`)

      // Password alone opens no session: no success entry until the second step.
      const before = (await entries(admin, AUDIT.loginSucceeded)).length
      const first = await login(BOSS)
      const { mfaToken } = first.body.data as { mfaToken: string }
      expect((await entries(admin, AUDIT.loginSucceeded)).length).toBe(before)
      const wrong = await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code: codeAt(secret) === '000000' ? '111111' : '000000' } })
      expect(wrong.status).toBe(400)
      await expectEntry(AUDIT.mfaFailed, BOSS, BOSS)
      expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken, code: codeAt(secret) } })).status).toBe(200)
      await expectEntry(AUDIT.loginSucceeded, BOSS, `${BOSS} (totp)`)

      const second = (await login(BOSS)).body.data as { mfaToken: string }
      expect((await call(h, 'POST', '/api/mfa/verify', { body: { mfaToken: second.mfaToken, code: recoveryCodes[0] } })).status).toBe(200)
      await expectEntry(AUDIT.loginSucceeded, BOSS, `${BOSS} (recovery code)`)

      // A passkey answer that cannot be checked is a wrong second factor too.
      const third = (await login(BOSS)).body.data as { mfaToken: string }
      const forged = await call(h, 'POST', '/api/mfa/webauthn/authentication/verify', {
        body: {
          mfaToken: third.mfaToken,
          response: {
            id: 'x',
            rawId: 'x',
            type: 'public-key',
            clientExtensionResults: {},
            response: { clientDataJSON: 'x', authenticatorData: 'x', signature: 'x' },
          },
        },
      })
      expect(forged.status).toBe(400)
      expect((await entries(admin, AUDIT.mfaFailed)).length).toBe(2)

      expect((await call(h, 'PUT', '/api/mfa/policy', { token: admin.token, body: { required: true } })).status).toBe(200)
      await expectEntry(AUDIT.mfaPolicyChanged, BOSS, 'second factor required')
    })

    it('records enrolment at sign-in as enrolment and sign-in, and an admin reset of the member', async () => {
      const invited = await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'dana@acme-audit.example' } })
      expect(invited.status).toBe(201)
      const token = h.mail.sent
        .filter((m) => m.to === 'dana@acme-audit.example')
        .at(-1)!
        .text.match(/\/signup\?invite=([\w-]+)/)![1]!
      const joined = await call(h, 'POST', '/api/usercreate/people', {
        body: { firstName: 'Dana', lastName: 'M', email: 'dana@acme-audit.example', password: PASSWORD, cnfpassword: PASSWORD, inviteToken: token },
      })
      expect(joined.status).toBe(201)
      const challenge = (await login('dana@acme-audit.example')).body.data as { mfaToken: string; enrol: boolean }
      expect(challenge.enrol).toBe(true)
      const start = await call(h, 'POST', '/api/mfa/enrol/totp', { body: { mfaToken: challenge.mfaToken } })
      const { secret: hers } = start.body.data as { secret: string }
      const done = await call(h, 'POST', '/api/mfa/enrol/confirm', { body: { mfaToken: challenge.mfaToken, code: codeAt(hers) } })
      expect(done.status).toBe(200)
      await expectEntry(AUDIT.mfaEnrolled, 'dana@acme-audit.example', 'dana@acme-audit.example (totp)')
      await expectEntry(AUDIT.loginSucceeded, 'dana@acme-audit.example', 'dana@acme-audit.example (totp)')

      const danaId = (done.body.data as { _id: string })._id
      expect((await call(h, 'POST', `/api/mfa/reset/${danaId}`, { token: admin.token })).status).toBe(200)
      await expectEntry(AUDIT.mfaReset, BOSS, 'dana@acme-audit.example')
    })

    it('records the policy relaxed and a factor removed', async () => {
      expect((await call(h, 'PUT', '/api/mfa/policy', { token: admin.token, body: { required: false } })).status).toBe(200)
      await expectEntry(AUDIT.mfaPolicyChanged, BOSS, 'second factor optional')
      expect((await call(h, 'POST', '/api/mfa/totp/disable', { token: admin.token, body: { code: recoveryCodes[1] } })).status).toBe(200)
      await expectEntry(AUDIT.mfaDisabled, BOSS, `${BOSS} (totp)`)
    })

    it('records a passkey enrolled, a sign-in with it, and its removal', async () => {
      const passkey = softPasskey('https://portal.test')
      const options = await call(h, 'POST', '/api/mfa/webauthn/registration/options', { token: admin.token })
      const registration = passkey.register(options.body.data as { challenge: string })
      const added = await call(h, 'POST', '/api/mfa/webauthn/registration/verify', { token: admin.token, body: { response: registration, name: 'Laptop' } })
      expect(added.status).toBe(200)
      await expectEntry(AUDIT.mfaEnrolled, BOSS, `${BOSS} (passkey "Laptop")`)

      const { mfaToken, methods } = (await login(BOSS)).body.data as { mfaToken: string; methods: string[] }
      expect(methods).toEqual(['webauthn'])
      const asked = await call(h, 'POST', '/api/mfa/webauthn/authentication/options', { body: { mfaToken } })
      const signedIn = await call(h, 'POST', '/api/mfa/webauthn/authentication/verify', {
        body: { mfaToken, response: passkey.assert(asked.body.data as { challenge: string }) },
      })
      expect(signedIn.status).toBe(200)
      await expectEntry(AUDIT.loginSucceeded, BOSS, `${BOSS} (passkey)`)

      const [key] = ((await call(h, 'GET', '/api/mfa', { token: admin.token })).body.data as { passkeys: { _id: string }[] }).passkeys
      expect((await call(h, 'DELETE', `/api/mfa/webauthn/credentials/${key!._id}`, { token: admin.token })).status).toBe(200)
      await expectEntry(AUDIT.mfaDisabled, BOSS, `${BOSS} (passkey)`)
    })
  })

  describe('single sign-on', () => {
    it('records the provider setting (never its secret) and the domains added, proven and removed', async () => {
      const saved = await call(h, 'PUT', '/api/sso/oidc', {
        token: admin.token,
        body: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: ['acme-audit.example'], adminValues: ['portal-admins'] },
      })
      expect(saved.status).toBe(200)
      const setting = await expectEntry(AUDIT.ssoOidcChanged, BOSS, `${idp.issuer} (client ${idp.clientId})`)
      expect(JSON.stringify(setting)).not.toContain(idp.clientSecret)
      await expectEntry(AUDIT.ssoDomainAdded, BOSS, 'acme-audit.example')
      await expectEntry(AUDIT.ssoDomainVerified, BOSS, "acme-audit.example (an admin's address)")

      const added = await call(h, 'POST', '/api/sso/domains', { token: admin.token, body: { domain: 'acme-audit.test' } })
      expect(added.status).toBe(201)
      await expectEntry(AUDIT.ssoDomainAdded, BOSS, 'acme-audit.test')
      zone.set('acme-audit.test', [[(added.body.data as { txtRecord: string }).txtRecord]])
      expect((await call(h, 'POST', '/api/sso/domains/verify', { token: admin.token, body: { domain: 'acme-audit.test' } })).status).toBe(200)
      await expectEntry(AUDIT.ssoDomainVerified, BOSS, 'acme-audit.test (DNS)')
      // Verifying a proven domain again changes nothing, and records nothing.
      expect((await call(h, 'POST', '/api/sso/domains/verify', { token: admin.token, body: { domain: 'acme-audit.test' } })).status).toBe(200)
      expect((await entries(admin, AUDIT.ssoDomainVerified)).length).toBe(2)
      expect((await call(h, 'DELETE', '/api/sso/domains/acme-audit.test', { token: admin.token })).status).toBe(200)
      await expectEntry(AUDIT.ssoDomainRemoved, BOSS, 'acme-audit.test')
    })

    it('records a member created just in time and the sign-in by exchange; a refused callback of a known flow', async () => {
      const started = await h.app.inject({ method: 'GET', url: `/api/sso/start?email=${encodeURIComponent('alice@acme-audit.example')}` })
      const cookie = String(started.headers['set-cookie'] ?? '').split(';')[0]!
      const back = await signInAt(String(started.headers.location), CALLBACK, 'alice')
      const landed = await h.app.inject({ method: 'GET', url: `/api/sso/oidc/callback${back.search}`, headers: { cookie } })
      const ticket = new URL(String(landed.headers.location)).searchParams.get('ticket')
      expect(ticket).toBeTruthy()
      await expectEntry(AUDIT.memberProvisioned, 'alice@acme-audit.example', 'alice@acme-audit.example (single sign-on, admin)')
      expect((await call(h, 'POST', '/api/sso/exchange', { body: { ticket } })).status).toBe(200)
      await expectEntry(AUDIT.loginSucceeded, 'alice@acme-audit.example', 'alice@acme-audit.example (sso)')

      // Finished in another browser (no cookie of the flow): refused, in the flow's company.
      const other = await h.app.inject({ method: 'GET', url: `/api/sso/start?email=${encodeURIComponent('carol@acme-audit.example')}` })
      const carolBack = await signInAt(String(other.headers.location), CALLBACK, 'carol')
      const refused = await h.app.inject({ method: 'GET', url: `/api/sso/oidc/callback${carolBack.search}` })
      expect(new URL(String(refused.headers.location)).searchParams.get('sso_error')).toBe('bad_state')
      await expectEntry(AUDIT.ssoFailed, null, 'unknown address (bad_state)')
      // The same callback again: the flow is spent, and its company hears of the replay.
      const replayed = await h.app.inject({ method: 'GET', url: `/api/sso/oidc/callback${carolBack.search}` })
      expect(new URL(String(replayed.headers.location)).searchParams.get('sso_error')).toBe('expired')
      await expectEntry(AUDIT.ssoFailed, null, 'unknown address (expired)')
      // A state nobody started belongs to no company: nothing is recorded.
      await h.app.inject({ method: 'GET', url: '/api/sso/oidc/callback?code=x&state=not-a-state' })
      expect((await entries(admin, AUDIT.ssoFailed)).length).toBe(2)
    })

    it('records "SSO required" and the password it refuses, and the provider removed', async () => {
      expect((await call(h, 'PUT', '/api/sso/policy', { token: admin.token, body: { required: true } })).status).toBe(200)
      await expectEntry(AUDIT.ssoPolicyChanged, BOSS, 'single sign-on required')
      expect((await login('alice@acme-audit.example')).status).toBe(403)
      await expectEntry(AUDIT.loginFailed, 'alice@acme-audit.example', 'alice@acme-audit.example (password refused: single sign-on required)')
      expect((await call(h, 'DELETE', '/api/sso/oidc', { token: admin.token })).status).toBe(200)
      await expectEntry(AUDIT.ssoOidcRemoved, BOSS, 'OpenID Connect provider')
    })
  })

  describe('SCIM', () => {
    const scim = (token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
      h.app.inject({
        method,
        url: `/scim/v2${url}`,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/scim+json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      })
    const USER = 'urn:ietf:params:scim:schemas:core:2.0:User'
    const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'

    it('records the token and settings by the admin, and users, their state and role by the SCIM token', async () => {
      const created = await call(h, 'POST', '/api/scim/token', { token: admin.token })
      const token = (created.body.data as { token: string }).token
      const tokenId = token.split('_')[1]!
      const entry = await expectEntry(AUDIT.scimTokenCreated, BOSS, `SCIM token ${tokenId}`)
      expect(JSON.stringify(entry)).not.toContain(token.slice(30))
      expect((await call(h, 'PUT', '/api/scim', { token: admin.token, body: { adminGroup: 'Auditors' } })).status).toBe(200)
      await expectEntry(AUDIT.scimSettingsChanged, BOSS, 'admin group "Auditors" (was "Portal Admins")')

      const user = await scim(token, 'POST', '/Users', { schemas: [USER], userName: 'erin@acme-audit.example', name: { givenName: 'Erin', familyName: 'S' } })
      expect(user.statusCode).toBe(201)
      const id = user.json().id as string
      await expectEntry(AUDIT.memberProvisioned, 'scim-token', 'erin@acme-audit.example (SCIM)')
      const group = await scim(token, 'POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Auditors',
        members: [{ value: id }],
      })
      expect(group.statusCode).toBe(201)
      await expectEntry(AUDIT.memberRoleChanged, 'scim-token', 'erin@acme-audit.example (member to admin)')
      const off = await scim(token, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] })
      expect(off.statusCode).toBe(200)
      await expectEntry(AUDIT.memberDeprovisioned, 'scim-token', 'erin@acme-audit.example')
      const on = await scim(token, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] })
      expect(on.statusCode).toBe(200)
      await expectEntry(AUDIT.memberReactivated, 'scim-token', 'erin@acme-audit.example')
      expect((await scim(token, 'DELETE', `/Users/${id}`)).statusCode).toBe(204)
      await expectEntry(AUDIT.memberRemoved, 'scim-token', 'erin@acme-audit.example')

      // A refused token is counted in the logs, never in a company's audit log.
      const total = async () => (await call(h, 'GET', '/api/audit?pageSize=1', { token: admin.token })).body['total'] as number
      const count = await total()
      for (let i = 0; i < 3; i++) expect((await scim(`${token.slice(0, -4)}AAAA`, 'DELETE', `/Users/${id}`)).statusCode).toBe(401)
      expect(await total()).toBe(count)

      expect((await call(h, 'DELETE', '/api/scim/token', { token: admin.token })).status).toBe(200)
      await expectEntry(AUDIT.scimTokenRevoked, BOSS, 'SCIM token')
    })
  })

  describe('API keys and webhooks', () => {
    it('records a key created and revoked, and its use once an hour, not per call', async () => {
      const created = await call(h, 'POST', '/api/api-keys', { token: admin.token, body: { name: 'CI export', scopes: ['account:read'] } })
      expect(created.status).toBe(201)
      const { id, key } = created.body.data as { id: string; key: string }
      await expectEntry(AUDIT.apiKeyCreated, BOSS, 'API key "CI export" (account:read)')
      for (let i = 0; i < 3; i++) expect((await call(h, 'GET', '/api/api-keys/self', { token: key })).status).toBe(200)
      // Listing flushes the last uses: the hour's entry is written then, once.
      await call(h, 'GET', '/api/api-keys', { token: admin.token })
      await expectEntry(AUDIT.apiKeyUsed, 'api-key', 'API key "CI export"')
      expect((await call(h, 'GET', '/api/api-keys/self', { token: key })).status).toBe(200)
      await call(h, 'GET', '/api/api-keys', { token: admin.token })
      expect(await entries(admin, AUDIT.apiKeyUsed)).toHaveLength(1)
      expect((await call(h, 'DELETE', `/api/api-keys/${id}`, { token: admin.token })).status).toBe(200)
      await expectEntry(AUDIT.apiKeyRevoked, BOSS, 'API key "CI export"')
    })

    it('records a webhook created, replayed and deleted by its origin only (a path may hold a secret)', async () => {
      const url = 'https://hooks.acme-audit.example/services/T000/s3cr3t-path?token=abc'
      const created = await call(h, 'POST', '/api/webhooks', { token: admin.token, body: { url, events: ['access_request.created'] } })
      expect(created.status).toBe(201)
      const { id } = created.body.data as { id: string }
      const entry = await expectEntry(AUDIT.webhookCreated, BOSS, 'webhook to https://hooks.acme-audit.example (access_request.created)')
      expect(entry.target).not.toContain('s3cr3t')
      // A delivery on record, as a sent event leaves it, to replay.
      const tenantId = (await h.db.selectFrom('webhook').select('tenantId').where('id', '=', id).executeTakeFirstOrThrow()).tenantId
      const eventId = crypto.randomUUID()
      await insertWebhookEvent(h.db, tenantId, { id: eventId, webhookId: id, event: 'access_request.created', body: '{}' })
      await recordDelivery(h.db, tenantId, { webhookId: id, eventId, ok: false, statusCode: 500, responseExcerpt: '', error: null })
      const [delivery] = (await call(h, 'GET', `/api/webhooks/${id}/deliveries`, { token: admin.token })).body.data as { id: string }[]
      expect((await call(h, 'POST', `/api/webhooks/${id}/deliveries/${delivery!.id}/replay`, { token: admin.token })).status).toBe(202)
      await expectEntry(AUDIT.webhookReplayed, BOSS, `webhook to https://hooks.acme-audit.example (event ${eventId})`)
      expect((await call(h, 'DELETE', `/api/webhooks/${id}`, { token: admin.token })).status).toBe(200)
      await expectEntry(AUDIT.webhookDeleted, BOSS, 'webhook to https://hooks.acme-audit.example')
    })

    it('keeps the chain whole', async () => {
      const res = await call(h, 'GET', '/api/audit/verify', { token: admin.token })
      expect(res.body.data).toMatchObject({ ok: true })
    })
  })
})
