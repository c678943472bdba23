import { describe, expect, it } from '@jest/globals'
import { ByteCache } from '../src/byte-cache.js'
import { type Module, resolveOrder, startModules } from '../src/index.js'

type Ctx = { events: string[] }
const mod = (name: string, deps: string[] = [], fail = false): Module<Ctx> => ({
  name,
  deps,
  init: async (ctx) => {
    if (fail) throw new Error(`${name} broke`)
    ctx.events.push(`start ${name}`)
    return { stop: async () => void ctx.events.push(`stop ${name}`) }
  },
})

describe('module manager', () => {
  const modules = [mod('config'), mod('db', ['config']), mod('server', ['config']), mod('identity', ['server', 'db']), mod('gateway', ['server'])]

  it('orders a target after its dependencies, each once', () => {
    expect(resolveOrder(modules, ['identity', 'gateway'])).toEqual(['config', 'server', 'db', 'identity', 'gateway'])
  })

  it('starts in order and stops in reverse', async () => {
    const ctx: Ctx = { events: [] }
    const running = await startModules(modules, ['identity'], ctx)
    await running.stop()
    expect(ctx.events).toEqual(['start config', 'start server', 'start db', 'start identity', 'stop identity', 'stop db', 'stop server', 'stop config'])
  })

  it('stops what started when a later module fails', async () => {
    const ctx: Ctx = { events: [] }
    await expect(startModules([...modules, mod('broken', ['db'], true)], ['broken'], ctx)).rejects.toThrow('broken broke')
    expect(ctx.events).toEqual(['start config', 'start db', 'stop db', 'stop config'])
  })

  it('refuses unknown modules and cycles', () => {
    expect(() => resolveOrder(modules, ['nope'])).toThrow('unknown module "nope"')
    expect(() => resolveOrder([mod('a', ['b']), mod('b', ['a'])], ['a'])).toThrow('cycle')
  })
})

describe('ByteCache', () => {
  it('holds at most its bound in bytes, least recently used leaving first, and one entry per key', () => {
    const cache = new ByteCache<string, string>(1000)
    // 200 versions of one host's page: only the last stays, its bytes counted once.
    for (let v = 0; v < 200; v++) cache.set('acme', `v${v}`, 400)
    expect([cache.size, cache.bytes, cache.get('acme')]).toEqual([1, 400, 'v199'])
    cache.set('beta', 'b', 400)
    cache.get('acme') // beta is now the least recently used
    cache.set('gamma', 'g', 400)
    expect([cache.get('beta'), cache.get('acme'), cache.get('gamma'), cache.bytes]).toEqual([undefined, 'v199', 'g', 800])
    // An entry heavier than the whole bound is not kept (and evicts nothing).
    expect(cache.set('huge', 'h', 1001)).toBe(false)
    expect([cache.size, cache.bytes]).toEqual([2, 800])
  })
})
