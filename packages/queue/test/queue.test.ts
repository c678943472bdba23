import { afterEach, describe, expect, it } from '@jest/globals'
import { AppError } from '@portal/errors'
import { type Logger, silentLogger } from '@portal/observability'
import { createQueue, JobNotReadyError, type JobQueue, UnrecoverableJobError, withLease } from '../src/index.js'

type Make = (log?: Logger) => Promise<JobQueue>
// Redis-backed cases only where REDIS_URL is set (CI); a random prefix keeps runs apart.
const redisUrl = process.env['REDIS_URL']
const cases: [string, Make][] = [
  ['memory', (log = silentLogger) => createQueue({}, log)],
  ...(redisUrl
    ? [['bullmq', (log = silentLogger) => createQueue({ redisUrl, prefix: `test-${crypto.randomUUID().slice(0, 8)}` }, log)] as [string, Make]]
    : []),
]

// Tests wait on what the queue reports (drain, a handler's own record), never for a fixed time;
// the sleeps left are inside handlers, standing for the work a job does.
const waitFor = async (cond: () => boolean, ms = 5000) => {
  const until = Date.now() + ms
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** A logger that counts warn/error calls: failures must be logged once each. */
function countingLogger() {
  const calls = { info: 0, warn: 0, error: 0 }
  const log = silentLogger.child({})
  log.info = ((..._args: unknown[]) => void calls.info++) as Logger['info']
  log.warn = ((..._args: unknown[]) => void calls.warn++) as Logger['warn']
  log.error = ((..._args: unknown[]) => void calls.error++) as Logger['error']
  return { log, calls }
}

describe.each(cases)('%s queue', (kind, make) => {
  let q: JobQueue
  afterEach(async () => q?.close())
  const qname = () => `q-${crypto.randomUUID().slice(0, 8)}`

  it('runs a job once with its data', async () => {
    q = await make()
    expect(q.kind).toBe(kind)
    const name = qname()
    const seen: unknown[] = []
    q.process<{ n: number }>(name, async (job) => {
      seen.push(job.data)
      await job.progress(50)
    })
    await q.add(name, { n: 1 })
    await q.drain(name)
    expect(seen).toEqual([{ n: 1 }])
  })

  it('passes id, queue name and 1-based attempt; progress accepts numbers and objects', async () => {
    q = await make()
    const name = qname()
    const seen: unknown[] = []
    q.process(name, async (job) => {
      await job.progress(10)
      await job.progress({ done: 1, total: 2 })
      seen.push({ id: job.id, queue: job.queue, attempt: job.attempt })
    })
    const id = await q.add(name, { n: 1 })
    await q.drain(name)
    expect(seen).toEqual([{ id, queue: name, attempt: 1 }])
  })

  it('retries a flaky job with backoff, then succeeds', async () => {
    q = await make()
    const name = qname()
    const attempts: number[] = []
    q.process(name, async (job) => {
      attempts.push(job.attempt)
      if (job.attempt < 3) throw new Error('flaky')
    })
    await q.add(name, { x: 1 }, { attempts: 3, backoffMs: 10 })
    await q.drain(name)
    expect(attempts).toEqual([1, 2, 3])
  })

  it('logs a retry as a warning and the final failure as an error, once each', async () => {
    const { log, calls } = countingLogger()
    q = await make(log)
    const name = qname()
    let runs = 0
    q.process(name, async () => {
      runs++
      throw new Error('always')
    })
    await q.add(name, { x: 1 }, { attempts: 2, backoffMs: 10 })
    await q.drain(name)
    await waitFor(() => calls.error === 1) // BullMQ emits 'failed' just after the counts change
    expect(runs).toBe(2)
    expect(calls).toEqual({ info: 0, warn: 1, error: 1 })
  })

  it('retries a job that is not ready yet, logging the waits as information', async () => {
    const { log, calls } = countingLogger()
    q = await make(log)
    const name = qname()
    const attempts: number[] = []
    q.process(name, async (job) => {
      attempts.push(job.attempt)
      if (job.attempt < 3) throw new JobNotReadyError('waiting for documents')
    })
    await q.add(name, { x: 1 }, { attempts: 5, backoffMs: 10 })
    await q.drain(name)
    await waitFor(() => calls.info === 2)
    expect(attempts).toEqual([1, 2, 3])
    expect(calls).toEqual({ info: 2, warn: 0, error: 0 })
  })

  it('does not retry unrecoverable failures', async () => {
    q = await make()
    const name = qname()
    let runs = 0
    q.process<{ kind: string }>(name, async (job) => {
      runs++
      if (job.data.kind === 'bad') throw new UnrecoverableJobError('bad payload')
      throw new AppError('NOT_FOUND', { message: 'not this tenant' })
    })
    await q.add(name, { kind: 'bad' }, { attempts: 3, backoffMs: 10 })
    await q.add(name, { kind: 'foreign' }, { attempts: 3, backoffMs: 10 })
    await q.drain(name)
    expect(runs).toBe(2)
  })

  it('deduplicates by job id', async () => {
    q = await make()
    const name = qname()
    let runs = 0
    // The first run holds until both adds are in, so the second meets it still queued or running.
    let open!: () => void
    const gate = new Promise<void>((r) => (open = r))
    q.process(name, async () => {
      runs++
      await gate
    })
    const a = await q.add(name, { x: 1 }, { jobId: 'draft:t1:q1' })
    const b = await q.add(name, { x: 1 }, { jobId: 'draft:t1:q1' })
    expect(a).toBe(b)
    expect(a).toBe('draft-t1-q1') // ':' is BullMQ's key separator, so both adapters replace it
    open()
    await q.drain(name)
    expect(runs).toBe(1)
    // Once the job has finished, the same id queues a new run.
    await q.add(name, { x: 2 }, { jobId: 'draft:t1:q1' })
    await q.drain(name)
    expect(runs).toBe(2)
  })

  it('refuses queue names BullMQ cannot store, and jobs after close', async () => {
    q = await make()
    await expect(q.add('a:b', {})).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    expect(() => q.process('', async () => {})).toThrow('Invalid queue name')
    await q.close()
    await expect(q.add(qname(), {})).rejects.toMatchObject({ code: 'UNAVAILABLE' })
  })

  it('honours concurrency and waits for running jobs on close', async () => {
    q = await make()
    const name = qname()
    let running = 0
    let peak = 0
    let finished = 0
    q.process(
      name,
      async () => {
        running++
        peak = Math.max(peak, running)
        await new Promise((r) => setTimeout(r, 50))
        running--
        finished++
      },
      { concurrency: 2 },
    )
    for (let i = 0; i < 4; i++) await q.add(name, { i })
    await q.drain(name)
    expect(peak).toBe(2)
    expect(finished).toBe(4)
    await q.add(name, { i: 5 })
    await waitFor(() => running === 1)
    await q.close()
    expect(finished).toBe(5)
  })

  it('stops waiting for a running job after the drain time (it is left for redelivery)', async () => {
    q = await make()
    const name = qname()
    let started = false
    q.process(name, async () => {
      started = true
      await new Promise((r) => setTimeout(r, 5000))
    })
    await q.add(name, {})
    await waitFor(() => started)
    const t0 = Date.now()
    await q.close({ drainMs: 200 })
    expect(Date.now() - t0).toBeLessThan(3000)
  })
})

describe('withLease', () => {
  it('renews every third of the lease while the work runs, and reports a lost lease once', async () => {
    let renewals = 0
    let lost = 0
    const result = await withLease(
      async () => ++renewals < 3,
      async () => {
        await new Promise((r) => setTimeout(r, 450))
        return 'done'
      },
      { leaseMs: 90, onLost: () => void lost++ },
    )
    expect(result).toBe('done')
    expect(renewals).toBeGreaterThanOrEqual(3)
    expect(lost).toBe(1)
    const after = renewals
    await new Promise((r) => setTimeout(r, 100))
    expect(renewals).toBe(after) // no renewal once the work has ended
  })
})
