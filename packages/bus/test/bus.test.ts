import { afterEach, describe, expect, it } from '@jest/globals'
import { createMemoryBus, createNatsBus, type EventBus, subjectMatches } from '../src/index.js'

const cases: [string, () => Promise<EventBus>][] = [
  ['memory', async () => createMemoryBus()],
  ...(process.env['NATS_URL'] ? [['nats', () => createNatsBus(process.env['NATS_URL']!)] as [string, () => Promise<EventBus>]] : []),
]

const waitFor = async (cond: () => boolean, ms = 2000) => {
  const until = Date.now() + ms
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe.each(cases)('%s bus', (_name, make) => {
  let bus: EventBus
  afterEach(async () => bus?.close())
  const t = () => `t${crypto.randomUUID().slice(0, 8)}`

  it('delivers exact and wildcard subscriptions', async () => {
    bus = await make()
    const tenant = t()
    const got: string[] = []
    await bus.subscribe(`${tenant}.questionnaire.progress`, (s, p) => void got.push(`exact ${s} ${p['n']}`))
    await bus.subscribe(`${tenant}.*.progress`, (s) => void got.push(`star ${s}`))
    await bus.subscribe(`${tenant}.>`, (s) => void got.push(`tail ${s}`))
    await new Promise((r) => setTimeout(r, 50))
    await bus.publish(`${tenant}.questionnaire.progress`, { n: 3 })
    await bus.publish(`${tenant}.document.ingested`, { id: 'd1' })
    await waitFor(() => got.length === 4)
    expect(got.sort()).toEqual([
      `exact ${tenant}.questionnaire.progress 3`,
      `star ${tenant}.questionnaire.progress`,
      `tail ${tenant}.document.ingested`,
      `tail ${tenant}.questionnaire.progress`,
    ])
  })

  it('stops delivering after unsubscribe, and survives a failing handler', async () => {
    bus = await make()
    const subject = `${t()}.x.y`
    const got: number[] = []
    await bus.subscribe(subject, () => {
      throw new Error('handler bug')
    })
    const off = await bus.subscribe(subject, (_s, p) => void got.push(p['n'] as number))
    await new Promise((r) => setTimeout(r, 50))
    await bus.publish(subject, { n: 1 })
    await waitFor(() => got.length === 1)
    await off()
    await bus.publish(subject, { n: 2 })
    await new Promise((r) => setTimeout(r, 100))
    expect(got).toEqual([1])
  })
})

describe('subjectMatches', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.*.c', 'a.b.c', true],
    ['a.*', 'a.b.c', false],
    ['a.>', 'a.b.c', true],
    ['a.>', 'a', false],
    ['>', 'a', true],
    ['a.b', 'a.b.c', false],
    ['a.b.c', 'a.b', false],
  ])('%s vs %s → %s', (p, s, want) => expect(subjectMatches(p, s)).toBe(want))
})

describe('nats connection errors', () => {
  it('reports an unreachable server as UNAVAILABLE', async () => {
    await expect(createNatsBus('nats://127.0.0.1:1')).rejects.toMatchObject({ code: 'UNAVAILABLE' })
  })
})
