import { afterEach, describe, expect, it } from '@jest/globals'
import { type Logger, silentLogger } from '@portal/observability'
import { createBus, type EventBus, subjectMatches } from '../src/index.js'

type Make = (log?: Logger) => Promise<EventBus>
// NATS cases only where NATS_URL is set (CI); random subject prefixes keep runs apart.
const natsUrl = process.env['NATS_URL']
const cases: [string, Make][] = [
  ['memory', (log = silentLogger) => createBus({}, log)],
  ...(natsUrl ? [['nats', (log = silentLogger) => createBus({ natsUrl }, log)] as [string, Make]] : []),
]

const waitFor = async (cond: () => boolean, ms = 2000) => {
  const until = Date.now() + ms
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(cases)('%s bus', (kind, make) => {
  let bus: EventBus | undefined
  afterEach(async () => {
    await bus?.close()
    bus = undefined
  })
  const t = () => `t${crypto.randomUUID().slice(0, 8)}`

  it('delivers exact and wildcard subscriptions', async () => {
    bus = await make()
    expect(bus.kind).toBe(kind)
    const tenant = t()
    const got: string[] = []
    await bus.subscribe(`${tenant}.questionnaire.progress`, (s, p) => void got.push(`exact ${s} ${p['n']}`))
    await bus.subscribe(`${tenant}.*.progress`, (s) => void got.push(`star ${s}`))
    await bus.subscribe(`${tenant}.>`, (s) => void got.push(`tail ${s}`))
    const other = t()
    let otherDone = false
    await bus.subscribe(`${other}.>`, (s) => {
      if (s === `${other}.test.done`) otherDone = true
      else got.push(`other tenant ${s}`)
    })
    await bus.publish(`${tenant}.questionnaire.progress`, { n: 3 })
    await bus.publish(`${tenant}.document.ingested`, { id: 'd1' })
    // The other tenant's subscription gets a marker published after the two: anything it wrongly
    // received from them would have come first (one publisher, one subscription: in order).
    await bus.publish(`${other}.test.done`, {})
    await waitFor(() => got.length >= 4 && otherDone)
    expect(got.sort()).toEqual([
      `exact ${tenant}.questionnaire.progress 3`,
      `star ${tenant}.questionnaire.progress`,
      `tail ${tenant}.document.ingested`,
      `tail ${tenant}.questionnaire.progress`,
    ])
  })

  it('delivers asynchronously, in order, with a payload of its own per subscriber', async () => {
    bus = await make()
    const subject = `${t()}.questionnaire.progress`
    const a: number[] = []
    const b: unknown[] = []
    await bus.subscribe(subject, async (_s, p) => {
      p['n'] = -1 // must not leak into the other subscriber's copy
      await sleep(5) // a handler's own work: the next event waits for it
      a.push(a.length)
    })
    await bus.subscribe(subject, (_s, p) => void b.push(p['n']))
    for (let n = 0; n < 5; n++) await bus.publish(subject, { n })
    expect(b).toEqual([]) // nothing runs inside publish
    await waitFor(() => a.length === 5 && b.length === 5)
    expect(b).toEqual([0, 1, 2, 3, 4])
  })

  it('stops delivering after unsubscribe, and survives a failing handler', async () => {
    const errors: unknown[] = []
    const log = silentLogger.child({})
    log.error = ((obj: unknown) => void errors.push(obj)) as Logger['error']
    bus = await make(log)
    const subject = `${t()}.x.y`
    const got: number[] = []
    await bus.subscribe(subject, () => {
      throw new Error('handler bug')
    })
    await bus.subscribe(subject, async () => {
      throw new Error('async handler bug')
    })
    const off = await bus.subscribe(subject, (_s, p) => void got.push(p['n'] as number))
    await expect(bus.publish(subject, { n: 1 })).resolves.toBeUndefined()
    await waitFor(() => got.length === 1 && errors.length === 2)
    await off()
    // A later subscriber on the same subject sees the next event: the removed one had its chance.
    const later: number[] = []
    await bus.subscribe(subject, (_s, p) => void later.push(p['n'] as number))
    await bus.publish(subject, { n: 2 })
    await waitFor(() => later.length === 1 && errors.length === 4)
    expect(later).toEqual([2])
    expect(got).toEqual([1])
    expect(errors).toHaveLength(4)
  })

  it('gives each event to one member of a queue group, and to every plain subscriber', async () => {
    bus = await make()
    const subject = `${t()}.x.y`
    const group: string[] = []
    const plain: number[] = []
    await bus.subscribe(subject, (_s, p) => void group.push(`a${p['n']}`), { queue: 'counters' })
    await bus.subscribe(subject, (_s, p) => void group.push(`b${p['n']}`), { queue: 'counters' })
    await bus.subscribe(subject, (_s, p) => void plain.push(p['n'] as number))
    for (let n = 1; n <= 4; n++) await bus.publish(subject, { n })
    await waitFor(() => plain.length === 4)
    await sleep(100) // a second delivery to the group would have arrived by now
    expect(plain).toEqual([1, 2, 3, 4])
    expect(group.map((g) => Number(g.slice(1))).sort()).toEqual([1, 2, 3, 4])
    await expect(bus.subscribe(subject, () => {}, { queue: 'a.b' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
  })

  it('refuses malformed subjects, patterns and payloads', async () => {
    bus = await make()
    for (const subject of ['', 'a..b', 'a.*', 'a.>', 'a b.c', 'a.b.']) {
      await expect(bus.publish(subject, {})).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    }
    for (const pattern of ['', 'a.>.b', 'a.b*', 'a. b']) {
      await expect(bus.subscribe(pattern, () => {})).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    }
    await expect(bus.publish('a.b', [] as unknown as Record<string, unknown>)).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    await expect(bus.publish('a.b', { n: 1n })).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
  })

  it('drains on close, then refuses to publish; closing twice is harmless', async () => {
    bus = await make()
    const subject = `${t()}.x.y`
    const got: number[] = []
    await bus.subscribe(subject, (_s, p) => void got.push(p['n'] as number))
    await bus.publish(subject, { n: 1 })
    await bus.close()
    expect(got).toEqual([1])
    await expect(bus.publish(subject, { n: 2 })).rejects.toMatchObject({ code: 'UNAVAILABLE' })
    await bus.close()
  })
})

describe('subjectMatches', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.*.c', 'a.b.c', true],
    ['a.*', 'a.b.c', false],
    ['a.*', 'a', false],
    ['*', 'a', true],
    ['*.*', 'a.b', true],
    ['a.>', 'a.b.c', true],
    ['a.>', 'a.b', true],
    ['a.>', 'a', false],
    ['>', 'a', true],
    ['>', 'a.b.c', true],
    ['*.b.>', 'a.b.c.d', true],
    ['*.b.>', 'a.x.c', false],
    ['a.b', 'a.b.c', false],
    ['a.b.c', 'a.b', false],
    ['a.b', 'a.bc', false],
  ])('%s vs %s → %s', (p, s, want) => expect(subjectMatches(p, s)).toBe(want))
})

describe('nats connection errors', () => {
  it('reports an unreachable server as UNAVAILABLE with a clear message', async () => {
    await expect(createBus({ natsUrl: 'nats://user:secret@127.0.0.1:1' })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('cannot connect to NATS at 127.0.0.1:1'),
    })
    await expect(createBus({ natsUrl: 'nats://user:secret@127.0.0.1:1' })).rejects.toThrow(expect.not.stringContaining('secret') as unknown as string)
  })
})

// Only where a NATS server is configured (CI sets NATS_URL), as the suites on real servers do.
if (natsUrl)
  describe('nats subject prefix (BUS_PREFIX)', () => {
    const buses: EventBus[] = []
    afterEach(async () => {
      await Promise.all(buses.splice(0).map((b) => b.close()))
    })

    it('puts the prefix before every subject on the wire; installations with another prefix hear nothing', async () => {
      const run = `p${crypto.randomUUID().slice(0, 8)}`
      const open = async (prefix?: string) => {
        const bus = await createBus({ natsUrl, prefix }, silentLogger)
        buses.push(bus)
        return bus
      }
      const [mine, theirs, raw] = [await open(`${run}.one`), await open(`${run}.two`), await open()]
      const heard: Record<string, string[]> = { mine: [], theirs: [], raw: [] }
      await mine.subscribe('*.questionnaire.>', (subject) => void heard['mine']!.push(subject))
      await theirs.subscribe('*.questionnaire.>', (subject) => void heard['theirs']!.push(subject))
      await raw.subscribe(`${run}.>`, (subject) => void heard['raw']!.push(subject))
      await mine.publish('t1.questionnaire.drafted', { fileId: 'f1' })
      await waitFor(() => heard['mine']!.length === 1 && heard['raw']!.length === 1)
      // The server routed that event when raw heard it; a marker for the other installation, sent
      // after, reaches it behind anything it was (wrongly) sent.
      await raw.publish(`${run}.two.t1.questionnaire.marker`, {})
      await waitFor(() => heard['theirs']!.includes('t1.questionnaire.marker'))
      expect(heard).toEqual({
        mine: ['t1.questionnaire.drafted'],
        theirs: ['t1.questionnaire.marker'],
        raw: [`${run}.one.t1.questionnaire.drafted`, `${run}.two.t1.questionnaire.marker`],
      })
    })

    it('refuses a prefix that is not a subject', async () => {
      await expect(createBus({ natsUrl, prefix: 'a.*' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    })
  })
