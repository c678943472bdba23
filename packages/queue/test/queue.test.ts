import { afterEach, describe, expect, it } from '@jest/globals'
import { AppError } from '@portal/errors'
import { createBullmqQueue, createMemoryQueue, type JobQueue, UnrecoverableJobError } from '../src/index.js'

const cases: [string, () => JobQueue][] = [
  ['memory', () => createMemoryQueue()],
  ...(process.env['REDIS_URL']
    ? [['bullmq', () => createBullmqQueue({ redisUrl: process.env['REDIS_URL']!, prefix: `test-${crypto.randomUUID().slice(0, 8)}` })] as [string, () => JobQueue]]
    : []),
]

describe.each(cases)('%s queue', (_name, make) => {
  let q: JobQueue
  afterEach(async () => q?.close())
  const qname = () => `q-${crypto.randomUUID().slice(0, 8)}`

  it('runs a job once with its data', async () => {
    q = make()
    const name = qname()
    const seen: unknown[] = []
    q.process<{ n: number }>(name, async (job) => {
      seen.push(job.data)
      await job.progress(50)
    })
    await q.add(name, { n: 1 })
    await new Promise((r) => setTimeout(r, 20))
    await q.drain(name)
    expect(seen).toEqual([{ n: 1 }])
  })

  it('retries a flaky job with backoff, then succeeds', async () => {
    q = make()
    const name = qname()
    const attempts: number[] = []
    q.process(name, async (job) => {
      attempts.push(job.attempt)
      if (job.attempt < 3) throw new Error('flaky')
    })
    await q.add(name, { x: 1 }, { attempts: 3, backoffMs: 10 })
    await new Promise((r) => setTimeout(r, 20))
    await q.drain(name)
    expect(attempts).toEqual([1, 2, 3])
  })

  it('does not retry unrecoverable failures', async () => {
    q = make()
    const name = qname()
    let runs = 0
    q.process<{ kind: string }>(name, async (job) => {
      runs++
      if (job.data.kind === 'bad') throw new UnrecoverableJobError('bad payload')
      throw new AppError('NOT_FOUND', { message: 'not this tenant' })
    })
    await q.add(name, { kind: 'bad' }, { attempts: 3, backoffMs: 10 })
    await q.add(name, { kind: 'foreign' }, { attempts: 3, backoffMs: 10 })
    await new Promise((r) => setTimeout(r, 20))
    await q.drain(name)
    expect(runs).toBe(2)
  })

  it('deduplicates by job id', async () => {
    q = make()
    const name = qname()
    let runs = 0
    const gate = new Promise((r) => setTimeout(r, 100))
    q.process(name, async () => {
      runs++
      await gate
    })
    const a = await q.add(name, { x: 1 }, { jobId: 'draft:t1:q1' })
    const b = await q.add(name, { x: 1 }, { jobId: 'draft:t1:q1' })
    expect(a).toBe(b)
    await new Promise((r) => setTimeout(r, 20))
    await q.drain(name)
    expect(runs).toBe(1)
  })

  it('honours concurrency and waits for running jobs on close', async () => {
    q = make()
    const name = qname()
    let running = 0
    let peak = 0
    let finished = 0
    q.process(name, async () => {
      running++
      peak = Math.max(peak, running)
      await new Promise((r) => setTimeout(r, 50))
      running--
      finished++
    }, { concurrency: 2 })
    for (let i = 0; i < 4; i++) await q.add(name, { i })
    await new Promise((r) => setTimeout(r, 30))
    await q.drain(name)
    expect(peak).toBe(2)
    expect(finished).toBe(4)
    await q.add(name, { i: 5 })
    await new Promise((r) => setTimeout(r, 20))
    await q.close()
    expect(finished).toBe(5)
  })
})
