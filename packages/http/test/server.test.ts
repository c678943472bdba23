import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createTestTokenService, type TokenService } from '@portal/auth'
import { loadConfig } from '@portal/config'
import { AppError } from '@portal/errors'
import { currentScope } from '@portal/db'
import { silentLogger } from '@portal/observability'
import { Type } from 'typebox'
import { MAX_PAGE, PageQuery } from '@portal/contracts'
import { type AppInstance, createServer, ok, openEventStream, paged, principalOf, requireAdmin, requireAuth } from '../src/index.js'

describe('http server', () => {
  let app: AppInstance
  let tokens: TokenService
  const principal = { userId: 'u1', tenantId: 't1', dbName: 'acme', admin: false, inboundUser: false, sessionId: 's1', emailVerified: false }

  beforeAll(async () => {
    tokens = await createTestTokenService()
    app = await createServer({ config: loadConfig({}), logger: silentLogger, tokens })
    app.get('/api/me', { preHandler: [requireAuth] }, async (req) => ok(principalOf(req)))
    app.get('/api/admin', { preHandler: [requireAuth, requireAdmin] }, async () => ok())
    app.post('/api/echo', { schema: { body: Type.Object({ name: Type.String({ minLength: 1 }) }) } }, async (req) => ok(req.body))
    app.post('/api/any', { schema: { body: Type.Object({ a: Type.Array(Type.Unknown()) }) } }, async (req) => ok(req.body))
    app.get('/api/page', { schema: { querystring: PageQuery } }, async (req) => paged([1, 2], 25, req.query.page ?? 1, req.query.pageSize ?? 10))
    app.get('/api/missing', async () => {
      throw new AppError('NOT_FOUND', { message: 'Client not found' })
    })
    app.get('/api/boom', async () => {
      throw new Error('database password is hunter2')
    })
    app.get('/api/limited', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ok())
    app.setFallback((_req, reply) => reply.type('text/html').send('<!doctype html><p>web app</p>'))
    await app.ready()
  })
  afterAll(async () => app.close())

  const bearer = async (p = principal) => `Bearer ${(await tokens.issueAccess(p)).token}`

  it('authenticates with the bearer token and checks DbName against it', async () => {
    const auth = await bearer()
    const me = await app.inject({ url: '/api/me', headers: { authorization: auth } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual({ status: true, data: principal })
    expect((await app.inject({ url: '/api/me', headers: { authorization: auth, dbname: 'acme' } })).statusCode).toBe(200)
    const mismatch = await app.inject({ url: '/api/me', headers: { authorization: auth, dbname: 'other_co' } })
    expect(mismatch.statusCode).toBe(403)
    expect(mismatch.json()).toMatchObject({ status: false, code: 'TENANT_MISMATCH' })
    const invalid = await app.inject({ url: '/api/me', headers: { authorization: auth, dbname: 'postgres' } })
    expect(invalid.statusCode).toBe(400)
    expect((await app.inject({ url: '/api/me' })).statusCode).toBe(401)
  })

  it("runs a request's handler in its tenant's scope, after a body is read from the socket too", async () => {
    // A real socket: the body arrives in chunks and is parsed on stream events before the handler runs.
    const scoped = await createServer({ config: loadConfig({}), logger: silentLogger, tokens })
    scoped.get('/api/scope', { preHandler: [requireAuth] }, async () => ok(currentScope().tenant))
    scoped.post('/api/scope', { preHandler: [requireAuth] }, async (req) => {
      await new Promise((r) => setTimeout(r, 5))
      return ok({ tenant: currentScope().tenant, size: JSON.stringify(req.body).length })
    })
    scoped.get('/api/public', async () => ok(currentScope().kind))
    const base = await scoped.listen({ port: 0, host: '127.0.0.1' })
    try {
      const headers = { authorization: await bearer(), 'content-type': 'application/json' }
      expect(await (await fetch(`${base}/api/scope`, { headers })).json()).toEqual({ status: true, data: 't1' })
      const big = JSON.stringify({ text: 'x'.repeat(200_000) }) // arrives in many chunks
      expect(await (await fetch(`${base}/api/scope`, { method: 'POST', headers, body: big })).json()).toEqual({
        status: true,
        data: { tenant: 't1', size: big.length },
      })
      expect(await (await fetch(`${base}/api/public`)).json()).toEqual({ status: true, data: 'none' }) // no tenant until a route says
    } finally {
      await scoped.close()
    }
  })

  it('keeps admin routes for admins', async () => {
    expect((await app.inject({ url: '/api/admin', headers: { authorization: await bearer() } })).statusCode).toBe(403)
    expect((await app.inject({ url: '/api/admin', headers: { authorization: await bearer({ ...principal, admin: true }) } })).statusCode).toBe(200)
  })

  it('renders validation, AppError and unknown errors in the envelope without leaking', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/echo', payload: {} })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ status: false, code: 'INVALID_REQUEST', errors: [{ field: 'name' }] })
    expect((await app.inject({ url: '/api/missing' })).json()).toEqual({ status: false, message: 'Client not found', code: 'NOT_FOUND' })
    const boom = await app.inject({ url: '/api/boom' })
    expect(boom.statusCode).toBe(500)
    expect(boom.body).not.toContain('hunter2')
    expect(boom.json().message).toContain(boom.headers['x-request-id'])
    const notJson = await app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/json' }, payload: '{"name":' })
    expect(notJson.statusCode).toBe(400)
    const tabbed = await app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/json\t; charset=utf-8' }, payload: '{}' })
    expect([400, 415]).toContain(tabbed.statusCode)
    expect((await app.inject({ url: '/api/nowhere' })).json()).toMatchObject({ status: false, code: 'NOT_FOUND' })
  })

  it('refuses bodies over the limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ status: false })
  })

  it('pages lists, up to a sane last page (page=1e20 reached the database as a 500)', async () => {
    expect((await app.inject({ url: '/api/page?page=2&pageSize=10' })).json()).toEqual({ status: true, data: [1, 2], total: 25, totalPages: 3, currentPage: 2 })
    expect((await app.inject({ url: '/api/page?pageSize=1000' })).statusCode).toBe(400)
    expect((await app.inject({ url: `/api/page?page=${MAX_PAGE}` })).statusCode).toBe(200)
    for (const page of ['1e20', '1e400', String(MAX_PAGE + 1), '-1', '0', '2.5', 'x']) {
      const res = await app.inject({ url: `/api/page?page=${page}` })
      expect([page, res.statusCode, res.json().code]).toEqual([page, 400, 'INVALID_REQUEST'])
    }
  })

  it('takes a JSON body as sent: a number is no string, and 1e400 (Infinity) no number (issue 22)', async () => {
    const echo = (payload: string) => app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/json' }, payload })
    expect((await echo('{"name":"Acme"}')).json()).toEqual({ status: true, data: { name: 'Acme' } })
    for (const payload of ['{"name":1e400}', '{"name":5}', '{"name":true}']) {
      const res = await echo(payload)
      expect([payload, res.statusCode, res.json().message]).toEqual([payload, 400, 'name must be string'])
    }
    const deep = await app.inject({ method: 'POST', url: '/api/any', headers: { 'content-type': 'application/json' }, payload: '{"a":[1,{"b":-1e400}]}' })
    expect([deep.statusCode, deep.json().message]).toEqual([400, 'a.1.b must be a finite number'])
  })

  it('marks answers no-store unless a public route asked to be cached without credentials', async () => {
    const cached = await createServer({ config: loadConfig({}), logger: silentLogger, tokens })
    cached.get('/api/public-cached', async (_req, reply) => reply.header('Cache-Control', 'public, max-age=60').send(ok()))
    cached.get('/api/private', async () => ok())
    cached.get('/api/private-set', async (_req, reply) => reply.header('Cache-Control', 'max-age=60').send(ok()))
    cached.get('/api/public-fails', async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=60')
      throw new AppError('NOT_FOUND')
    })
    cached.get('/assets/app.js', async (_req, reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable').send('js'))
    cached.get('/page', async () => 'html')
    cached.get('/api/stream', async (req, reply) => openEventStream(req, reply).close())
    try {
      const cc = async (url: string, headers: Record<string, string> = {}) => (await cached.inject({ url, headers })).headers['cache-control']
      const auth = { authorization: await bearer() }
      expect(await cc('/api/public-cached')).toBe('public, max-age=60')
      expect(await cc('/api/public-cached', auth)).toBe('no-store')
      expect(await cc('/api/public-cached', { cookie: 'portal_rt=abc' })).toBe('no-store')
      expect(await cc('/api/private')).toBe('no-store')
      expect(await cc('/api/private', auth)).toBe('no-store')
      expect(await cc('/api/private-set')).toBe('no-store')
      expect(await cc('/api/public-fails')).toBe('no-store')
      expect(await cc('/api/nowhere')).toBe('no-store')
      expect(await cc('/assets/app.js')).toBe('public, max-age=31536000, immutable')
      expect(await cc('/page')).toBeUndefined()
      expect(await cc('/page', auth)).toBe('no-store')
      // An event stream writes its own headers (the reply is hijacked): no-store too, not no-cache.
      expect(await cc('/api/stream', auth)).toBe('no-store, no-transform')
    } finally {
      await cached.close()
    }
  })

  it('answers unknown /api and /scim paths with the 404 envelope, never the web app (SCIM: issue 27)', async () => {
    for (const url of ['/api/nothing', '/scim/v2/Nothing', '/scim/v2/Users/abc']) {
      const res = await app.inject({ url })
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { status: false, message: 'Not found', code: 'NOT_FOUND' }])
    }
    expect((await app.inject({ url: '/settings' })).body).toContain('web app')
  })

  it('rate limits with 429 and Retry-After', async () => {
    await app.inject({ url: '/api/limited' })
    await app.inject({ url: '/api/limited' })
    const third = await app.inject({ url: '/api/limited' })
    expect(third.statusCode).toBe(429)
    expect(third.headers['retry-after']).toBeDefined()
    expect(third.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' })
  })

  it('sends security headers and a request id', async () => {
    const res = await app.inject({ url: '/api/page' })
    expect(res.headers['content-security-policy']).toContain("object-src 'none'")
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'")
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    // The same headers on errors, unknown routes and refused requests: they are set before routing.
    const header = (r: { headers: Record<string, unknown> }) => [
      r.headers['content-security-policy'],
      r.headers['x-frame-options'],
      r.headers['cross-origin-opener-policy'],
    ]
    for (const other of [await app.inject({ url: '/api/boom' }), await app.inject({ url: '/api/nowhere' }), await app.inject({ url: '/api/me' })]) {
      expect(header(other)).toEqual(header(res))
    }
  })

  it('serves the OpenAPI document generated from the routes', async () => {
    const doc = await app.inject({ url: '/api/docs/json' })
    expect(doc.statusCode).toBe(200)
    expect(Object.keys(doc.json().paths)).toContain('/api/echo')
    expect((await app.inject({ url: '/api/docs/' })).statusCode).toBe(200)
  })
})
