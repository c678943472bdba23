// The gateway in split mode when a service fails: an unreachable one answers 502, a frozen one (it
// accepts the connection and never answers) 504 once GATEWAY_TIMEOUT has passed, both in the
// contract's envelope with Retry-After, never a 500 or a hanging request.
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { freePort, startTestPortal, type TestPortal } from '../support/portal.js'

describe('gateway in front of failing services', () => {
  let tp: TestPortal
  let frozen: Server
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    // Accepts and reads, never answers: a wedged process.
    frozen = createServer((s) => {
      sockets.add(s)
      s.on('data', () => undefined)
    })
    await new Promise<void>((r) => frozen.listen(0, '127.0.0.1', r))
    const frozenUrl = `http://127.0.0.1:${(frozen.address() as { port: number }).port}`
    const closedUrl = `http://127.0.0.1:${await freePort()}` // nothing listens there
    tp = await startTestPortal({
      listen: true,
      env: {
        TARGET: 'gateway',
        GATEWAY_TIMEOUT: '1',
        IDENTITY_URL: closedUrl,
        TRUST_CENTER_URL: frozenUrl,
        QUESTIONNAIRE_URL: closedUrl,
        OUTBOUND_URL: closedUrl,
      },
    })
  })
  // Real HTTP: a proxied request body is a socket's stream, as in production.
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${tp.url}${url}`, { method, ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}) })
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') }
  }
  afterAll(async () => {
    await tp?.stop()
    for (const s of sockets) s.destroy()
    await new Promise<void>((r) => frozen.close(() => r()))
  })

  it('answers 502 for a service that is down', async () => {
    const res = await send('POST', '/api/userlogin', { email: 'a@b.example', password: 'x' })
    expect(res.status).toBe(502)
    expect(res.body).toMatchObject({ status: false, code: 'BAD_GATEWAY', message: 'The identity service is not reachable; please try again shortly' })
    expect(res.retryAfter).toBe('5')
    expect((await send('GET', '/api/outbound/list')).status).toBe(502)
  })

  it('answers 504 once a frozen service has had GATEWAY_TIMEOUT to answer', async () => {
    const started = Date.now()
    const res = await send('GET', '/api/overviewuser')
    const took = Date.now() - started
    expect(res.status).toBe(504)
    expect(res.body).toMatchObject({
      status: false,
      code: 'GATEWAY_TIMEOUT',
      message: 'The trust-center service did not answer in time; please try again shortly',
    })
    expect(took).toBeGreaterThanOrEqual(900)
    expect(took).toBeLessThan(15_000)
  })
})
