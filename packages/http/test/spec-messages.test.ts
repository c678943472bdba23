// A route's `config.fieldMessages`: a field its schema refuses is answered with the spec's words in
// the contract's 400 envelope (missing or blank, any other refusal, a text computed from the value),
// a field with no message keeps the validator's words, and the auth hooks answer first.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createTestTokenService, type TokenService } from '@portal/auth'
import { loadConfig } from '@portal/config'
import type { FieldMessages } from '@portal/contracts'
import { silentLogger } from '@portal/observability'
import { Type } from 'typebox'
import { type AppInstance, createServer, ok, requireAdmin, requireAuth } from '../src/index.js'

const Body = Type.Object({
  name: Type.String({ maxLength: 10, pattern: '\\S' }),
  email: Type.String({ maxLength: 20, pattern: '\\S' }),
  code: Type.String({ minLength: 3, maxLength: 5 }),
  note: Type.Optional(Type.String({ maxLength: 5 })),
})

const fieldMessages: FieldMessages = {
  name: { missing: 'Name is required' },
  email: { missing: 'Email is required', invalid: 'Please enter a valid email' },
  code: { invalid: (value) => `"${String(value)}" is not a code` },
}

describe('spec messages', () => {
  let app: AppInstance
  let tokens: TokenService
  const principal = { userId: 'u1', tenantId: 't1', dbName: 'acme', admin: false, inboundUser: false, sessionId: 's1', emailVerified: true }
  const guards = [requireAuth]

  beforeAll(async () => {
    tokens = await createTestTokenService()
    app = await createServer({ config: loadConfig({}), logger: silentLogger, tokens })
    app.post('/api/form', { config: { fieldMessages }, schema: { body: Body } }, async (req) => ok(req.body))
    app.get(
      '/api/find',
      { config: { fieldMessages: { q: { missing: 'Say what to find' } } }, schema: { querystring: Type.Object({ q: Type.String({ pattern: '\\S' }) }) } },
      async () => ok(),
    )
    // Auth in the route's own preHandler, a list shared with another route, and in a plugin's hook.
    app.post('/api/mine', { preHandler: guards, config: { fieldMessages }, schema: { body: Body } }, async () => ok())
    app.post('/api/admin', { preHandler: [requireAuth, requireAdmin], config: { fieldMessages }, schema: { body: Body } }, async () => ok())
    app.get('/api/other', { preHandler: guards }, async () => ok())
    await app.register(async (staff) => {
      staff.addHook('preHandler', requireAuth)
      staff.post('/api/staff', { config: { fieldMessages }, schema: { body: Body } }, async () => ok())
    })
    await app.ready()
  })
  afterAll(async () => app.close())

  const valid = { name: 'Ada', email: 'ada@example.com', code: 'abc' }
  const post = async (body: unknown, url = '/api/form', token?: string) => {
    const res = await app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} })
    return { status: res.statusCode, body: res.json() as Record<string, unknown> }
  }
  const refused = (field: string, message: string) => ({ status: 400, body: { status: false, message, code: 'INVALID_REQUEST', errors: [{ field, message }] } })

  it('answers a missing or blank field with its missing message', async () => {
    expect(await post({ email: 'a@b.example', code: 'abc' })).toEqual(refused('name', 'Name is required'))
    expect(await post({ ...valid, name: ' \t ' })).toEqual(refused('name', 'Name is required'))
    expect(await post({ ...valid, email: '' })).toEqual(refused('email', 'Email is required'))
    const query = await app.inject({ url: '/api/find?q=%20' })
    expect({ status: query.statusCode, body: query.json() }).toEqual(refused('q', 'Say what to find'))
  })

  it('answers any other refusal with its invalid message, fixed or computed from the value', async () => {
    expect(await post({ ...valid, email: `${'a'.repeat(20)}@b.example` })).toEqual(refused('email', 'Please enter a valid email'))
    expect(await post({ ...valid, email: { at: 'b' } })).toEqual(refused('email', 'Please enter a valid email'))
    // minLength refusing a text that is not blank is not "missing": the computed message, of the value.
    expect(await post({ ...valid, code: 'ab' })).toEqual(refused('code', '"ab" is not a code'))
    expect(await post({ ...valid, code: 'abcdef' })).toEqual(refused('code', '"abcdef" is not a code'))
  })

  it("keeps the validator's words where the spec gives no message", async () => {
    const validator = (field: string, words: string) => ({
      status: 400,
      body: { status: false, message: `${field} ${words}`, code: 'INVALID_REQUEST', errors: [{ field, message: words }] },
    })
    // A field with no messages at all.
    expect(await post({ ...valid, note: 'too long' })).toEqual(validator('note', 'must NOT have more than 5 characters'))
    // A field with a message for one kind of refusal only.
    expect(await post({ ...valid, name: 'a'.repeat(11) })).toEqual(validator('name', 'must NOT have more than 10 characters'))
    expect(await post({ name: 'Ada', email: 'a@b.example' })).toEqual(validator('code', "must have required property 'code'"))
  })

  it('lets a valid request through', async () => {
    expect(await post(valid)).toEqual({ status: 200, body: { status: true, data: valid } })
  })

  it("answers 401 and 403 before any 400, whether auth is the route's hook or its plugin's", async () => {
    for (const url of ['/api/mine', '/api/admin', '/api/staff']) {
      expect([url, (await post({}, url)).status]).toEqual([url, 401])
    }
    const token = (await tokens.issueAccess(principal)).token
    expect((await post({}, '/api/admin', token)).status).toBe(403)
    expect(await post({}, '/api/mine', token)).toEqual(refused('name', 'Name is required'))
    expect(await post({}, '/api/staff', token)).toEqual(refused('name', 'Name is required'))
    expect((await post(valid, '/api/staff', token)).status).toBe(200)
    // The list of hooks another route shares is left as it was.
    expect(guards).toEqual([requireAuth])
    expect((await app.inject({ url: '/api/other', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200)
  })
})
