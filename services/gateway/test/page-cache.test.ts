// The gateway's copy of public pages: served without asking within TRUST_PAGE_REVALIDATE, asked
// again after it or once the bus announces a change (and again while an older version answers),
// dropped on unpublishing, bounded in bytes; views served from it tallied and sent in batches.
import { describe, expect, it } from '@jest/globals'
import { createMemoryBus } from '@portal/bus'
import { events, type TrustPageViews } from '@portal/contracts'
import { PublicPageCache } from '../src/page-cache.js'
import { PageViewTally } from '../src/page-views.js'
import { followTrustChanges } from '../src/trust-changes.js'
import type { Rendered } from '../src/trust-render.js'

const json = (n: number, bytes = 100) => Buffer.alloc(bytes, String(n))
const rendered = (bytes: number): Rendered => ({ body: Buffer.alloc(bytes), br: Buffer.alloc(bytes / 4), gzip: Buffer.alloc(bytes / 4), etag: 'r' })
const quiet = { warn: () => {} }

describe('public page cache', () => {
  it('serves an answer for the revalidation period, then asks; a 304 keeps the data and its render', () => {
    let now = 0
    const cache = new PublicPageCache(30_000, 1e6, () => now)
    const first = cache.answered('acme.localhost', 'W/"v1"', json(1))!
    expect(cache.fresh(first)).toBe(true)
    cache.rendered('acme.localhost', 'W/"v1"', rendered(400))
    now = 29_999
    expect(cache.fresh(cache.get('acme.localhost')!)).toBe(true)
    now = 30_000
    expect(cache.fresh(cache.get('acme.localhost')!)).toBe(false)
    // The service says 304: same data, same render, fresh again.
    const again = cache.answered('acme.localhost', 'W/"v1"')!
    expect([again.json.equals(json(1)), again.page?.body.length, cache.fresh(again)]).toEqual([true, 400, true])
    // A render of a version the host no longer holds is not kept.
    cache.answered('acme.localhost', 'W/"v2"', json(2))
    cache.rendered('acme.localhost', 'W/"v1"', rendered(400))
    expect(cache.get('acme.localhost')!.page).toBeUndefined()
    // A 304 for a copy that left the cache holds nothing.
    expect(cache.answered('gone.localhost', 'W/"v1"')).toBeUndefined()
  })

  it('asks again after an announced change, and keeps asking while an older version answers', () => {
    let now = 0
    const cache = new PublicPageCache(30_000, 1e6, () => now)
    cache.answered('acme.localhost', 'W/"v1"', json(1))
    // The change to the version held already (asked before the event came): nothing to do.
    cache.changed('acme.localhost', 'W/"v1"')
    expect(cache.fresh(cache.get('acme.localhost')!)).toBe(true)
    cache.changed('acme.localhost', 'W/"v2"')
    expect(cache.fresh(cache.get('acme.localhost')!)).toBe(false)
    // A replica that has not heard yet answers v1 (304): served, but asked again on the next view.
    expect(cache.fresh(cache.answered('acme.localhost', 'W/"v1"')!)).toBe(false)
    expect(cache.fresh(cache.answered('acme.localhost', 'W/"v2"', json(2))!)).toBe(true)
    // An answer read before the event but stored after it (a first view under way) is not trusted either.
    cache.changed('beta.localhost', 'W/"v9"')
    expect(cache.fresh(cache.answered('beta.localhost', 'W/"v8"', json(8))!)).toBe(false)
    // The announced version never comes (a lost later event meanwhile): a few seconds, then the answer stands.
    now = 6000
    expect(cache.fresh(cache.answered('beta.localhost', 'W/"v8"', json(8))!)).toBe(true)
  })

  it('drops a host, and holds at most its bound in bytes, data and renders counted', () => {
    const cache = new PublicPageCache(30_000, 10_000)
    for (let i = 0; i < 20; i++) {
      cache.answered(`h${i}.localhost`, 'W/"v"', json(i, 1000))
      cache.rendered(`h${i}.localhost`, 'W/"v"', rendered(1000))
      expect(cache.bytes).toBeLessThanOrEqual(10_000)
    }
    // 2,500 bytes a host: the four most recent stay.
    expect([...Array(20).keys()].filter((i) => cache.get(`h${i}.localhost`)).map(String)).toEqual(['16', '17', '18', '19'])
    cache.drop('h19.localhost')
    expect([cache.get('h19.localhost'), cache.bytes]).toEqual([undefined, 7500])
    // A page over the whole bound is not kept (served, but asked for on every view).
    expect(cache.answered('huge.localhost', 'W/"v"', json(1, 20_000))).toBeDefined()
    expect(cache.get('huge.localhost')).toBeUndefined()
  })

  it('follows change events: stale on a save, 404 state on unpublishing, former hosts forgotten', async () => {
    const bus = createMemoryBus()
    const cache = new PublicPageCache(30_000)
    const hosts: string[] = []
    const states = { forget: (h: string) => void hosts.push(`forget ${h}`), mark: (h: string, s: string) => void hosts.push(`${s} ${h}`) }
    const off = await followTrustChanges(bus, states, cache, quiet as never)
    for (const h of ['acme.localhost', 'old.localhost', 'beta.localhost']) cache.answered(h, 'W/"v1"', json(1))
    const t = crypto.randomUUID()
    await bus.publish(events.trustCenterChanged(t), { tenantId: t, hosts: ['acme.localhost'], published: true, etag: 'W/"v2"' })
    await bus.publish(events.trustCenterChanged(t), { tenantId: t, hosts: ['new.localhost', 'old.localhost'], published: true, etag: 'W/"v1"' })
    await bus.publish(events.trustCenterChanged(t), { tenantId: t, hosts: ['beta.localhost'], published: false, etag: 'W/"v1"' })
    await bus.publish(events.trustCenterChanged(t), { hosts: 'nonsense' }) // not understood: ignored
    await bus.close()
    await off()
    expect(hosts).toEqual(['forget acme.localhost', 'forget old.localhost', 'forget new.localhost', 'unpublished beta.localhost'])
    expect(cache.fresh(cache.get('acme.localhost')!)).toBe(false)
    expect([cache.get('old.localhost'), cache.get('beta.localhost')]).toEqual([undefined, undefined])
  })
})

describe('views served from the cache', () => {
  it('tallies per host and client, sends a batch per interval and on stop, at most a bounded number of pairs held', async () => {
    const sent: TrustPageViews[] = []
    const tally = new PageViewTally(async (b) => void sent.push(b), quiet, { flushMs: 60_000, maxPairs: 3 })
    for (let i = 0; i < 150; i++) tally.count('acme.localhost', '10.0.0.1')
    tally.count('acme.localhost', '10.0.0.2')
    tally.count('beta.localhost', '10.0.0.1')
    await tally.flush()
    // One client's views past what the service could count in a batch are not sent.
    expect(sent).toEqual([
      {
        views: [
          { host: 'acme.localhost', ip: '10.0.0.1', count: 100 },
          { host: 'acme.localhost', ip: '10.0.0.2', count: 1 },
          { host: 'beta.localhost', ip: '10.0.0.1', count: 1 },
        ],
      },
    ])
    // A fourth pair sends what is held first.
    for (const ip of ['1', '2', '3', '4']) tally.count('acme.localhost', ip)
    await new Promise((r) => setImmediate(r))
    expect(sent[1]!.views.map((v) => v.ip)).toEqual(['1', '2', '3'])
    await tally.stop()
    expect(sent[2]!.views).toEqual([{ host: 'acme.localhost', ip: '4', count: 1 }])
    await tally.flush() // nothing held: nothing sent
    expect(sent).toHaveLength(3)
  })

  it('logs a batch the bus refused, and goes on', async () => {
    const warned: unknown[] = []
    const tally = new PageViewTally(
      async () => {
        throw new Error('bus closed')
      },
      { warn: (o: unknown) => void warned.push(o) },
      { flushMs: 60_000 },
    )
    tally.count('acme.localhost', '10.0.0.1')
    await tally.stop()
    expect(warned).toHaveLength(1)
  })
})
