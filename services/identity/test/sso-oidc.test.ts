// OIDC single sign-on against a real provider (node-oidc-provider, in-process on loopback): the
// admin's setting (discovery, the secret sealed, SSRF rule), domains proven by an admin address or
// DNS TXT, the full code flow with PKCE driven over HTTP, just-in-time members and role mapping,
// state, nonce, browser binding and ticket checks, another company's domain, and "SSO required".
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { hashToken } from '@portal/auth'
import { testDatabaseKinds } from '@portal/db'
import type { BreakGlassUser } from '../src/sso/password-policy.js'
import { buildHarness, call, type Harness, PASSWORD, type SignedUp, signUp } from './harness.js'
import { signInAt, startProvider, type TestProvider } from './oidc-provider.js'

const CALLBACK = 'https://portal.test/api/sso/oidc/callback'

describe('OIDC single sign-on', () => {
  let h: Harness
  let idp: TestProvider
  let admin: SignedUp
  const zone = new Map<string, string[][]>()
  const withSecondFactor = new Set<string>()
  beforeAll(async () => {
    idp = await startProvider(CALLBACK, {
      alice: { email: 'Alice@acme-corp.example', emailVerified: true, groups: ['staff', 'portal-admins'], givenName: 'Alice', familyName: 'Liddell' },
      bob: { email: 'bob@acme-corp.example', emailVerified: true, groups: ['staff'] },
      mallory: { email: 'mallory@acme-corp.example', emailVerified: false },
      eve: { email: 'eve@elsewhere-co.example', emailVerified: true },
      carol: { email: 'carol@acme-corp.example', emailVerified: true },
    })
    h = await buildHarness(testDatabaseKinds()[0]![1], { SSO_ALLOW_LOOPBACK: 'true' }, undefined, {
      resolveTxt: async (name) => zone.get(name) ?? [],
      hasSecondFactor: async (u: BreakGlassUser) => withSecondFactor.has(u.id),
    })
    admin = await signUp(h, 'boss@acme-corp.example')
  })
  afterAll(async () => {
    await h?.close()
    await idp?.close()
  })

  const configure = (body: Record<string, unknown> = {}) =>
    call(h, 'PUT', '/api/sso/oidc', {
      token: admin.token,
      body: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        domains: ['acme-corp.example'],
        adminValues: ['portal-admins'],
        ...body,
      },
    })

  /** GET /api/sso/start, with the browser cookie it sets. */
  async function start(email: string) {
    const res = await h.app.inject({ method: 'GET', url: `/api/sso/start?email=${encodeURIComponent(email)}` })
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]!
    return { res, cookie, location: String(res.headers.location ?? '') }
  }

  /** The provider's redirect back, delivered to the portal as that browser. */
  async function callback(back: URL, cookie: string | undefined) {
    const res = await h.app.inject({ method: 'GET', url: `/api/sso/oidc/callback${back.search}`, ...(cookie ? { headers: { cookie } } : {}) })
    expect(res.statusCode).toBe(302)
    return new URL(String(res.headers.location))
  }

  async function signInThroughProvider(login: string, email = `${login}@acme-corp.example`) {
    const { cookie, location } = await start(email)
    const back = await signInAt(location, CALLBACK, login)
    return callback(back, cookie)
  }

  const exchange = (ticket: string | null) => call(h, 'POST', '/api/sso/exchange', { body: { ticket } })

  it('saves the provider from its discovery document, with the secret sealed and never answered', async () => {
    const saved = await configure()
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ status: true, data: { callbackUrl: CALLBACK } })
    const stored = await h.db.selectFrom('ssoOidc').selectAll().executeTakeFirstOrThrow()
    expect(stored.clientSecretEnc).not.toContain(idp.clientSecret)
    expect(stored).toMatchObject({ issuer: idp.issuer, tokenEndpoint: `${idp.issuer}/token`, jwksUri: `${idp.issuer}/jwks` })
    const read = await call(h, 'GET', '/api/sso/oidc', { token: admin.token })
    expect(read.body.data).toMatchObject({
      configured: true,
      issuer: idp.issuer,
      clientId: 'portal',
      adminValues: ['portal-admins'],
      callbackUrl: CALLBACK,
      ssoRequired: false,
      // The admin's verified address is on the domain: proven at once.
      domains: [{ domain: 'acme-corp.example', verified: true, method: 'admin_email', txtRecord: expect.stringMatching(/^portal-verification=[\w-]{43}$/) }],
    })
    expect(JSON.stringify(read.body)).not.toContain(idp.clientSecret)
  })

  it('refuses issuers that are not https, on private networks, or that name themselves otherwise, and public mail domains', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ issuer: 'http://idp.example.com' }, 'The provider address must start with https://.'],
      [{ issuer: 'https://10.1.2.3' }, 'The provider address points to a private network, which the portal does not call.'],
      [{ issuer: 'https://[fd00::1]:8443' }, 'The provider address points to a private network, which the portal does not call.'],
      [{ issuer: `${idp.issuer}/` }, `The provider calls itself "${idp.issuer}", not "${idp.issuer}/": enter its exact issuer.`],
      [{ domains: ['gmail.com'] }, "gmail.com is a public mail provider: only a company's own domain can be used."],
      [{ domains: ['not a domain'] }, '"not a domain" is not a domain name (like example.com).'],
    ]
    for (const [body, message] of cases) {
      const res = await configure(body)
      expect([res.status, res.body.message]).toEqual([400, message])
    }
    const member = await call(h, 'GET', '/api/sso/oidc', {})
    expect(member.status).toBe(401)
  })

  it('signs a new person in through the provider, creating a member or an admin from the group mapping', async () => {
    expect((await call(h, 'GET', '/api/sso/discover?email=alice@acme-corp.example')).body.data).toEqual({ sso: true })
    expect((await call(h, 'GET', '/api/sso/discover?email=someone@nowhere-co.example')).body.data).toEqual({ sso: false })
    const { res, cookie, location } = await start('alice@acme-corp.example')
    expect(res.statusCode).toBe(302)
    expect(cookie).toMatch(/^portal_sso=/)
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i)
    const auth = new URL(location)
    expect(auth.origin + auth.pathname).toBe(`${idp.issuer}/auth`)
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256')
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(auth.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/)
    expect(auth.searchParams.get('redirect_uri')).toBe(CALLBACK)
    // The state is kept only as a hash, the verifier never leaves the server.
    const state = auth.searchParams.get('state')!
    const flow = await h.db.selectFrom('ssoFlow').selectAll().where('stateHash', '=', hashToken(state)).executeTakeFirstOrThrow()
    expect(location).not.toContain(flow.codeVerifier)

    const back = await signInAt(location, CALLBACK, 'alice')
    const landing = await callback(back, cookie)
    expect(landing.origin + landing.pathname).toBe('https://portal.test/login/sso')
    const ticket = landing.searchParams.get('ticket')!
    expect(ticket).toMatch(/^[\w-]{43}$/)
    expect([...landing.searchParams.keys()]).toEqual(['ticket'])
    expect(await h.db.selectFrom('ssoTicket').select('id').where('tokenHash', '=', ticket).executeTakeFirst()).toBeUndefined()

    const session = await exchange(ticket)
    expect(session.status).toBe(200)
    expect(session.body).toMatchObject({
      status: true,
      message: 'Login successful',
      data: { email: 'alice@acme-corp.example', admin: true, dbName: admin.dbName, firstName: 'Alice', lastName: 'Liddell', emailVerified: true },
    })
    expect(session.refreshCookie).toBeDefined()
    // Single use.
    const again = await exchange(ticket)
    expect([again.status, again.body.message]).toEqual([400, 'This sign-in has expired or was already used. Please sign in again.'])

    const bob = await exchange((await signInThroughProvider('bob')).searchParams.get('ticket'))
    expect(bob.body.data).toMatchObject({ email: 'bob@acme-corp.example', admin: false, dbName: admin.dbName })
    // The second sign-in finds the same person, not a new one.
    const bobAgain = await exchange((await signInThroughProvider('bob')).searchParams.get('ticket'))
    expect((bobAgain.body.data as { _id: string })._id).toBe((bob.body.data as { _id: string })._id)
    const people = await call(h, 'GET', '/api/people', { token: admin.token })
    expect((people.body.data as { email: string }[]).map((p) => p.email).sort()).toEqual([
      'alice@acme-corp.example',
      'bob@acme-corp.example',
      'boss@acme-corp.example',
    ])
  })

  it('sends refusals back to the login page with a code: unverified email, denied, bad or replayed state, another browser, a wrong nonce', async () => {
    expect((await signInThroughProvider('mallory')).toString()).toBe('https://portal.test/login?sso_error=unverified_email')

    const denied = await start('carol@acme-corp.example')
    const cancelled = await signInAt(denied.location, CALLBACK, 'carol', { abort: true })
    expect(cancelled.searchParams.get('error')).toBe('access_denied')
    expect((await callback(cancelled, denied.cookie)).searchParams.get('sso_error')).toBe('denied')

    const bad = await callback(new URL(`${CALLBACK}?code=whatever&state=not-a-state`), undefined)
    expect(bad.searchParams.get('sso_error')).toBe('bad_state')

    const first = await start('carol@acme-corp.example')
    const back = await signInAt(first.location, CALLBACK, 'carol')
    // Another browser (no cookie of this flow) cannot finish it, and the state is then spent.
    expect((await callback(back, undefined)).searchParams.get('sso_error')).toBe('bad_state')
    expect((await callback(back, first.cookie)).searchParams.get('sso_error')).toBe('expired')

    // The provider's id token carries the nonce of the flow: a flow expecting another one refuses it.
    const second = await start('carol@acme-corp.example')
    const state = new URL(second.location).searchParams.get('state')!
    await h.db.updateTable('ssoFlow').set({ nonce: 'another-nonce' }).where('stateHash', '=', hashToken(state)).execute()
    const wrongNonce = await callback(await signInAt(second.location, CALLBACK, 'carol'), second.cookie)
    expect(wrongNonce.searchParams.get('sso_error')).toBe('invalid_token')

    // An expired flow.
    const late = await start('carol@acme-corp.example')
    const lateState = new URL(late.location).searchParams.get('state')!
    const lateBack = await signInAt(late.location, CALLBACK, 'carol')
    await h.db
      .updateTable('ssoFlow')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('stateHash', '=', hashToken(lateState))
      .execute()
    expect((await callback(lateBack, late.cookie)).searchParams.get('sso_error')).toBe('expired')
    // None of these created carol.
    expect(await h.db.selectFrom('user').select('id').where('email', '=', 'carol@acme-corp.example').executeTakeFirst()).toBeUndefined()
  })

  it('refuses an expired ticket and an unknown one', async () => {
    const ticket = (await signInThroughProvider('bob')).searchParams.get('ticket')!
    await h.db
      .updateTable('ssoTicket')
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where('tokenHash', '=', hashToken(ticket))
      .execute()
    expect((await exchange(ticket)).status).toBe(400)
    expect((await exchange('x'.repeat(43))).status).toBe(400)
  })

  it("keeps each company to its own domains: another's proven domain is refused, an address off the domains is not signed in", async () => {
    const other = await signUp(h, 'chief@other-co.example')
    const claim = await call(h, 'POST', '/api/sso/domains', { token: other.token, body: { domain: 'ACME-corp.example' } })
    expect([claim.status, claim.body.message]).toEqual([409, 'acme-corp.example is already verified by another company.'])
    expect((await call(h, 'GET', '/api/sso/oidc', { token: other.token })).body.data).toMatchObject({ configured: false, issuer: '', domains: [] })
    // The provider vouches for eve, but her domain is no proven domain of this company.
    expect((await signInThroughProvider('eve', 'boss@acme-corp.example')).searchParams.get('sso_error')).toBe('not_allowed')
    expect((await call(h, 'GET', '/api/sso/start?email=eve@elsewhere-co.example')).status).toBe(404)
    // Another company's admin cannot remove this company's domain.
    expect((await call(h, 'DELETE', '/api/sso/domains/acme-corp.example', { token: other.token })).status).toBe(404)
  })

  it('proves a domain with a DNS TXT record', async () => {
    const claimed = await call(h, 'POST', '/api/sso/domains', { token: admin.token, body: { domain: 'acme-labs.example' } })
    expect(claimed.status).toBe(201)
    const record = (claimed.body.data as { txtRecord: string; verified: boolean }).txtRecord
    expect(claimed.body.data).toMatchObject({ domain: 'acme-labs.example', verified: false, method: null })
    const early = await call(h, 'POST', '/api/sso/domains/verify', { token: admin.token, body: { domain: 'acme-labs.example' } })
    expect([early.status, early.body.message]).toEqual([
      400,
      `No TXT record "${record}" was found on acme-labs.example yet. DNS changes can take a while to appear.`,
    ])
    zone.set('acme-labs.example', [['v=spf1 -all'], [record.slice(0, 30), record.slice(30)]])
    const verified = await call(h, 'POST', '/api/sso/domains/verify', { token: admin.token, body: { domain: 'acme-labs.example' } })
    expect(verified.body.data).toMatchObject({ domain: 'acme-labs.example', verified: true, method: 'dns' })
    expect((await call(h, 'GET', '/api/sso/discover?email=x@acme-labs.example')).body.data).toEqual({ sso: true })
  })

  it('refuses password sign-in on the domains of a company that requires SSO, except a break-glass admin with a second factor', async () => {
    const login = (email: string) => call(h, 'POST', '/api/userlogin', { body: { email, password: PASSWORD } })
    expect((await login('boss@acme-corp.example')).status).toBe(200)
    const required = await call(h, 'PUT', '/api/sso/policy', { token: admin.token, body: { required: true } })
    expect(required.body).toEqual({ status: true, data: { required: true } })
    const refused = await login('boss@acme-corp.example')
    expect([refused.status, refused.body.message]).toEqual([403, 'Your company requires single sign-on: use "Continue with your company account" to sign in.'])
    // Unknown addresses on the domain get the same answer.
    expect((await login('nobody@acme-corp.example')).status).toBe(403)
    // Other companies are untouched.
    expect((await login('chief@other-co.example')).status).toBe(200)
    withSecondFactor.add(admin._id)
    expect((await login('boss@acme-corp.example')).status).toBe(200)
    // A member with a second factor is no break-glass account.
    const bob = await h.db.selectFrom('user').select('id').where('email', '=', 'bob@acme-corp.example').executeTakeFirstOrThrow()
    withSecondFactor.add(bob.id)
    expect((await login('bob@acme-corp.example')).status).toBe(403)
    // SSO itself still works.
    expect((await exchange((await signInThroughProvider('bob')).searchParams.get('ticket'))).status).toBe(200)
  })
})
