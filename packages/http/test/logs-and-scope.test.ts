// What the server writes to its log, captured from the real logger (@portal/observability): a
// request whose database work has no tenant scope ends as a 500 with the scope error logged, and no
// logged URL carries a capability (tokens in query strings, capability path segments).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createTestTokenService, type TokenService } from '@portal/auth'
import { type Config, loadConfig } from '@portal/config'
import { type Database, enterSystem, testDatabaseKinds } from '@portal/db'
import { createLogger, redactUrl } from '@portal/observability'
import { AppError } from '@portal/errors'
import { type AppInstance, createServer, ok, requireAuth } from '../src/index.js'

interface LogLine {
  msg: string
  level: number
  reqId?: string
  url?: string
  req?: { url?: string; method?: string }
  err?: { type?: string; message?: string }
}

/** A server whose log lines (JSON, as in production) are kept for the test to read. */
async function loggedServer(
  tokens: TokenService,
  logLevel = 'info',
  targets?: Config['targets'],
): Promise<{ app: AppInstance; lines: LogLine[]; raw: string[] }> {
  const raw: string[] = []
  const logger = createLogger({ logLevel }, {}, { write: (s: string) => void raw.push(s) })
  const config = loadConfig({})
  const app = await createServer({ config: targets ? { ...config, targets } : config, logger, tokens })
  return {
    app,
    raw,
    get lines() {
      return raw.map((l) => JSON.parse(l) as LogLine)
    },
  }
}

describe.each(testDatabaseKinds())('a query without a tenant scope, in a request (%s)', (_kind, open) => {
  let database: Database
  let tokens: TokenService
  let server: Awaited<ReturnType<typeof loggedServer>>
  const principal = {
    userId: 'u1',
    tenantId: '00000000-0000-4000-8000-000000000001',
    dbName: 'acme',
    admin: false,
    inboundUser: false,
    sessionId: 's1',
    emailVerified: true,
  }

  beforeAll(async () => {
    database = await open()
    tokens = await createTestTokenService()
    server = await loggedServer(tokens)
    const tenantNow = async () =>
      (await database.root.selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('app.tenant_id'), eb.lit(true)]).as('t')).executeTakeFirstOrThrow()).t
    server.app.get('/api/forgot-scope', async () => ok(await tenantNow()))
    server.app.get('/api/tenant-scope', { preHandler: [requireAuth] }, async () => ok(await tenantNow()))
    server.app.get('/api/system-scope', async () => {
      enterSystem()
      return ok(await tenantNow())
    })
    await server.app.ready()
  })
  afterAll(async () => {
    await server.app.close()
    await database.close()
  })

  it('ends as a 500, with the situation named in the log, and leaves the next requests unharmed', async () => {
    const res = await server.app.inject({ url: '/api/forgot-scope' })
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe(`Internal server error (request ${res.headers['x-request-id']})`)
    expect(res.body).not.toContain('scope') // the reason is for the log, not the client
    const logged = server.lines.find((l) => l.msg === 'request failed')
    expect(logged?.err).toMatchObject({
      type: 'TenantScopeError',
      message: expect.stringContaining('database query without a tenant scope (a request whose tenant was never entered)'),
    })
    // The same database serves scoped requests at once: the refusal held no connection.
    const auth = { authorization: `Bearer ${(await tokens.issueAccess(principal)).token}` }
    expect((await server.app.inject({ url: '/api/tenant-scope', headers: auth })).json()).toEqual({ status: true, data: principal.tenantId })
    expect((await server.app.inject({ url: '/api/system-scope' })).json()).toEqual({ status: true, data: '*' })
  })
})

describe('URLs in the request log', () => {
  let server: Awaited<ReturnType<typeof loggedServer>>
  beforeAll(async () => {
    server = await loggedServer(await createTestTokenService())
    server.app.get('/api/people/invite/:token', async () => ok())
    server.app.get('/api/inbound/:capability', async () => ok())
    server.app.get('/verify-email', async () => 'page')
    await server.app.ready()
  })
  afterAll(async () => server.app.close())

  const secrets = ['inv1te-s3cret', 'p3rm-s3cret', 'r3set-s3cret', 'v3rify-s3cret', 'c4pab1lity', 'r3fresh-s3cret', 'c0de-s3cret']

  it('never writes a capability token: query parameters by name, capability path segments by route', async () => {
    const urls = [
      `/api/people/invite/${secrets[0]}`,
      `/api/documents?permissionToken=${secrets[1]}&page=2`,
      `/api/reset?email=a%40b.example&resetToken=${secrets[2]}`,
      `/verify-email?token=${secrets[3]}`,
      `/api/inbound/${secrets[4]}`,
      `/api/anything?REFRESHTOKEN=${secrets[5]}&inviteToken=${secrets[0]}`,
      `/api/check?code=${secrets[6]}&capability=${secrets[4]}`,
    ]
    for (const url of urls) await server.app.inject({ url })
    const text = server.raw.join('')
    for (const secret of secrets) expect(text).not.toContain(secret)
    const logged = server.lines.filter((l) => l.msg === 'request completed').map((l) => l.url)
    expect(logged).toEqual([
      '/api/people/invite/[redacted]',
      '/api/documents?permissionToken=[redacted]&page=2',
      '/api/reset?email=a%40b.example&resetToken=[redacted]',
      '/verify-email?token=[redacted]',
      '/api/inbound/[redacted]',
      '/api/anything?REFRESHTOKEN=[redacted]&inviteToken=[redacted]',
      '/api/check?code=[redacted]&capability=[redacted]',
    ])
  })

  it('keeps the rest of a URL as it came', () => {
    expect(redactUrl('/api/people?page=2&pageSize=10')).toBe('/api/people?page=2&pageSize=10')
    expect(redactUrl('/api/inbound/abc/extra?x=1')).toBe('/api/inbound/[redacted]/extra?x=1')
    // The sign-in screen's "Forgot password?" page carries the address in its path: never logged.
    expect(redactUrl('/forgot-password/rita%40example.com')).toBe('/forgot-password/[redacted]')
    expect(redactUrl('/forgot-password')).toBe('/forgot-password')
    // Single sign-on: the provider's code and state, and the portal's ticket (issue 27).
    expect(redactUrl('/api/sso/oidc/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fidp')).toBe(
      '/api/sso/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
    )
    expect(redactUrl('/login/sso?ticket=t1cket')).toBe('/login/sso?ticket=[redacted]')
    expect(redactUrl('/api/x?invite%54oken=s&flag')).toBe('/api/x?invite%54oken=[redacted]&flag')
    expect(redactUrl('/api/people/invite/t0k?page=1', { token: 't0k' })).toBe('/api/people/invite/[redacted]?page=1')
    expect(redactUrl('/api/people/invite/t0k')).toBe('/api/people/invite/[redacted]') // as the gateway's wildcard route logs it
    expect(redactUrl('/api/people/invite')).toBe('/api/people/invite')
    expect(redactUrl('/api/files/f1/k3y', { file: 'f1', signature: 'k3y' })).toBe('/api/files/f1/[redacted]')
    // The mailed links as their pages are opened (issue 22: both were logged whole).
    expect(redactUrl('/signup?invite=inv1te&x=1')).toBe('/signup?invite=[redacted]&x=1')
    expect(redactUrl('/inbound/review/c4p?tab=2')).toBe('/inbound/review/[redacted]?tab=2')
    expect(redactUrl('/INBOUND/Review/c4p')).toBe('/INBOUND/Review/[redacted]')
  })
})

describe('one info line per request', () => {
  const INFO = 30
  const DEBUG = 20
  let info: Awaited<ReturnType<typeof loggedServer>>
  let debug: Awaited<ReturnType<typeof loggedServer>>
  beforeAll(async () => {
    const tokens = await createTestTokenService()
    info = await loggedServer(tokens)
    debug = await loggedServer(tokens, 'debug', ['identity']) // a split-mode identity process
    for (const s of [info, debug]) {
      s.app.get('/api/people/invite/:token', async () => ok())
      s.app.get('/api/plain', async () => ok('fine'))
      s.app.get('/healthz', async () => 'ok')
      s.app.get('/api/refused', async () => {
        throw new AppError('INVALID_REQUEST', { message: 'no' })
      })
      await s.app.ready()
    }
  })
  afterAll(async () => {
    await Promise.all([info?.app.close(), debug?.app.close()])
  })

  const linesOf = (s: typeof info, reqId: string) => s.lines.filter((l) => l.reqId === reqId)

  it('writes method, redacted URL, status, time and service on one info line, and nothing else at info', async () => {
    for (const [url, status, svc] of [
      ['/api/plain?page=2', 200, 'gateway'],
      ['/api/people/invite/inv1te-s3cret?x=1', 200, 'identity'],
      ['/api/refused', 400, 'gateway'],
      ['/api/nowhere?token=t0k', 404, 'gateway'],
    ] as const) {
      const res = await info.app.inject({ url })
      expect(res.statusCode).toBe(status)
      const mine = linesOf(info, String(res.headers['x-request-id']))
      expect(mine).toHaveLength(1)
      expect(mine[0]).toMatchObject({ level: INFO, msg: 'request completed', method: 'GET', status, svc, ms: expect.any(Number) })
      expect(mine[0]!.url).not.toMatch(/s3cret|t0k/)
    }
  })

  it('keeps the other request lines at debug, and names the process for routes no service declares', async () => {
    const res = await debug.app.inject({ url: '/healthz' })
    const mine = linesOf(debug, String(res.headers['x-request-id']))
    expect(mine.filter((l) => l.level >= INFO)).toEqual([expect.objectContaining({ msg: 'request completed', svc: 'identity', status: 200 })])
    expect(mine.filter((l) => l.level === DEBUG).map((l) => l.msg)).toEqual(['incoming request'])
  })
})
