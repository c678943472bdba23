// PostgreSQL gone for a while (its connections cut, new ones refused): requests that need it answer
// 503 with Retry-After in the contract's envelope, /readyz says so, and everything works again when
// the database is back, without a restart. The cut is made by a TCP relay between the portal and the
// machine's PostgreSQL, so other suites using the server are not disturbed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createScratchDatabase } from '@portal/db'
import { call, callAs, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'
import { tcpRelay } from '../support/tcp-relay.js'

const adminUrl = process.env['TEST_DATABASE_URL']

// Run only where the machine's servers are (jest.config.mjs: needsRealServers).
describe('database down', () => {
  let tp: TestPortal
  let db: Awaited<ReturnType<typeof createScratchDatabase>>
  let link: Awaited<ReturnType<typeof tcpRelay>>
  let user: SignedUp

  beforeAll(async () => {
    db = await createScratchDatabase(adminUrl!)
    const target = new URL(db.url)
    link = await tcpRelay(target.hostname, Number(target.port) || 5432)
    target.hostname = '127.0.0.1'
    target.port = String(link.port())
    tp = await startTestPortal({ listen: true, env: { DATABASE_URL: target.toString() } })
    user = await signUp(tp, 'dora@downtime.example')
  }, 60_000)
  afterAll(async () => {
    await tp?.stop()
    await link?.close()
    await db?.drop()
  })

  it('answers 503 with Retry-After while it is gone, and works again once it is back', async () => {
    const companies = () => call(tp, 'GET', '/api/companys', { token: user.token })
    expect((await companies()).status).toBe(200)
    await link.cut()
    const down = await companies()
    expect(down.status).toBe(503)
    expect(down.body).toMatchObject({ status: false, code: 'UNAVAILABLE', message: 'The service is temporarily unavailable; please try again shortly' })
    expect(down.headers['retry-after']).toBe('5')
    const ready = await call(tp, 'GET', '/readyz')
    expect([ready.status, ready.body.checks]).toEqual([503, { db: false, queue: true, bus: true, blobs: true }])
    const login = await call(tp, 'POST', '/api/userlogin', { body: { email: 'dora@downtime.example', password: 'Str0ng!pass' } })
    expect(login.status).toBe(503)

    await link.restore()
    expect((await companies()).status).toBe(200)
    expect((await call(tp, 'GET', '/readyz')).status).toBe(200)
  }, 60_000)

  it('answers a send from a template 503 while it is gone, never "Template not found"', async () => {
    const send = () => {
      const fd = new FormData()
      for (const [k, v] of Object.entries({ clientName: 'Client', email: 'ciso@client.example', templateId: crypto.randomUUID() })) fd.append(k, v)
      return callAs(tp, user, 'POST', '/api/outbound/save', fd)
    }
    await link.cut()
    const down = await send()
    await link.restore()
    expect([down.status, down.json.code]).toEqual([503, 'UNAVAILABLE'])
    expect([(await send()).status, (await send()).json.message]).toEqual([404, 'Template not found'])
  }, 60_000)
})
