// The identity service's contract as the OpenAPI document publishes it (issue 15, "contracts
// first"): every route is listed, declares a reply schema for its success status and the error
// envelope for each refusal it answers, and marks as required the fields its handler needs (body,
// query, path) and the reply fields the web app reads. No reply schema may name a secret. The
// document is the one /api/docs/json serves, generated from the routes' TypeBox schemas.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import {
  badBodies,
  declaredStatuses,
  envelopeOf,
  inputOf,
  isErrorEnvelope,
  jsonSchema as json,
  type Operation,
  otherStatuses,
  readOperations,
  replyFields,
  replyPropertyNames,
  sampleRequest,
  successStatuses,
  taggedKeys,
} from '@portal/http/testing'
import { buildHarness, call, type Harness, signUp } from './harness.js'

interface Contract {
  /** The success status and the reply fields (dotted, `[]` for array items) the web app reads; 302: a redirect, no body. */
  ok: [200 | 201 | 202 | 302, string[]]
  /** Refusals the route answers with the error envelope. */
  refusals: number[]
  body?: string[]
  query?: string[]
  params?: string[]
  /** The reply is one of several objects (anyOf): the session, or the second factor's challenge. */
  union?: true
  /** The reply is a document, not the envelope (SAML SP metadata, XML). */
  document?: true
}

const SESSION = [
  'status',
  'data',
  'data._id',
  'data.firstName',
  'data.lastName',
  'data.email',
  'data.admin',
  'data.inboundUser',
  'data.dbName',
  'data.emailVerified',
  'data.token',
  'data.expiresIn',
]
const MESSAGE = ['status', 'message']
const PROFILE = ['status', 'data._id', 'data.firstName', 'data.lastName', 'data.email', 'data.admin']
const SCIM_SETTINGS = ['status', 'data.enabled', 'data.endpoint', 'data.tokenCreatedAt', 'data.tokenLastUsedAt', 'data.adminGroup']
const SIGN_UP = ['firstName', 'lastName', 'email', 'password', 'cnfpassword']

/** Every identity route: adding one without its contract here fails the first test. */
const ROUTES: Record<string, Contract> = {
  'POST /api/userlogin': {
    ok: [200, [...SESSION, 'message', 'themesettings', 'themesettings.headerColor', 'data.mfaRequired', 'data.mfaToken', 'data.enrol', 'data.methods']],
    refusals: [400, 403, 429],
    body: ['email', 'password'],
    union: true,
  },
  'POST /api/token/refresh': { ok: [200, [...SESSION, 'themesettings', 'themesettings.buttonColor']], refusals: [400, 401, 429] },
  'POST /api/logout': { ok: [200, MESSAGE], refusals: [400] },
  'POST /api/usercreate': { ok: [201, [...SESSION, 'message']], refusals: [400, 409, 429], body: SIGN_UP },
  'GET /api/people/invite/{token}': { ok: [200, ['status', 'data.email']], refusals: [400, 404, 429], params: ['token'] },
  'POST /api/usercreate/people': {
    ok: [201, [...SESSION, 'message', 'data.mfaRequired', 'data.mfaToken', 'data.enrol', 'data.methods']],
    refusals: [400, 409, 429],
    body: [...SIGN_UP, 'inviteToken'],
    union: true,
  },
  'GET /api/check_email': { ok: [200, ['status', 'exists']], refusals: [400, 429], query: ['email'] },
  'POST /api/waitlist': { ok: [201, MESSAGE], refusals: [400, 429], body: ['email', 'firstName', 'lastName'] },
  'POST /api/user/forgotpassword': { ok: [200, [...MESSAGE, 'data.otpDigits']], refusals: [400, 429], body: ['email'] },
  'POST /api/user/otpvalidation': { ok: [200, [...MESSAGE, 'data.resetToken']], refusals: [400, 429], body: ['email', 'otp'] },
  'POST /api/user/changepassword': { ok: [200, MESSAGE], refusals: [400, 429], body: ['email', 'resetToken', 'password', 'cnfpassword'] },
  'GET /api/userprofile/{id}': { ok: [200, PROFILE], refusals: [400, 401, 403, 404], params: ['id'] },
  'PUT /api/userprofile/{id}': { ok: [200, PROFILE], refusals: [400, 401, 403, 404], params: ['id'], body: ['firstName', 'lastName'] },
  'GET /api/people': {
    ok: [
      200,
      [
        'status',
        'data',
        'data[]._id',
        'data[].firstName',
        'data[].lastName',
        'data[].email',
        'data[].status',
        'data[].admin',
        'data[].createdAt',
        'total',
        'totalPages',
        'currentPage',
      ],
    ],
    refusals: [400, 401, 403],
  },
  'POST /api/people/invite': { ok: [201, MESSAGE], refusals: [400, 401, 403, 409, 429], body: ['email'] },
  'DELETE /api/people/{id}': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404], params: ['id'] },
  'POST /api/userdelete': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404], body: ['email'] },
  'PUT /api/fs/update_provisioned': { ok: [200, ['success', 'message']], refusals: [400, 401, 403], body: [] },
  'GET /api/user/company': { ok: [200, ['status', 'data.companyName', 'data.provisioned']], refusals: [400, 401, 403, 404] },
  'GET /api/.well-known/jwks.json': { ok: [200, ['keys']], refusals: [400] },
  'POST /api/user/verify-email': { ok: [200, MESSAGE], refusals: [400, 429], body: ['token'] },
  'POST /api/user/verify-email/resend': { ok: [200, MESSAGE], refusals: [400, 401, 403, 429] },
  'GET /api/scim': { ok: [200, SCIM_SETTINGS], refusals: [400, 401, 403] },
  'PUT /api/scim': { ok: [200, SCIM_SETTINGS], refusals: [400, 401, 403], body: ['adminGroup'] },
  'POST /api/scim/token': { ok: [200, ['status', 'data.token']], refusals: [400, 401, 403, 429] },
  'DELETE /api/scim/token': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404] },
  'GET /api/sso/oidc': {
    ok: [200, ['status', 'data.configured', 'data.issuer', 'data.clientId', 'data.callbackUrl', 'data.ssoRequired', 'data.domains', 'data.adminValues']],
    refusals: [400, 401, 403],
  },
  'PUT /api/sso/oidc': { ok: [200, ['status', 'data.callbackUrl']], refusals: [400, 401, 403, 409], body: ['issuer', 'clientId', 'clientSecret', 'domains'] },
  'DELETE /api/sso/oidc': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404] },
  'GET /api/sso/saml': {
    ok: [
      200,
      [
        'status',
        'data.configured',
        'data.idpEntityId',
        'data.ssoUrl',
        'data.certificates',
        'data.entityId',
        'data.acsUrl',
        'data.metadataUrl',
        'data.ssoRequired',
        'data.domains',
      ],
    ],
    refusals: [400, 401, 403],
  },
  'PUT /api/sso/saml': {
    ok: [200, ['status', 'data.entityId', 'data.acsUrl', 'data.metadataUrl']],
    refusals: [400, 401, 403, 409],
    body: ['idpMetadataXml', 'domains'],
  },
  'DELETE /api/sso/saml': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404] },
  'GET /api/sso/saml/metadata/{dbName}': { ok: [200, []], refusals: [400, 404, 429], params: ['dbName'], document: true },
  'POST /api/sso/saml/acs': { ok: [302, []], refusals: [400, 429], body: ['SAMLResponse'] },
  'PUT /api/sso/policy': { ok: [200, ['status', 'data.required']], refusals: [400, 401, 403], body: ['required'] },
  'GET /api/sso/domains': { ok: [200, ['status', 'data', 'data[].domain', 'data[].verified', 'data[].method', 'data[].txtRecord']], refusals: [400, 401, 403] },
  'POST /api/sso/domains': { ok: [201, ['status', 'data.domain', 'data.verified', 'data.txtRecord']], refusals: [400, 401, 403, 409], body: ['domain'] },
  'POST /api/sso/domains/verify': { ok: [200, ['status', 'data.domain', 'data.verified']], refusals: [400, 401, 403, 404, 409, 429], body: ['domain'] },
  'DELETE /api/sso/domains/{domain}': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404], params: ['domain'] },
  'GET /api/sso/discover': { ok: [200, ['status', 'data.sso']], refusals: [400, 429], query: ['email'] },
  'GET /api/sso/start': { ok: [302, []], refusals: [400, 404, 429], query: ['email'] },
  'GET /api/sso/oidc/callback': { ok: [302, []], refusals: [400, 429] },
  'POST /api/sso/exchange': { ok: [200, [...SESSION, 'message', 'themesettings']], refusals: [400, 429], body: ['ticket'] },
  'GET /api/mfa': {
    ok: [200, ['status', 'data.totp', 'data.recoveryCodesLeft', 'data.passkeys', 'data.passkeys[]._id', 'data.passkeys[].name', 'data.companyRequired']],
    refusals: [400, 401, 403],
  },
  'POST /api/mfa/totp': { ok: [200, ['status', 'data.secret', 'data.otpauthUrl']], refusals: [400, 401, 403, 409, 429] },
  'POST /api/mfa/totp/confirm': { ok: [200, ['status', 'data.recoveryCodes']], refusals: [400, 401, 403, 409, 429], body: ['code'] },
  'POST /api/mfa/totp/disable': { ok: [200, MESSAGE], refusals: [400, 401, 403, 429], body: ['code'] },
  'POST /api/mfa/verify': { ok: [200, [...SESSION, 'message', 'themesettings']], refusals: [400, 429], body: ['mfaToken', 'code'] },
  'POST /api/mfa/enrol/totp': { ok: [200, ['status', 'data.secret', 'data.otpauthUrl']], refusals: [400, 409, 429], body: ['mfaToken'] },
  'POST /api/mfa/enrol/confirm': { ok: [200, [...SESSION, 'message', 'data.recoveryCodes']], refusals: [400, 409, 429], body: ['mfaToken', 'code'] },
  'POST /api/mfa/webauthn/registration/options': { ok: [200, ['status', 'data']], refusals: [400, 401, 403, 429] },
  'POST /api/mfa/webauthn/registration/verify': { ok: [200, MESSAGE], refusals: [400, 401, 403, 429], body: ['response'] },
  'DELETE /api/mfa/webauthn/credentials/{id}': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404], params: ['id'] },
  'POST /api/mfa/webauthn/authentication/options': { ok: [200, ['status', 'data']], refusals: [400, 429], body: ['mfaToken'] },
  'POST /api/mfa/webauthn/authentication/verify': { ok: [200, [...SESSION, 'message']], refusals: [400, 429], body: ['mfaToken', 'response'] },
  'PUT /api/mfa/policy': { ok: [200, ['status', 'data.required']], refusals: [400, 401, 403], body: ['required'] },
  'POST /api/mfa/reset/{id}': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404], params: ['id'] },
  'POST /api/api-keys': { ok: [201, ['status', 'data.id', 'data.key']], refusals: [400, 401, 403, 409], body: ['name', 'scopes'] },
  'GET /api/api-keys': { ok: [200, ['status', 'data']], refusals: [400, 401, 403] },
  'DELETE /api/api-keys/{id}': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404], params: ['id'] },
  'GET /api/api-keys/self': { ok: [200, ['status', 'data.tenantId', 'data.dbName', 'data.apiKey.id', 'data.apiKey.scopes']], refusals: [400, 401] },
  'POST /api/webhooks': { ok: [201, ['status', 'data.id', 'data.secret']], refusals: [400, 401, 403, 409], body: ['url', 'events'] },
  'GET /api/webhooks': { ok: [200, ['status', 'data']], refusals: [400, 401, 403] },
  'DELETE /api/webhooks/{id}': { ok: [200, MESSAGE], refusals: [400, 401, 403, 404], params: ['id'] },
  'GET /api/webhooks/{id}/deliveries': { ok: [200, ['status', 'data']], refusals: [400, 401, 403, 404], params: ['id'] },
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/replay': {
    ok: [202, ['status', 'data.eventId']],
    refusals: [400, 401, 403, 404],
    params: ['id', 'deliveryId'],
  },
}

/**
 * Replies that carry what the names below otherwise refuse, by design: a webhook's signing secret is
 * answered once at its creation (as an API key is), and a key's own tenant is what other processes
 * learn from GET /api/api-keys/self.
 */
// The TOTP secret is shown once on purpose, to the user who sets it up (the contract's `secret`).
const SHOWN_ONCE: Record<string, string[]> = {
  'POST /api/webhooks': ['secret'],
  'GET /api/api-keys/self': ['tenantId'],
  'POST /api/mfa/totp': ['secret'],
  'POST /api/mfa/enrol/totp': ['secret'],
}

/** The route's refusals: a route that reads a body also refuses one too large (413) or not JSON (415). */
const refusals = (key: string, contract: Contract) => (key.startsWith('GET ') ? contract.refusals : [...contract.refusals, 413, 415].sort((a, b) => a - b))

describe('the identity service in the OpenAPI document', () => {
  let h: Harness
  let operations: Map<string, Operation>
  beforeAll(async () => {
    h = await buildHarness(testDatabaseKinds()[0]![1])
    operations = await readOperations(h.app)
  })
  afterAll(async () => h?.close())

  it('lists every identity route, and only those, under the identity tag', () => {
    const identity = taggedKeys(operations, 'identity')
    expect([identity, identity.length]).toEqual([Object.keys(ROUTES).sort(), 66])
  })

  it.each(Object.entries(ROUTES))('%s declares its success reply with the fields the web app reads', (key, contract) => {
    const op = operations.get(key)!
    const [status, fields] = contract.ok
    if (status === 302) {
      // A redirect: its Location is the answer, and it has no success body.
      expect(Object.keys(op.responses)).toContain('302')
      expect(successStatuses(op)).toEqual([])
      return
    }
    const declared = replyFields(op, status, { throughAnyOf: contract.union ?? false })
    expect(declared).toEqual({ type: contract.union ? undefined : contract.document ? 'string' : 'object', required: expect.arrayContaining(fields) })
    // No other success status: a route answers one.
    expect(successStatuses(op)).toEqual([String(status)])
  })

  it.each(Object.entries(ROUTES))('%s declares the error envelope for each refusal it answers', (key, contract) => {
    const op = operations.get(key)!
    expect(
      otherStatuses(op)
        .map(Number)
        .filter((s) => s !== 302),
    ).toEqual(refusals(key, contract))
    for (const status of refusals(key, contract)) {
      // The errors declared, so the serialiser keeps the field list of a 400.
      const envelope = envelopeOf(json(op.responses[String(status)]))
      expect([status, envelope]).toEqual([status, { required: ['status', 'message', 'code'], status: [false], errors: ['[].field', '[].message'] }])
    }
  })

  it.each(Object.entries(ROUTES))('%s requires the input its handler needs', (key, contract) => {
    if (contract.body === undefined) expect(operations.get(key)!.requestBody).toBeUndefined()
    const body = contract.body && { type: 'object', required: contract.body }
    const path = (contract.params ?? []).map((name) => [name, true])
    expect(inputOf(operations.get(key)!)).toEqual({ body, query: contract.query ?? [], path })
  })

  it('answers bad input on every route only with statuses its document declares, in the envelope', async () => {
    const user = await signUp(h, 'probe@openapi-co.example')
    const probes = badBodies([['wrong types', { email: 1, password: [1, 2], firstName: { a: 1 }, token: null, otp: true }]])
    const undeclared: string[] = []
    let n = 0
    for (const key of Object.keys(ROUTES)) {
      const declared = declaredStatuses(operations.get(key)!)
      for (const token of [user.token, undefined]) {
        for (const [input, headers, payload] of probes) {
          const res = await h.app.inject({
            ...sampleRequest(key),
            remoteAddress: `10.9.${(n >> 8) & 255}.${n++ & 255}`,
            headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          })
          const body = (res.body ? res.json() : {}) as Record<string, unknown> // a redirect has no body
          const enveloped = res.statusCode < 400 || isErrorEnvelope(body)
          if (!declared.includes(res.statusCode) || !enveloped)
            undeclared.push(`${key} ${input} ${token ? 'with token' : ''} → ${res.statusCode} ${res.body.slice(0, 80)}`)
        }
      }
    }
    expect(undeclared).toEqual([])
  })

  it('names no secret in any reply', () => {
    for (const key of Object.keys(ROUTES)) {
      const names = replyPropertyNames(operations.get(key)!)
      expect([key, names.filter((n) => /hash|password|secret|tenantId|refresh/i.test(n) && !SHOWN_ONCE[key]?.includes(n))]).toEqual([key, []])
    }
  })

  it("validates with the declared schema and answers its refusals with the spec's message in the declared envelope", async () => {
    const missing = await call(h, 'POST', '/api/user/forgotpassword', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({
      status: false,
      code: 'INVALID_REQUEST',
      message: 'Please enter registered Email ID.',
      errors: [{ field: 'email', message: 'Please enter registered Email ID.' }],
    })
    const blank = await call(h, 'POST', '/api/waitlist', { body: { email: 'a@b.example', firstName: ' ', lastName: 'l' } })
    expect(blank.body).toEqual({
      status: false,
      code: 'INVALID_REQUEST',
      message: 'This field is required',
      errors: [{ field: 'firstName', message: 'This field is required' }],
    })
    // A field the spec gives no message for reads as the host's validation message.
    const long = await call(h, 'POST', '/api/userlogin', { body: { email: `${'a'.repeat(250)}@b.example`, password: 'x' } })
    expect(long.body).toMatchObject({ status: false, code: 'INVALID_REQUEST', message: 'email must NOT have more than 254 characters' })
    const noToken = await call(h, 'POST', '/api/user/changepassword', { body: { email: 'a@b.example', password: 'Str0ng!pass', cnfpassword: 'Str0ng!pass' } })
    expect(noToken.body.message).toBe('Your password reset has expired or was already used. Please request a new OTP.')
    // Sign-up lists every failing field, whatever the schema would report first.
    const signUp = await call(h, 'POST', '/api/usercreate', { body: { firstName: 7, email: 'x' } })
    expect(signUp.status).toBe(400)
    expect(signUp.body['errors']).toEqual([{ field: 'firstName', message: 'firstName must be string' }])
  })
})
