// PostgreSQL gone for a while (its connections cut, new ones refused): requests that need it answer
// 503 with Retry-After in the contract's envelope, /readyz says so, and everything works again when
// the database is back, without a restart. The cut is made by a TCP relay between the portal and the
// machine's PostgreSQL, so other suites using the server are not disturbed.
import { createServer, type Server, type Socket, connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createScratchDatabase } from '@portal/db'
import { call, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const adminUrl = process.env['TEST_DATABASE_URL']

/** A relay to host:port that can be cut (connections destroyed, new ones refused) and restored. */
async function relay(host: string, port: number) {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let listenPort = 0
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(port, host)
      for (const s of [client, upstream]) {
        sockets.add(s)
        s.on('close', () => sockets.delete(s))
        s.on('error', () => undefined)
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((r) => server!.listen(listenPort, '127.0.0.1', r))
    listenPort = (server.address() as { port: number }).port
  }
  await open()
  return {
    port: () => listenPort,
    cut: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((r) => server!.close(() => r()))
    },
    restore: open,
  }
}

// Run only where the machine's servers are (jest.config.mjs: needsRealServers).
describe('database down', () => {
  let tp: TestPortal
  let db: Awaited<ReturnType<typeof createScratchDatabase>>
  let link: Awaited<ReturnType<typeof relay>>
  let user: SignedUp

  beforeAll(async () => {
    db = await createScratchDatabase(adminUrl!)
    const target = new URL(db.url)
    link = await relay(target.hostname, Number(target.port) || 5432)
    target.hostname = '127.0.0.1'
    target.port = String(link.port())
    tp = await startTestPortal({ env: { DATABASE_URL: target.toString() } })
    user = await signUp(tp, 'dora@downtime.example')
  }, 60_000)
  afterAll(async () => {
    await tp?.stop()
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
    expect([ready.status, ready.body.checks]).toEqual([503, { db: false }])
    const login = await call(tp, 'POST', '/api/userlogin', { body: { email: 'dora@downtime.example', password: 'Str0ng!pass' } })
    expect(login.status).toBe(503)

    await link.restore()
    expect((await companies()).status).toBe(200)
    expect((await call(tp, 'GET', '/readyz')).status).toBe(200)
  }, 60_000)
})
