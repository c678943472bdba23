// Split mode: the services run in their own "process" (here: their own server on their own port,
// with real PostgreSQL and NATS) and the gateway forwards to them. Same URLs as in one process.
// jest.config.mjs runs it where the real servers are configured (CI sets TEST_DATABASE_URL and NATS_URL).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startTestPortal, type TestPortal } from '../support/portal.js'

describe('split mode (PostgreSQL + NATS)', () => {
  let services: TestPortal
  let gateway: TestPortal

  beforeAll(async () => {
    services = await startTestPortal({
      db: 'pg',
      listen: true,
      env: {
        TARGET: 'identity,trust-center,questionnaire,outbound',
        NATS_URL: process.env['NATS_URL']!,
        REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      },
    })
    const upstream = services.url
    gateway = await startTestPortal({
      listen: true,
      env: { TARGET: 'gateway', IDENTITY_URL: upstream, TRUST_CENTER_URL: upstream, QUESTIONNAIRE_URL: upstream, OUTBOUND_URL: upstream },
    })
  })
  afterAll(async () => {
    await gateway?.stop()
    await services?.stop()
  })

  it('signs up, signs in and reads people through the gateway', async () => {
    const base = gateway.url
    const signUp = await fetch(`${base}/api/usercreate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'split', lastName: 'mode', email: 'split@split-corp.example', password: 'Str0ng!pass', cnfpassword: 'Str0ng!pass' }),
    })
    expect(signUp.status).toBe(201)
    const login = await fetch(`${base}/api/userlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'split@split-corp.example', password: 'Str0ng!pass' }),
    })
    expect(login.status).toBe(200)
    const { data } = (await login.json()) as { data: { token: string; dbName: string } }
    expect(login.headers.get('set-cookie')).toMatch(/HttpOnly/i)
    const people = await fetch(`${base}/api/people`, { headers: { authorization: `Bearer ${data.token}`, dbname: data.dbName } })
    expect(people.status).toBe(200)
    const spoofed = await fetch(`${base}/api/people`, { headers: { authorization: `Bearer ${data.token}`, dbname: 'other_tenant' } })
    expect(spoofed.status).toBe(403)
  })

  it('serves the other services health routes and the JWKS through the gateway', async () => {
    for (const svc of ['trust-center', 'questionnaire', 'outbound']) {
      const res = await fetch(`${gateway.url}/api/${svc}/healthz`)
      expect(res.status).toBe(200)
    }
    const jwks = (await (await fetch(`${gateway.url}/api/.well-known/jwks.json`)).json()) as { keys: { kty: string; kid: string }[] }
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP' })
  })

  it('forwards SCIM (/scim/v2, outside /api) to identity, scim+json bodies included (issue 27)', async () => {
    const list = await fetch(`${gateway.url}/scim/v2/Users?filter=${encodeURIComponent('userName eq "a@b.example"')}`, {
      headers: { authorization: 'Bearer scim_nope' },
    })
    expect(list.status).toBe(401)
    expect(list.headers.get('content-type')).toMatch(/^application\/scim\+json/)
    expect(await list.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' })
    const create = await fetch(`${gateway.url}/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: 'Bearer scim_nope', 'content-type': 'application/scim+json' },
      body: JSON.stringify({ userName: 'a@b.example' }),
    })
    expect(create.status).toBe(401)
    const unknown = await fetch(`${gateway.url}/scim/v2/Nothing`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).not.toMatch(/html/)
  })

  it('answers 404 in the envelope for unknown API paths', async () => {
    const res = await fetch(`${gateway.url}/api/nothing-here`)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ status: false })
  })
})
