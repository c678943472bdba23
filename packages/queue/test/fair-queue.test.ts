import { afterEach, describe, expect, it } from '@jest/globals'
import { silentLogger } from '@portal/observability'
import { Redis } from 'ioredis'
import { fairPriority, MAX_PRIORITY, sizeClass } from '../src/fair.js'
import { createQueue, type JobQueue, type QueueOptions } from '../src/index.js'

// Turns by company, in both adapters: BullMQ where REDIS_URL is set (CI); a random prefix keeps runs apart.
type Make = (opts?: QueueOptions) => Promise<JobQueue>
const redisUrl = process.env['REDIS_URL']
let prefix = ''
const cases: [string, Make][] = [
  ['memory', (opts = {}) => createQueue(opts, silentLogger)],
  ...(redisUrl
    ? [
        [
          'bullmq',
          (opts = {}) => {
            prefix = `test-${crypto.randomUUID().slice(0, 8)}`
            return createQueue({ redisUrl, prefix, ...opts }, silentLogger)
          },
        ] as [string, Make],
      ]
    : []),
]

const MB = 1024 * 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const waitFor = async (cond: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out')
    await sleep(10)
  }
}

describe('fair priority', () => {
  it('puts a later round after every earlier one, smaller sizes first within a round, and stays in BullMQ range', () => {
    expect(fairPriority(2, 0)).toBeGreaterThan(fairPriority(1, 1e15))
    expect(fairPriority(1, 100 * 1024)).toBeLessThan(fairPriority(1, 10 * MB))
    expect(fairPriority(1, 10 * MB)).toBeLessThan(fairPriority(1, undefined)) // no hint: last in its round
    expect(fairPriority(1, 0)).toBe(1)
    expect(fairPriority(1e9, undefined)).toBeLessThanOrEqual(MAX_PRIORITY)
    expect(fairPriority(1e9, undefined)).toBe(fairPriority(1e6, undefined)) // far rounds share the last
    expect(sizeClass(-1)).toBe(sizeClass(Number.NaN))
  })
})

describe.each(cases)('%s queue, turns by company', (_kind, make) => {
  let q: JobQueue
  afterEach(async () => q?.close())
  const qname = () => `q-${crypto.randomUUID().slice(0, 8)}`

  /** Adds `jobs` (company, size) before any worker runs, then runs them one at a time: the order they started. */
  const orderOf = async (jobs: [string, number | undefined][], opts?: QueueOptions) => {
    q = await make(opts)
    const name = qname()
    for (const [i, [company, size]] of jobs.entries())
      await q.add(name, { tag: `${company}${i}` }, { fairKey: company, ...(size === undefined ? {} : { size }) })
    const started: string[] = []
    q.process<{ tag: string }>(name, async (job) => void started.push(job.data.tag), { concurrency: 1 })
    await q.drain(name)
    return started
  }

  it("runs B's one small job before A's twenty large ones queued earlier", async () => {
    const jobs: [string, number][] = [...Array.from({ length: 20 }, (): [string, number] => ['A', 20 * MB]), ['B', 200 * 1024]]
    const started = await orderOf(jobs)
    expect(started).toEqual(['B20', ...Array.from({ length: 20 }, (_, i) => `A${i}`)])
  })

  it('goes round-robin across companies, smaller jobs first within a round', async () => {
    const started = await orderOf([
      ['A', 5],
      ['A', 1],
      ['A', 1],
      ['B', 3],
      ['B', 3],
      ['C', 1],
    ])
    // Round 1: C (size class 1), then A and B (class 2) as they came; round 2: A (1), B (3); round 3: A.
    expect(started).toEqual(['C5', 'A0', 'B3', 'A1', 'B4', 'A2'])
  })

  it('keeps first in, first out with fairness off', async () => {
    const jobs: [string, number][] = [...Array.from({ length: 5 }, (): [string, number] => ['A', 20 * MB]), ['B', 1]]
    expect(await orderOf(jobs, { fair: false })).toEqual(['A0', 'A1', 'A2', 'A3', 'A4', 'B5'])
  })

  it('runs a job that names no company before every turn', async () => {
    q = await make()
    const name = qname()
    await q.add(name, { tag: 'A0' }, { fairKey: 'A', size: 1 })
    await q.add(name, { tag: 'none' })
    const started: string[] = []
    q.process<{ tag: string }>(name, async (job) => void started.push(job.data.tag))
    await q.drain(name)
    expect(started).toEqual(['none', 'A0'])
  })

  it('starts B among the first jobs with two at a time while A has twenty queued', async () => {
    q = await make()
    const name = qname()
    const started: string[] = []
    q.process<{ tag: string }>(
      name,
      async (job) => {
        started.push(job.data.tag)
        await sleep(100)
      },
      { concurrency: 2 },
    )
    for (let i = 0; i < 20; i++) await q.add(name, { tag: `A${i}` }, { fairKey: 'A', size: 20 * MB })
    await q.add(name, { tag: 'B' }, { fairKey: 'B', size: 200 * 1024 })
    const before = started.length
    await waitFor(() => started.includes('B'))
    // A's jobs that started before B arrived (two, or more on a slow machine), and at most one per
    // slot taken just then, go first; then B, however many of A's wait.
    expect(started.indexOf('B')).toBeLessThanOrEqual(before + 2)
    expect(started.indexOf('B')).toBeLessThan(10)
    await q.drain(name)
    expect(started).toHaveLength(21)
  })

  it("frees a company's round when its jobs finish, fail for good, or are retried and succeed", async () => {
    q = await make()
    const name = qname()
    const started: string[] = []
    let open!: () => void
    const gate = new Promise<void>((r) => (open = r))
    q.process<{ tag: string; fail?: string }>(name, async (job) => {
      started.push(job.data.tag)
      if (job.data.tag === 'gate') await gate
      if (job.data.fail === 'always') throw new Error('bad')
      if (job.data.fail === 'once' && job.attempt === 1) throw new Error('flaky')
    })
    await q.add(name, { tag: 'A0' }, { fairKey: 'A', size: 1 })
    await q.add(name, { tag: 'A1', fail: 'always' }, { fairKey: 'A', size: 1, attempts: 2, backoffMs: 10 })
    await q.add(name, { tag: 'A2', fail: 'once' }, { fairKey: 'A', size: 1, attempts: 2, backoffMs: 10 })
    await q.drain(name)
    expect([...started].sort()).toEqual(['A0', 'A1', 'A1', 'A2', 'A2'])
    // A has nothing in flight now: its next job is in round 1 again, with B's, first come first.
    // A job of no company holds the one slot while both are added.
    started.length = 0
    await q.add(name, { tag: 'gate' })
    await waitFor(() => started.includes('gate'))
    await q.add(name, { tag: 'A' }, { fairKey: 'A', size: 1 })
    await q.add(name, { tag: 'B' }, { fairKey: 'B', size: 1 })
    open()
    await q.drain(name)
    expect(started).toEqual(['gate', 'A', 'B'])
  })

  it('counts a job added twice under one id once', async () => {
    q = await make()
    const name = qname()
    await q.add(name, { tag: 'A0' }, { fairKey: 'A', size: 1, jobId: 'same' })
    await q.add(name, { tag: 'A0' }, { fairKey: 'A', size: 1, jobId: 'same' })
    await q.add(name, { tag: 'B0' }, { fairKey: 'B', size: 1 })
    await q.add(name, { tag: 'A1' }, { fairKey: 'A', size: 1 })
    const started: string[] = []
    q.process<{ tag: string }>(name, async (job) => void started.push(job.data.tag))
    await q.drain(name)
    expect(started).toEqual(['A0', 'B0', 'A1'])
  })

  it('refuses a company key that cannot be part of a Redis key', async () => {
    q = await make()
    await expect(q.add(qname(), {}, { fairKey: 'a:b' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
  })
})

describe.each(cases.filter(([kind]) => kind === 'bullmq'))('%s queue, company counts in Redis', (_kind, make) => {
  let q: JobQueue
  let redis: Redis | undefined
  afterEach(async () => {
    await q?.close()
    await redis?.quit()
  })

  it('drops what a dead worker or a lost add left in a company count, and lets the count expire', async () => {
    q = await make()
    const name = `q-${crypto.randomUUID().slice(0, 8)}`
    redis = new Redis(redisUrl!)
    const setKey = `${prefix}:${name}:fair:A`
    // Two ids of A that never became jobs (their adds died) an hour ago: not A's jobs in flight.
    await redis.zadd(setKey, Date.now() - 3600_000, 'ghost-1', Date.now() - 3600_000, 'ghost-2')
    await q.add(name, { tag: 'B0' }, { fairKey: 'B', size: 1 })
    await q.add(name, { tag: 'A0' }, { fairKey: 'A', size: 1 })
    const started: string[] = []
    q.process<{ tag: string }>(name, async (job) => void started.push(job.data.tag))
    await q.drain(name)
    expect(started).toEqual(['B0', 'A0']) // same round: as they came
    expect(await redis.zrange(setKey, '0', '-1')).toHaveLength(1) // A0's id: the ghosts were dropped when it was added
    expect(await redis.ttl(setKey)).toBeGreaterThan(24 * 3600)
  })
})
