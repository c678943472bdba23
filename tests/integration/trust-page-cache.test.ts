// The public page served from the gateway's copy (issue 26): a hundred views of a host reach the
// trust-center service once; an edit shows on the next view once the bus has delivered its event,
// for one more call; unpublishing answers 404 as soon as it is announced; the views served from
// the copy are still counted by the service. In one process (in-process bus) and split (the
// gateway and the services in two portals on PostgreSQL, events over NATS: where NATS_URL and
// TEST_DATABASE_URL are set).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { callAs, type SignedUp, signUp, startTestPortal, type TestPortal, until } from '../support/portal.js'

interface Setup {
  /** Where visitors' pages are asked for (the gateway). */
  gateway: TestPortal
  /** Where staff save (identity and trust-center). */
  services: TestPortal
  /** Data calls the trust-center service has answered for public pages so far. */
  calls(): number
  stop(): Promise<void>
}

const PUBLIC_PAGE_DECORATOR = 'trustCenterPublicPage'

/** One process: the gateway reads the service's page through its decoration; each read is a data call. */
async function oneProcess(): Promise<Setup> {
  const tp = await startTestPortal({ listen: true })
  const server = tp.portal.server as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  const read = server[PUBLIC_PAGE_DECORATOR]!
  let calls = 0
  server[PUBLIC_PAGE_DECORATOR] = (...args) => {
    calls++
    return read(...args)
  }
  return { gateway: tp, services: tp, calls: () => calls, stop: () => tp.stop() }
}

/** Split: the gateway forwards to the services' portal over HTTP; each GET /api/trustcenteruser reaching it is a data call. */
async function split(natsUrl: string): Promise<Setup> {
  // A prefix of this run's own: other suites sharing the NATS server hear none of these events.
  const bus = { NATS_URL: natsUrl, BUS_PREFIX: `gwcache${crypto.randomUUID().slice(0, 8)}` }
  // The services trust the gateway's X-Forwarded-* (the visitor's host and address), as in k8s/.
  const services = await startTestPortal({ db: 'pg', listen: true, env: { TARGET: 'identity,trust-center', TRUST_PROXY: '127.0.0.1', ...bus } })
  let calls = 0
  services.portal.server.server.on('request', (req: { url?: string }) => {
    if (req.url?.startsWith('/api/trustcenteruser')) calls++
  })
  // The gateway needs every service's address; only identity's and trust-center's are asked here.
  const urls = { IDENTITY_URL: services.url, TRUST_CENTER_URL: services.url, QUESTIONNAIRE_URL: services.url, OUTBOUND_URL: services.url }
  const gateway = await startTestPortal({ listen: true, env: { TARGET: 'gateway', ...urls, ...bus } }).catch(async (err: unknown) => {
    await services.stop()
    throw err
  })
  return {
    gateway,
    services,
    calls: () => calls,
    stop: async () => {
      await gateway.stop()
      await services.stop()
    },
  }
}

const modes: [string, () => Promise<Setup>][] = [
  ['one process, in-process bus', oneProcess],
  ...(process.env['NATS_URL'] && process.env['TEST_DATABASE_URL']
    ? [['split, NATS', () => split(process.env['NATS_URL']!)] as [string, () => Promise<Setup>]]
    : []),
]

describe.each(modes)('public page cached in the gateway (%s)', (_mode, start) => {
  let s: Setup
  let admin: SignedUp
  let host: string
  const view = (h = host) => s.gateway.portal.server.inject({ url: '/', headers: { host: h, 'accept-encoding': 'br' } })
  const html = async (h = host) => {
    const res = await s.gateway.portal.server.inject({ url: '/', headers: { host: h } })
    return { status: res.statusCode, body: res.body }
  }
  const save = (words: string) => callAs(s.services, admin, 'POST', '/api/overview/save', { subTitle: words, description: `<p>${words}</p>` })

  beforeAll(async () => {
    s = await start()
    admin = await signUp(s.services, `admin-${crypto.randomUUID().slice(0, 6)}@gw-cache.example`)
    const sub = `gwc${crypto.randomUUID().slice(0, 8)}`
    host = `${sub}.localhost`
    expect((await callAs(s.services, admin, 'POST', '/api/fs/add-cname', { subdomain: sub })).status).toBe(200)
    expect((await save('First words')).status).toBe(201)
  }, 120_000)
  afterAll(async () => {
    await s?.stop()
  })

  it('answers 100 views of a host with one data call to the trust-center service', async () => {
    const before = s.calls()
    const first = await html()
    expect([first.status, first.body]).toEqual([200, expect.stringContaining('First words')])
    // Views arriving together, then one after another.
    const together = await Promise.all(Array.from({ length: 29 }, () => view()))
    const after: number[] = []
    for (let i = 0; i < 70; i++) after.push((await view()).statusCode)
    expect([...together.map((r) => r.statusCode), ...after]).toEqual(Array(99).fill(200))
    expect(together.every((r) => r.headers['content-encoding'] === 'br')).toBe(true)
    expect(s.calls() - before).toBe(1)
  })

  it('shows an edit on the next view once its event is delivered, for one more data call', async () => {
    expect((await html()).body).toContain('First words')
    const before = s.calls()
    const t0 = performance.now()
    expect((await save('Second words')).status).toBe(201)
    const shown = await until('the edit on the page', async () => ((await html()).body.includes('Second words') ? performance.now() - t0 : undefined), 5000, 10)
    expect(shown).toBeLessThan(2000)
    expect((await html()).body).not.toContain('First words')
    for (let i = 0; i < 20; i++) expect((await view()).statusCode).toBe(200)
    expect(s.calls() - before).toBe(1)
  })

  it('answers 404 as soon as the trust center is unpublished, and serves it again once republished', async () => {
    expect((await html()).status).toBe(200)
    expect((await callAs(s.services, admin, 'POST', '/api/fs/remove-cname')).status).toBe(200)
    const gone = await until('404 after unpublishing', async () => ((await html()).status === 404 ? true : undefined), 2000, 10)
    expect(gone).toBe(true)
    expect((await html()).body).toContain('This trust center is not available.')
    expect((await callAs(s.services, admin, 'POST', '/api/fs/add-cname', { subdomain: host.split('.')[0] })).status).toBe(200)
    const back = await until('the page after republishing', async () => ((await html()).status === 200 ? (await html()).body : undefined), 2000, 10)
    expect(back).toContain('Second words')
  })

  it('still counts the views it served from its copy (one client: up to the per-client limit)', async () => {
    const counted = async () => {
      const history = await callAs(s.services, admin, 'GET', '/api/trustcenterhistroy?pageType=view&pageSize=100')
      return (history.json.data as { detail: string }[]).reduce((n, e) => n + Number(/(\d+) times/.exec(e.detail)?.[1] ?? 1), 0)
    }
    // Well over 60 views from this client so far: the batch from the gateway fills its limit.
    const views = await until('views counted', async () => ((await counted()) >= 60 ? counted() : undefined), 15_000, 500)
    expect(views).toBe(60)
  })
})
