// SAML 2.0 single sign-on against a real IdP (samlify in-process, signing with a fixture key): the
// admin's setting from IdP metadata, the SP metadata, the full sign-in through the ACS ending in the
// OIDC flow's ticket, just-in-time members and role mapping, and the refusals: a tampered assertion,
// a replayed response and a replayed assertion id, a wrong audience, recipient or destination, an
// expired or not-yet-valid assertion, XML signature wrapping, unknown or missing InResponseTo, and an
// address on another company's domain. Every refusal is a redirect to the login page with a code.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { DOMParser, XMLSerializer } from '@xmldom/xmldom'
import { buildHarness, call, type Harness, type SignedUp, signUp } from './harness.js'
import { authnRequestOf, type ResponseTags, type SamlUser, startSamlIdp, type TestIdp } from './saml-idp.js'

const ACS = 'https://portal.test/api/sso/saml/acs'

describe('SAML single sign-on', () => {
  let h: Harness
  let idp: TestIdp
  let admin: SignedUp
  let spMetadata: string
  let entityId: string
  beforeAll(async () => {
    idp = startSamlIdp()
    h = await buildHarness(testDatabaseKinds()[0]![1])
    admin = await signUp(h, 'boss@acme-corp.example')
    entityId = `https://portal.test/api/sso/saml/metadata/${admin.dbName}`
  })
  afterAll(async () => {
    await h?.close()
  })

  const configure = (body: Record<string, unknown> = {}, token = admin.token) =>
    call(h, 'PUT', '/api/sso/saml', {
      token,
      body: { idpMetadataXml: idp.metadataXml, domains: ['acme-corp.example'], adminValues: ['portal-admins'], ...body },
    })

  /** GET /api/sso/start: the IdP's address with the AuthnRequest, as the IdP reads it. */
  async function start(email: string) {
    const res = await h.app.inject({ method: 'GET', url: `/api/sso/start?email=${encodeURIComponent(email)}` })
    expect(res.statusCode).toBe(302)
    const location = String(res.headers.location)
    return { location, request: authnRequestOf(location) }
  }

  /** The browser posting the IdP's form to the ACS; the portal's redirect. */
  async function postAcs(samlResponse: string | undefined) {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/sso/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(samlResponse === undefined ? {} : { SAMLResponse: samlResponse }).toString(),
    })
    return res
  }
  async function acs(samlResponse: string) {
    const res = await postAcs(samlResponse)
    expect(res.statusCode).toBe(302)
    return new URL(String(res.headers.location))
  }

  async function signedFor(user: SamlUser, tags: ResponseTags = {}) {
    const { request } = await start(user.email)
    return { requestId: request.id, response: await idp.respond(spMetadata, request.id, user, tags) }
  }
  const signIn = async (user: SamlUser, tags: ResponseTags = {}) => acs((await signedFor(user, tags)).response)
  const exchange = (ticket: string | null) => call(h, 'POST', '/api/sso/exchange', { body: { ticket } })
  const errorOf = (url: URL) => (url.pathname === '/login' ? url.searchParams.get('sso_error') : `signed in: ${url}`)
  const userExists = async (email: string) => (await h.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()) !== undefined

  it('serves the SP metadata of a company: its entity id, the ACS, signed assertions wanted', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/api/sso/saml/metadata/${admin.dbName}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/)
    spMetadata = res.body
    expect(spMetadata).toContain(`entityID="${entityId}"`)
    expect(spMetadata).toContain(`Location="${ACS}"`)
    expect(spMetadata).toContain('WantAssertionsSigned="true"')
    expect((await h.app.inject({ method: 'GET', url: '/api/sso/saml/metadata/no-such-company' })).statusCode).toBe(404)
  })

  it('saves the IdP from its metadata and refuses metadata without a signing certificate, in words', async () => {
    const unsigned = idp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, '')
    expect(unsigned).not.toContain('X509Certificate')
    const cases: [Record<string, unknown>, string][] = [
      [{ idpMetadataXml: unsigned }, 'The IdP metadata has no signing certificate: the portal only accepts signed assertions.'],
      [{ idpMetadataXml: 'not xml <' }, 'The IdP metadata is not well-formed XML.'],
      [{ idpMetadataXml: '<!DOCTYPE x [<!ENTITY a "b">]><x/>' }, 'The IdP metadata must not contain a DOCTYPE.'],
      [{ idpMetadataXml: '<html><body>hello</body></html>' }, 'This is not SAML metadata: an EntityDescriptor was expected.'],
      [{ idpMetadataXml: idp.metadataXml.replace(idp.ssoUrl, 'http://idp.acme-corp.example/sso') }, "The IdP's sign-in address must start with https://."],
      [{ domains: ['gmail.com'] }, "gmail.com is a public mail provider: only a company's own domain can be used."],
    ]
    for (const [body, message] of cases) {
      const res = await configure(body)
      expect([res.status, res.body.message]).toEqual([400, message])
    }
    expect((await call(h, 'GET', '/api/sso/saml', { token: admin.token })).body.data).toMatchObject({ configured: false })

    const saved = await configure()
    expect(saved.status).toBe(200)
    expect(saved.body.data).toEqual({ entityId, acsUrl: ACS, metadataUrl: entityId, idpEntityId: idp.entityId, ssoUrl: idp.ssoUrl })
    const read = await call(h, 'GET', '/api/sso/saml', { token: admin.token })
    expect(read.body.data).toMatchObject({
      configured: true,
      idpEntityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificates: [{ subject: 'CN=Test SAML IdP (portal tests)', sha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) }],
      emailAttribute: null,
      roleAttribute: 'groups',
      adminValues: ['portal-admins'],
      entityId,
      acsUrl: ACS,
      domains: [{ domain: 'acme-corp.example', verified: true, method: 'admin_email' }],
    })
    expect((await call(h, 'GET', '/api/sso/saml', {})).status).toBe(401)
  })

  it('signs a new person in through the IdP and the ACS, creating an admin or a member from the groups attribute', async () => {
    expect((await call(h, 'GET', '/api/sso/discover?email=alice@acme-corp.example')).body.data).toEqual({ sso: true })
    const { location, request } = await start('alice@acme-corp.example')
    expect(location.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true)
    expect(request).toMatchObject({ acs: ACS, issuer: entityId, destination: idp.ssoUrl })
    // The request's id is kept server-side for InResponseTo, five minutes.
    const kept = await h.db.selectFrom('samlRequest').selectAll().where('id', '=', request.id).executeTakeFirstOrThrow()
    expect(kept.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000)

    const alice = { email: 'alice@acme-corp.example', attributes: { groups: ['staff', 'portal-admins'], givenName: ['Alice'], sn: ['Liddell'] } }
    const landing = await acs(await idp.respond(spMetadata, request.id, alice))
    expect(landing.origin + landing.pathname).toBe('https://portal.test/login/sso')
    const session = await exchange(landing.searchParams.get('ticket'))
    expect(session.status).toBe(200)
    expect(session.body.data).toMatchObject({ email: 'alice@acme-corp.example', admin: true, dbName: admin.dbName, firstName: 'Alice', lastName: 'Liddell' })

    const bob = await exchange((await signIn({ email: 'Bob@Acme-Corp.example', attributes: { groups: ['staff'] } })).searchParams.get('ticket'))
    expect(bob.body.data).toMatchObject({ email: 'bob@acme-corp.example', admin: false, dbName: admin.dbName })
    const bobAgain = await exchange((await signIn({ email: 'bob@acme-corp.example' })).searchParams.get('ticket'))
    expect((bobAgain.body.data as { _id: string })._id).toBe((bob.body.data as { _id: string })._id)

    // Recorded in the company's audit log: the member who joined, and the session opened by the ticket.
    const joined = await call(h, 'GET', '/api/audit?action=member.provisioned', { token: admin.token })
    expect(JSON.stringify(joined.body)).toContain('alice@acme-corp.example')
    const signedIn = await call(h, 'GET', '/api/audit?action=auth.login.succeeded', { token: admin.token })
    expect(JSON.stringify(signedIn.body)).toContain('alice@acme-corp.example (sso)')
  })

  it('refuses an assertion whose email was changed after signing', async () => {
    const { response } = await signedFor({ email: 'carol@acme-corp.example' })
    const xml = Buffer.from(response, 'base64').toString('utf8')
    expect(xml).toContain('>carol@acme-corp.example<')
    const tampered = Buffer.from(xml.replace('>carol@acme-corp.example<', '>boss@acme-corp.example<')).toString('base64')
    expect(errorOf(await acs(tampered))).toBe('invalid_token')
    expect(await userExists('carol@acme-corp.example')).toBe(false)
  })

  it('refuses a replayed response, and an assertion id used before even when answering another request', async () => {
    const { response } = await signedFor({ email: 'dave@acme-corp.example' })
    expect((await acs(response)).pathname).toBe('/login/sso')
    expect(errorOf(await acs(response))).toBe('expired')
    // The IdP (or someone with its key material) signs an old assertion id for a new request.
    const first = await signedFor({ email: 'dave@acme-corp.example' })
    const assertionId = Buffer.from(first.response, 'base64')
      .toString('utf8')
      .match(/<saml:Assertion[^>]* ID="([^"]+)"/)![1]!
    expect((await acs(first.response)).pathname).toBe('/login/sso')
    expect(errorOf(await signIn({ email: 'dave@acme-corp.example' }, { AssertionID: assertionId }))).toBe('expired')
    const stored = await h.db.selectFrom('samlAssertion').selectAll().where('assertionId', '=', assertionId).executeTakeFirstOrThrow()
    // Kept until NotOnOrAfter (five minutes) and the skew.
    expect(stored.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000)
  })

  it('refuses a wrong audience, recipient or destination, and an expired or not-yet-valid assertion', async () => {
    const erin = { email: 'erin@acme-corp.example' }
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
    const cases: ResponseTags[] = [
      { Audience: 'https://another-sp.example/metadata' },
      { Audience: `https://portal.test/api/sso/saml/metadata/another-company` },
      { SubjectRecipient: 'https://evil.example/acs' },
      { Destination: 'https://evil.example/acs' },
      // Ended 2 minutes ago: beyond the 30 s skew.
      {
        IssueInstant: ago(7 * 60_000),
        ConditionsNotBefore: ago(7 * 60_000),
        ConditionsNotOnOrAfter: ago(2 * 60_000),
        SubjectConfirmationDataNotOnOrAfter: ago(2 * 60_000),
      },
      // Valid only from 2 minutes from now.
      { ConditionsNotBefore: ago(-2 * 60_000) },
      { Issuer: 'https://another-idp.example' },
    ]
    for (const tags of cases) expect([tags, errorOf(await signIn(erin, tags))]).toEqual([tags, 'invalid_token'])
    // Within the skew: accepted.
    expect((await signIn(erin, { ConditionsNotBefore: ago(-10_000) })).pathname).toBe('/login/sso')
  })

  it('refuses XML signature wrapping: a forged assertion beside or around the signed one', async () => {
    const { response } = await signedFor({ email: 'frank@acme-corp.example' })
    const A = 'urn:oasis:names:tc:SAML:2.0:assertion'
    const DS = 'http://www.w3.org/2000/09/xmldsig#'
    /** The signed response with a forged copy of its assertion (another email, no valid signature of its own). */
    const forge = (signedResponse: string, place: 'beside' | 'around') => {
      const doc = new DOMParser().parseFromString(Buffer.from(signedResponse, 'base64').toString('utf8'), 'text/xml')
      const signed = doc.getElementsByTagNameNS(A, 'Assertion')[0]!
      const forged = signed.cloneNode(true) as typeof signed
      forged.setAttribute('ID', '_forged')
      forged.getElementsByTagNameNS(A, 'NameID')[0]!.textContent = 'boss@acme-corp.example'
      const forgedSig = forged.getElementsByTagNameNS(DS, 'Signature')[0]!
      if (place === 'beside') {
        forged.removeChild(forgedSig)
        signed.parentNode!.insertBefore(forged, signed)
      } else {
        // The original, signed assertion hidden in the forged one's signature (a ds:Object).
        signed.parentNode!.replaceChild(forged, signed)
        forgedSig.appendChild(doc.createElementNS(DS, 'ds:Object')).appendChild(signed)
      }
      return Buffer.from(new XMLSerializer().serializeToString(doc)).toString('base64')
    }
    expect(errorOf(await acs(forge(response, 'beside')))).toBe('invalid_token')
    const second = await signedFor({ email: 'frank@acme-corp.example' })
    expect(errorOf(await acs(forge(second.response, 'around')))).toBe('invalid_token')
    expect(await userExists('frank@acme-corp.example')).toBe(false)
    // Nobody was signed in as boss through these: no SSO success for boss in the log.
    const log = await call(h, 'GET', '/api/audit?action=member.provisioned', { token: admin.token })
    expect(JSON.stringify(log.body)).not.toContain('boss@')
    expect(JSON.stringify((await call(h, 'GET', '/api/audit?action=auth.sso.failed', { token: admin.token })).body)).toContain('(SAML: invalid_token)')
  })

  it('refuses an answer to no request of ours, an IdP-initiated one, a malformed one; a bad form is a 400', async () => {
    expect(errorOf(await signInWithoutStart('gina@acme-corp.example', '_not-a-request-of-ours'))).toBe('bad_state')
    expect(errorOf(await signInWithoutStart('gina@acme-corp.example', ''))).toBe('bad_state')
    expect(errorOf(await acs(Buffer.from('<not-saml/>').toString('base64')))).toBe('invalid_token')
    expect(errorOf(await acs('%%%'))).toBe('invalid_token')
    const empty = await postAcs(undefined)
    expect(empty.statusCode).toBe(400)
    expect(await userExists('gina@acme-corp.example')).toBe(false)
  })
  async function signInWithoutStart(email: string, requestId: string) {
    return acs(await idp.respond(spMetadata, requestId, { email }))
  }

  it("keeps each company to its own domains: an address on another company's domain is not signed in", async () => {
    const other = await signUp(h, 'chief@other-co.example')
    expect((await call(h, 'GET', '/api/sso/saml', { token: other.token })).body.data).toMatchObject({ configured: false, domains: [] })
    // acme's IdP vouches for someone at other-co: start goes by the address on acme's domain, the
    // assertion names another company's address.
    const { request } = await start('henry@acme-corp.example')
    expect(errorOf(await acs(await idp.respond(spMetadata, request.id, { email: 'chief@other-co.example' })))).toBe('not_allowed')
    // A response for acme's request, but audience of the other company's SP: refused.
    const otherEntity = `https://portal.test/api/sso/saml/metadata/${other.dbName}`
    expect(errorOf(await signIn({ email: 'henry@acme-corp.example' }, { Audience: otherEntity }))).toBe('invalid_token')
    expect((await call(h, 'GET', '/api/sso/start?email=chief@other-co.example')).status).toBe(404)
    expect((await call(h, 'DELETE', '/api/sso/saml', { token: other.token })).status).toBe(404)
  })

  it('lets "SSO required" rest on a SAML provider, reads the email from an attribute when set, and removes the provider', async () => {
    const required = await call(h, 'PUT', '/api/sso/policy', { token: admin.token, body: { required: true } })
    expect(required.body).toEqual({ status: true, data: { required: true } })
    expect((await configure({ emailAttribute: 'mail' })).status).toBe(200)
    // The NameID is now an opaque id; the address comes from the attribute.
    const ivy = await signIn(
      { email: 'ivy@acme-corp.example', attributes: { mail: ['ivy@acme-corp.example'] } },
      { NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent', NameID: 'u-123' },
    )
    expect((await exchange(ivy.searchParams.get('ticket'))).body.data).toMatchObject({ email: 'ivy@acme-corp.example' })
    expect(errorOf(await signIn({ email: 'jack@acme-corp.example' }))).toBe('unverified_email')
    expect((await call(h, 'DELETE', '/api/sso/saml', { token: admin.token })).status).toBe(200)
    expect((await call(h, 'GET', '/api/sso/saml', { token: admin.token })).body.data).toMatchObject({ configured: false, ssoRequired: false })
  })
})
