// The identity service's contract as the OpenAPI document publishes it (issue 15, "contracts
// first"): every route is listed, declares a reply schema for its success status and the error
// envelope for each refusal it answers, and marks as required the fields its handler needs (body,
// query, path) and the reply fields the web app reads. No reply schema may name a secret. The
// document is the one /api/docs/json serves, generated from the routes' TypeBox schemas.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { buildHarness, call, type Harness, signUp } from './harness.js'

interface Schema {
  type?: string | string[]
  required?: string[]
  properties?: Record<string, Schema>
  items?: Schema
  enum?: unknown[]
  anyOf?: Schema[]
}
interface Parameter {
  in: string
  name: string
  required?: boolean
}
interface Operation {
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> }
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>
}
type Doc = { paths: Record<string, Record<string, Operation>> }

interface Contract {
  /** The success status and the reply fields (dotted, `[]` for array items) the web app reads. */
  ok: [200 | 201, string[]]
  /** Refusals the route answers with the error envelope. */
  refusals: number[]
  body?: string[]
  query?: string[]
  params?: string[]
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
const SIGN_UP = ['firstName', 'lastName', 'email', 'password', 'cnfpassword']

/** Every identity route: adding one without its contract here fails the first test. */
const ROUTES: Record<string, Contract> = {
  'POST /api/userlogin': {
    ok: [200, [...SESSION, 'message', 'themesettings', 'themesettings.headerColor']],
    refusals: [400, 429],
    body: ['email', 'password'],
  },
  'POST /api/token/refresh': { ok: [200, [...SESSION, 'themesettings', 'themesettings.buttonColor']], refusals: [400, 401, 429] },
  'POST /api/logout': { ok: [200, MESSAGE], refusals: [400] },
  'POST /api/usercreate': { ok: [201, [...SESSION, 'message']], refusals: [400, 409, 429], body: SIGN_UP },
  'GET /api/people/invite/{token}': { ok: [200, ['status', 'data.email']], refusals: [400, 404, 429], params: ['token'] },
  'POST /api/usercreate/people': { ok: [201, [...SESSION, 'message']], refusals: [400, 409, 429], body: [...SIGN_UP, 'inviteToken'] },
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
}

/** The route's refusals: a route that reads a body also refuses one too large (413) or not JSON (415). */
const refusals = (key: string, contract: Contract) => (key.startsWith('GET ') ? contract.refusals : [...contract.refusals, 413, 415].sort((a, b) => a - b))

/** Required fields of a schema as dotted paths, through objects and array items. */
function requiredPaths(schema: Schema | undefined, prefix = ''): string[] {
  if (!schema) return []
  if (schema.items) return requiredPaths(schema.items, `${prefix}[]`)
  const paths: string[] = []
  for (const name of schema.required ?? []) {
    const at = prefix ? `${prefix}.${name}` : name
    paths.push(at, ...requiredPaths(schema.properties?.[name], at))
  }
  return paths
}

/** Every property name anywhere in a schema. */
function propertyNames(schema: Schema | undefined): string[] {
  if (!schema) return []
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, s]) => [name, ...propertyNames(s)]),
    ...propertyNames(schema.items),
    ...(schema.anyOf ?? []).flatMap(propertyNames),
  ]
}

const json = (part: { content?: Record<string, { schema?: Schema }> } | undefined) => part?.content?.['application/json']?.schema

describe('the identity service in the OpenAPI document', () => {
  let h: Harness
  let operations: Map<string, Operation>
  beforeAll(async () => {
    h = await buildHarness(testDatabaseKinds()[0]![1])
    const doc = (await call(h, 'GET', '/api/docs/json')).body as unknown as Doc
    operations = new Map(
      Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op] as const)),
    )
  })
  afterAll(async () => h?.close())

  it('lists every identity route, and only those, under the identity tag', () => {
    const identity = [...operations].filter(([, op]) => op.tags?.includes('identity')).map(([key]) => key)
    expect(identity.sort()).toEqual(Object.keys(ROUTES).sort())
    expect(identity).toHaveLength(22)
  })

  it.each(Object.entries(ROUTES))('%s declares its success reply with the fields the web app reads', (key, contract) => {
    const op = operations.get(key)!
    const [status, fields] = contract.ok
    const reply = json(op.responses[String(status)])
    expect(reply?.type).toBe('object')
    expect(requiredPaths(reply)).toEqual(expect.arrayContaining(fields))
    // No other success status: a route answers one.
    expect(Object.keys(op.responses).filter((s) => s.startsWith('2'))).toEqual([String(status)])
  })

  it.each(Object.entries(ROUTES))('%s declares the error envelope for each refusal it answers', (key, contract) => {
    const op = operations.get(key)!
    expect(
      Object.keys(op.responses)
        .filter((s) => !s.startsWith('2'))
        .map(Number),
    ).toEqual(refusals(key, contract))
    for (const status of refusals(key, contract)) {
      const envelope = json(op.responses[String(status)])
      expect([status, requiredPaths(envelope)]).toEqual([status, ['status', 'message', 'code']])
      expect(envelope?.properties?.['status']?.enum).toEqual([false])
      // Declared, so the serialiser keeps the field list of a 400.
      expect(requiredPaths(envelope?.properties?.['errors'])).toEqual(['[].field', '[].message'])
    }
  })

  it.each(Object.entries(ROUTES))('%s requires the input its handler needs', (key, contract) => {
    const op = operations.get(key)!
    const body = json(op.requestBody)
    if (contract.body === undefined) expect(op.requestBody).toBeUndefined()
    else {
      expect(body?.type).toBe('object')
      expect(body?.required ?? []).toEqual(contract.body)
    }
    const params = (where: string) => (op.parameters ?? []).filter((p) => p.in === where)
    expect(
      params('query')
        .filter((p) => p.required)
        .map((p) => p.name),
    ).toEqual(contract.query ?? [])
    expect(params('path').map((p) => [p.name, p.required])).toEqual((contract.params ?? []).map((name) => [name, true]))
  })

  it('answers bad input on every route only with statuses its document declares, in the envelope', async () => {
    const user = await signUp(h, 'probe@openapi-co.example')
    const json = { 'content-type': 'application/json' }
    const probes: [string, Record<string, string>, string | undefined][] = [
      ['no body', {}, undefined],
      ['empty object', json, '{}'],
      ['wrong types', json, JSON.stringify({ email: 1, password: [1, 2], firstName: { a: 1 }, token: null, otp: true })],
      ['malformed JSON', json, '{"a":'],
      ['text', { 'content-type': 'text/plain' }, 'x'],
      ['xml', { 'content-type': 'application/xml' }, '<a/>'],
      ['too large', json, JSON.stringify({ email: 'x'.repeat(1_100_000) })],
    ]
    const undeclared: string[] = []
    let n = 0
    for (const key of Object.keys(ROUTES)) {
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string]
      const declared = Object.keys(operations.get(key)!.responses).map(Number)
      for (const token of [user.token, undefined]) {
        for (const [input, headers, payload] of probes) {
          const res = await h.app.inject({
            method,
            url: path.replace(/\{[^}]+\}/g, crypto.randomUUID()),
            remoteAddress: `10.9.${(n >> 8) & 255}.${n++ & 255}`,
            headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          })
          const body = res.json() as Record<string, unknown>
          const enveloped = res.statusCode < 400 || (body['status'] === false && typeof body['message'] === 'string' && typeof body['code'] === 'string')
          if (!declared.includes(res.statusCode) || !enveloped)
            undeclared.push(`${key} ${input} ${token ? 'with token' : ''} → ${res.statusCode} ${res.body.slice(0, 80)}`)
        }
      }
    }
    expect(undeclared).toEqual([])
  })

  it('names no secret in any reply', () => {
    for (const key of Object.keys(ROUTES)) {
      const names = Object.values(operations.get(key)!.responses).flatMap((r) => propertyNames(json(r)))
      expect([key, names.filter((n) => /hash|password|secret|tenantId|refresh/i.test(n))]).toEqual([key, []])
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
