// One company's trust center must not stall the shared process or grow its memory (issue 22): a
// company fills its page up to the size limit (the save past it is refused, 413 with words), then
// alternates saves and GET / on its host, every GET a new version to render, while /healthz is
// polled; then many versions are rendered one after another and resident memory stays flat.
// In the jest "timed" list: it measures this process's latency and memory.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { callAs, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'
import { fillTrustCenter, pollHealth, rawHttp, richText, rssMb } from '../support/trust-page-load.js'

describe('a trust center at its size limit against the shared process', () => {
  let tp: TestPortal
  let admin: SignedUp
  let host: string
  const saveOverview = (seed: number, chars: number) =>
    callAs(tp, admin, 'POST', '/api/overview/save', { subTitle: `Version ${seed}`, description: richText(chars, seed) })

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true })
    admin = await signUp(tp, 'admin@heavy-page.example')
    host = `heavypage.localhost:${new URL(tp.url).port}`
    expect((await callAs(tp, admin, 'POST', '/api/fs/add-cname', { subdomain: 'heavypage' })).status).toBe(200)
  }, 60_000)
  afterAll(async () => {
    await tp?.stop()
  })

  it('refuses the save that takes the page over its limit, with 413 and what to shorten', async () => {
    expect((await saveOverview(0, 19_990)).status).toBe(201)
    // Each category with its items is 220 KB of text: the fifth takes the page past 1 MB.
    const fill = await fillTrustCenter(tp, admin, { categories: 30, items: 10, chars: 19_990 })
    expect(fill.saved).toBe(4)
    expect(fill.refused?.status).toBe(413)
    expect(fill.refused?.message).toMatch(/^This would make the public trust center page 1\.\d\d MB of text, over its limit of 1\.00 MB\. Shorten or remove/)
    // Nothing of the refused save was kept; every other way to add text is held to the same limit.
    const security = await callAs(tp, admin, 'GET', '/api/security')
    expect((security.json.data as unknown[]).length).toBe(4)
    const first = (security.json.data as { _id: string }[])[0]!._id
    const more = { title: 'More', description: 'x'.repeat(19_990) }
    const added = await Promise.all(Array.from({ length: 8 }, () => callAs(tp, admin, 'POST', `/api/security/addsubdata/${first}`, more)))
    // Concurrent saves take turns: those that fit pass, the rest are refused, and the page stays under.
    expect(added.some((r) => r.status === 413)).toBe(true)
    expect(added.every((r) => r.status === 201 || r.status === 413)).toBe(true)
    const compliance = await callAs(tp, admin, 'POST', '/api/compliance/save', {
      framework: 'SOC 2',
      status: 'compliant',
      badge: 'soc2',
      description: more.description,
    })
    expect(compliance.status).toBe(413)
    // Saving the same amount again (or less) is always allowed.
    expect((await saveOverview(1, 19_990)).status).toBe(201)
    const page = await callAs(tp, admin, 'GET', '/api/trustcenter')
    expect(page.status).toBe(200)
    expect(JSON.stringify(page.json).length).toBeLessThan(1_100_000)
  }, 60_000)

  it('renders every new version without stalling /healthz', async () => {
    const health = pollHealth(tp)
    const end = Date.now() + 4000
    let rounds = 0
    while (Date.now() < end) {
      rounds++
      expect((await saveOverview(1000 + rounds, 19_990)).status).toBe(201)
      const res = await rawHttp(tp, 'GET', '/', host, { 'accept-encoding': 'br' })
      expect([res.status, res.headers['content-encoding']]).toEqual([200, 'br'])
    }
    const figures = await health.stop()
    // Every GET rendered the version just saved, on the server (not the browser's empty shell).
    const latest = await rawHttp(tp, 'GET', '/', host)
    expect(latest.body.toString('utf8')).toContain(`Version ${1000 + rounds}`)
    expect(rounds).toBeGreaterThan(2)
    expect(figures.samples).toBeGreaterThan(20)
    // The poller shares this process with jest and the test's own client: one sample may include a
    // garbage collection of the test process (113 ms once in CI). 95 % under 100 ms, and no stall
    // (before the fix: p50 1.3 s, max 2.8 s, every render blocking the loop for over a second).
    expect(figures.p50).toBeLessThan(100)
    expect(figures.p95).toBeLessThan(100)
    expect(figures.max).toBeLessThan(250)
  }, 30_000)

  it('keeps memory flat over 200 versions', async () => {
    // One category (220 KB of text) stays: each version's page and its two compressed forms weigh
    // about 0.4 MB, so a cache that kept old versions (the count-bounded one kept 500) would grow by
    // 80 MB here. That only the current version of a host is kept, whatever the versions weigh, is
    // also proven in bytes by ByteCache's own test (packages/runtime).
    const categories = (await callAs(tp, admin, 'GET', '/api/security')).json.data as { _id: string }[]
    for (const { _id } of categories.slice(1)) {
      expect((await callAs(tp, admin, 'DELETE', `/api/security/delete/${_id}`)).status).toBe(200)
    }
    const versions = async (from: number, n: number) => {
      for (let v = from; v < from + n; v++) {
        expect((await saveOverview(v, 2_000)).status).toBe(201)
        expect((await rawHttp(tp, 'GET', '/', host, { 'accept-encoding': 'gzip' })).status).toBe(200)
      }
    }
    await versions(10_000, 20) // warm: allocators and caches at their working size
    global.gc?.()
    const before = rssMb()
    await versions(20_000, 200)
    global.gc?.()
    const growth = rssMb() - before
    expect(growth).toBeLessThan(30)
  }, 60_000)
})
