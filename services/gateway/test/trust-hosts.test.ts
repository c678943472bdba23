// The gateway's cache of trust-center hosts: one lookup per host per TTL, shared by concurrent
// page loads, bounded in size, normalised like the registry, and "not published" on any failure.
import { describe, expect, it } from '@jest/globals'
import type { AppInstance } from '@portal/http'
import { trustHostLookup, trustHostStates } from '../src/trust-hosts.js'

function fakeServer(published: Set<string>, opts: { fail?: boolean; unpublished?: Set<string> } = {}) {
  const asked: string[] = []
  const server = {
    log: { warn: () => {} },
    inject: async ({ url }: { url: string }) => {
      const host = new URL(url, 'http://x').searchParams.get('hostname')!
      asked.push(host)
      await new Promise((r) => setTimeout(r, 5))
      if (opts.fail) throw new Error('down')
      const hit = published.has(host)
      const held = opts.unpublished?.has(host) ? { unpublished: true } : {}
      return { statusCode: hit ? 200 : 404, json: () => ({ status: hit, isSpecialDomain: hit, ...held }) }
    },
  }
  return { server: server as unknown as AppInstance, asked }
}

describe('trust-center host lookup', () => {
  it('asks once per host within the TTL, and again after it', async () => {
    let now = 0
    const { server, asked } = fakeServer(new Set(['acme.localhost']))
    const isTrust = trustHostLookup(server, { ttlMs: 10_000, now: () => now })
    expect(await isTrust('acme.localhost')).toBe(true)
    expect(await isTrust('ACME.localhost.')).toBe(true)
    expect(await isTrust('other.localhost')).toBe(false)
    expect(asked).toEqual(['acme.localhost', 'other.localhost'])
    now = 10_001
    expect(await isTrust('acme.localhost')).toBe(true)
    expect(asked).toEqual(['acme.localhost', 'other.localhost', 'acme.localhost'])
  })

  it('shares one lookup between concurrent requests for a host', async () => {
    const { server, asked } = fakeServer(new Set(['acme.localhost']))
    const isTrust = trustHostLookup(server)
    expect(await Promise.all([isTrust('acme.localhost'), isTrust('acme.localhost'), isTrust('acme.localhost')])).toEqual([true, true, true])
    expect(asked).toHaveLength(1)
  })

  it('keeps at most maxEntries hosts, dropping the oldest', async () => {
    const { server, asked } = fakeServer(new Set())
    const isTrust = trustHostLookup(server, { maxEntries: 2 })
    for (const h of ['a.x', 'b.x', 'c.x', 'a.x']) await isTrust(h)
    expect(asked).toEqual(['a.x', 'b.x', 'c.x', 'a.x'])
  })

  it('treats failures, empty and overlong names as not published', async () => {
    const { server } = fakeServer(new Set(['acme.localhost']), { fail: true })
    const isTrust = trustHostLookup(server)
    expect(await isTrust('acme.localhost')).toBe(false)
    expect(await isTrust('')).toBe(false)
    expect(await isTrust(`${'a'.repeat(250)}.localhost`)).toBe(false)
  })

  it('tells a public trust center, one that is not public, and a host no trust center holds apart', async () => {
    const { server } = fakeServer(new Set(['acme.localhost']), { unpublished: new Set(['gone.localhost']) })
    const state = trustHostStates(server)
    expect(await state('acme.localhost')).toBe('published')
    expect(await state('Gone.localhost.')).toBe('unpublished')
    expect(await state('nobody.localhost')).toBe('none')
    expect(await trustHostLookup(server)('gone.localhost')).toBe(false)
  })

  it('keeps a "not public" answer only a second: a republished host is public again soon', async () => {
    let now = 0
    const { server, asked } = fakeServer(new Set(), { unpublished: new Set(['gone.localhost']) })
    const state = trustHostStates(server, { ttlMs: 10_000, now: () => now })
    await state('gone.localhost')
    now = 900
    await state('gone.localhost')
    expect(asked).toHaveLength(1)
    now = 1001
    await state('gone.localhost')
    expect(asked).toHaveLength(2)
  })
})

describe('trust-center host lookup told by the bus', () => {
  it('asks again for a forgotten host, answers a marked one at once, and stores no lookup that started before', async () => {
    const published = new Set(['acme.localhost'])
    const { server, asked } = fakeServer(published)
    const states = trustHostStates(server, { ttlMs: 30_000 })
    expect(await states('acme.localhost')).toBe('published')
    published.delete('acme.localhost')
    expect(await states('acme.localhost')).toBe('published') // cached
    states.mark('ACME.localhost.', 'unpublished')
    expect(await states('acme.localhost')).toBe('unpublished')
    expect(asked).toEqual(['acme.localhost'])
    published.add('acme.localhost')
    states.forget('acme.localhost')
    expect(await states('acme.localhost')).toBe('published')
    expect(asked).toHaveLength(2)
    // A lookup under way when the bus speaks answers its caller, but is not kept.
    const during = states('beta.localhost')
    states.forget('beta.localhost')
    expect(await during).toBe('none')
    published.add('beta.localhost')
    expect(await states('beta.localhost')).toBe('published')
  })
})
