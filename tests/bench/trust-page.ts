// One company's heavy trust center against the shared process (run: pnpm bench:trust-page).
// Not a test: it measures and reports, with the targets beside the figures.
//   Fill: 30 security categories of 10 items, every description 19,990 characters of rich text (the
//   documented per-field limit), stopping where the portal refuses (the page's size limit).
//   Attack: for SECONDS (default 15) alternate "save the overview" and GET / on the company's host
//   (a new content version each time, so a new render), while /healthz is polled: p50 and max.
//   Memory: VERSIONS (default 200) content versions, each saved and its page fetched: RSS before and
//   after (stops early past MAX_GROWTH_MB of growth, default 1500, so the old code cannot take the machine).
//   Views (issue 26), first: VIEWS (default 3000) views of another company's page of ordinary size,
//   CONCURRENCY (default 8) at a time over HTTP: views/s, and the gateway's data calls to the
//   trust-center service per view (its in-process reader, counted); then an edit and 200 more views.
//   SPLIT=1 runs the views against a gateway and a trust-center service in two portals (PostgreSQL
//   at TEST_DATABASE_URL, NATS at NATS_URL), counting the data calls that reach the service over HTTP.
// PARTS=views (or attack, memory; comma-separated) runs only those parts.
import { callAs, signUp, startTestPortal, type TestPortal } from '../support/portal.js'
import { fillTrustCenter, pollHealth, rawHttp, richText, rssMb } from '../support/trust-page-load.js'

const SECONDS = Number(process.env['SECONDS_ATTACK'] ?? 15)
const VERSIONS = Number(process.env['VERSIONS'] ?? 200)
const MAX_GROWTH_MB = Number(process.env['MAX_GROWTH_MB'] ?? 1500)
const VIEWS = Number(process.env['VIEWS'] ?? 3000)
const CONCURRENCY = Number(process.env['CONCURRENCY'] ?? 8)
const PARTS = new Set((process.env['PARTS'] ?? 'views,attack,memory').split(','))
const row = (label: string, value: string, target = '') => console.log(`${label.padEnd(44)} ${value.padStart(18)}   ${target}`)
const ms = (n: number) => `${n.toFixed(1)} ms`

/** Counts the gateway's data calls to the trust-center service: in one process, each is a read through its decoration. */
function countDataCalls(tp: TestPortal): () => number {
  const server = tp.portal.server as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  const read = server['trustCenterPublicPage']!
  let calls = 0
  server['trustCenterPublicPage'] = (...args) => {
    calls++
    return read(...args)
  }
  return () => calls
}

/** `n` views of the host's page, CONCURRENCY at a time: views/s and data calls per view. */
async function views(tp: TestPortal, host: string, n: number, calls: () => number): Promise<{ perSecond: number; callsPerView: number }> {
  const c0 = calls()
  const t0 = performance.now()
  let started = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < n) {
        started++
        const res = await rawHttp(tp, 'GET', '/', host, { 'accept-encoding': 'br' })
        if (res.status !== 200) throw new Error(`GET / answered ${res.status}`)
      }
    }),
  )
  return { perSecond: n / ((performance.now() - t0) / 1000), callsPerView: (calls() - c0) / n }
}

/** The views part: a company of ordinary size, VIEWS views, an edit, 200 more views. */
async function viewsPart(gateway: TestPortal, services: TestPortal, calls: () => number, mode: string): Promise<void> {
  const owner = await signUp(services, 'admin@bench-views.example')
  const host = `benchviews.localhost:${new URL(gateway.url).port}`
  if ((await callAs(services, owner, 'POST', '/api/fs/add-cname', { subdomain: 'benchviews' })).status !== 200) throw new Error('could not publish')
  const save = (words: string) => callAs(services, owner, 'POST', '/api/overview/save', { subTitle: words, description: richText(2000, words) })
  await save('First')
  await rawHttp(gateway, 'GET', '/', host, { 'accept-encoding': 'br' }) // the first view renders
  const steady = await views(gateway, host, VIEWS, calls)
  row(`Views (${mode}): ${VIEWS}, ${CONCURRENCY} at a time`, `${steady.perSecond.toFixed(0)} views/s`)
  row('  trust-center data calls per view', steady.callsPerView.toFixed(4), 'target: 0 until the content changes')
  await save('Second')
  await new Promise((r) => setTimeout(r, 100)) // the change event's delivery
  const edited = await views(gateway, host, 200, calls)
  row('  after an edit: data calls in 200 views', String(Math.round(edited.callsPerView * 200)), 'target: 1')
}

/**
 * SPLIT=1: the gateway and the services (identity, trust-center) in two portals, on PostgreSQL
 * (TEST_DATABASE_URL) and NATS (NATS_URL); data calls are the GET /api/trustcenteruser reaching the services.
 */
async function splitPair(): Promise<{ gateway: TestPortal; services: TestPortal; calls: () => number; stop(): Promise<void> }> {
  const bus = { NATS_URL: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222', BUS_PREFIX: `bench${crypto.randomUUID().slice(0, 8)}` }
  const services = await startTestPortal({ db: 'pg', listen: true, env: { TARGET: 'identity,trust-center', TRUST_PROXY: '127.0.0.1', ...bus } })
  let calls = 0
  services.portal.server.server.on('request', (req: { url?: string }) => {
    if (req.url?.startsWith('/api/trustcenteruser')) calls++
  })
  const urls = { IDENTITY_URL: services.url, TRUST_CENTER_URL: services.url, QUESTIONNAIRE_URL: services.url, OUTBOUND_URL: services.url }
  const gateway = await startTestPortal({ listen: true, env: { TARGET: 'gateway', ...urls, ...bus } })
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

/** One company's page at the size limit: saved and rendered over and over (the attack), then many versions (memory). */
async function heavyPage(tp: TestPortal): Promise<void> {
  const admin = await signUp(tp, 'admin@bench-trustpage.example')
  const host = `benchtp.localhost:${new URL(tp.url).port}`
  if ((await callAs(tp, admin, 'POST', '/api/fs/add-cname', { subdomain: 'benchtp' })).status !== 200) throw new Error('could not publish')
  const overview = (seed: number, chars = 19_990) =>
    callAs(tp, admin, 'POST', '/api/overview/save', { subTitle: `Version ${seed}`, description: richText(chars, seed) })
  await overview(0)

  const t0 = performance.now()
  const fill = await fillTrustCenter(tp, admin, { categories: 30, items: 10, chars: 19_990 })
  row('Fill: categories of 10 items saved', `${fill.saved} of 30`, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  if (fill.refused) row('  refused with', String(fill.refused.status), fill.refused.message)
  const page = await rawHttp(tp, 'GET', '/', host)
  row('Page (uncompressed HTML)', `${(page.body.length / 1e6).toFixed(2)} MB`, `status ${page.status}`)

  // Attack: every GET / follows a save, so every GET renders a new version.
  if (PARTS.has('attack')) {
    const health = pollHealth(tp)
    const end = performance.now() + SECONDS * 1000
    let rounds = 0
    let slowestGet = 0
    while (performance.now() < end) {
      const saved = await overview(++rounds)
      if (saved.status !== 201) throw new Error(`overview save answered ${saved.status}`)
      const g0 = performance.now()
      const res = await rawHttp(tp, 'GET', '/', host, { 'accept-encoding': 'br' })
      slowestGet = Math.max(slowestGet, performance.now() - g0)
      if (res.status !== 200) throw new Error(`GET / answered ${res.status}`)
    }
    const h = await health.stop()
    row(`Attack ${SECONDS} s: save + GET / rounds`, String(rounds), `slowest GET / ${ms(slowestGet)}`)
    row('  /healthz p50', ms(h.p50), 'target < 100 ms')
    row('  /healthz max', ms(h.max), `target < 100 ms (${h.samples} samples)`)
  }

  // Memory: many versions of the same page, each rendered once.
  if (PARTS.has('memory')) {
    const before = rssMb()
    let peak = before
    let versions = 0
    const m0 = performance.now()
    for (; versions < VERSIONS; versions++) {
      await overview(100_000 + versions)
      await rawHttp(tp, 'GET', '/', host, { 'accept-encoding': 'br' })
      peak = Math.max(peak, rssMb())
      if (peak - before > MAX_GROWTH_MB) break
    }
    const after = rssMb()
    row(`Memory: versions rendered`, `${versions} of ${VERSIONS}`, `in ${((performance.now() - m0) / 1000).toFixed(1)} s`)
    row('  RSS before', `${before.toFixed(0)} MB`)
    row('  RSS after', `${after.toFixed(0)} MB`, `growth ${(after - before).toFixed(0)} MB, peak ${peak.toFixed(0)} MB (target: flat)`)
  }
}

const tp = await startTestPortal({ listen: true })
try {
  if (PARTS.has('views')) {
    if (process.env['SPLIT'] === '1') {
      const pair = await splitPair()
      try {
        await viewsPart(pair.gateway, pair.services, pair.calls, 'split')
      } finally {
        await pair.stop()
      }
    } else await viewsPart(tp, tp, countDataCalls(tp), 'one process')
  }
  if (PARTS.has('attack') || PARTS.has('memory')) await heavyPage(tp)
} finally {
  await tp.stop()
}
