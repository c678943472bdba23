// The in-process queue of the embedded portal: the same retry, backoff and dedup rules as the
// BullMQ adapter, without Redis. Jobs do not survive a restart; job state lives in Postgres, and
// services re-queue unfinished rows at start-up.
import { AppError } from '@portal/errors'
import type { Logger, TraceCarrier } from '@portal/observability'
import { checkFairKey, fairPriority } from './fair.js'
import { consuming, countFailure, producing } from './observe.js'
import {
  checkQueueName,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  isUnrecoverable,
  type JobContext,
  JobNotReadyError,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  normalizeJobId,
  type QueueOptions,
  within,
} from './types.js'

interface Pending {
  id: string
  /** JSON, parsed afresh for each attempt as BullMQ reads it back from Redis. */
  json: string
  attempt: number
  opts: Required<Pick<JobOptions, 'attempts' | 'backoffMs'>>
  /** Trace context of the code that added it (tracing on only). */
  carrier: TraceCarrier | undefined
  /** Its company's turn (fair.ts); 0: no company, before every turn. Lower runs first. */
  priority: number
  /** Order of arrival within a priority (a retry arrives anew, as in BullMQ). */
  seq: number
  fairKey: string | undefined
}

interface Lane {
  /** By priority, then arrival. */
  waiting: Pending[]
  /** Each company's jobs waiting, delayed or running: its next job's round. */
  companies: Map<string, Set<string>>
  running: number
  delayed: number
  handler?: JobHandler<unknown>
  concurrency: number
  ids: Set<string>
  idle: (() => void)[]
}

export function createMemoryQueue(log?: Logger, queueOpts: QueueOptions = {}): JobQueue {
  const fair = queueOpts.fair ?? true
  const lanes = new Map<string, Lane>()
  let seq = 0
  const timers = new Set<NodeJS.Timeout>()
  const inFlight = new Set<Promise<void>>()
  let closed = false

  const lane = (name: string): Lane => {
    let l = lanes.get(name)
    if (!l) {
      l = { waiting: [], companies: new Map(), running: 0, delayed: 0, concurrency: 1, ids: new Set(), idle: [] }
      lanes.set(name, l)
    }
    return l
  }

  // Binary search for the first job that runs after this one: the waiting list stays in order.
  const enqueue = (l: Lane, job: Pending) => {
    let lo = 0
    let hi = l.waiting.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const w = l.waiting[mid]!
      if (w.priority < job.priority || (w.priority === job.priority && w.seq < job.seq)) lo = mid + 1
      else hi = mid
    }
    l.waiting.splice(lo, 0, job)
  }

  /** The job is done for good (completed, failed its last attempt, dropped at close). */
  const finish = (l: Lane, job: Pending) => {
    l.ids.delete(job.id)
    if (job.fairKey === undefined) return
    const mine = l.companies.get(job.fairKey)
    mine?.delete(job.id)
    if (mine?.size === 0) l.companies.delete(job.fairKey)
  }

  const settleIdle = (l: Lane) => {
    if (l.waiting.length === 0 && l.running === 0 && l.delayed === 0) for (const r of l.idle.splice(0)) r()
  }

  const pump = (name: string) => {
    const l = lane(name)
    while (!closed && l.handler && l.running < l.concurrency && l.waiting.length) {
      const job = l.waiting.shift()!
      l.running++
      const run = runJob(name, l, job).finally(() => {
        inFlight.delete(run)
        l.running--
        pump(name)
        settleIdle(l)
      })
      inFlight.add(run)
    }
  }

  const runJob = async (name: string, l: Lane, job: Pending) => {
    const ctx: JobContext<unknown> = { id: job.id, queue: name, data: JSON.parse(job.json) as unknown, attempt: job.attempt, progress: async () => {} }
    try {
      await consuming('memory', name, { id: job.id, data: ctx.data, carrier: job.carrier }, () => l.handler!(ctx))
      finish(l, job)
    } catch (err) {
      const retry = !isUnrecoverable(err) && job.attempt < job.opts.attempts && !closed
      countFailure(name, err, !retry)
      if (retry) {
        const delay = job.opts.backoffMs * 2 ** (job.attempt - 1)
        if (err instanceof JobNotReadyError) log?.info({ queue: name, jobId: job.id, attempt: job.attempt, reason: err.message }, 'job not ready, will retry')
        else log?.warn({ err, queue: name, jobId: job.id, attempt: job.attempt }, 'job failed, will retry')
        l.delayed++
        const t = setTimeout(() => {
          timers.delete(t)
          l.delayed--
          enqueue(l, { ...job, attempt: job.attempt + 1, seq: ++seq })
          pump(name)
          settleIdle(l)
        }, delay)
        t.unref()
        timers.add(t)
      } else {
        finish(l, job)
        log?.error({ err, queue: name, jobId: job.id, attempt: job.attempt }, 'job failed')
      }
    }
  }

  return {
    kind: 'memory',
    healthy: async () => !closed,
    async add(name, data, opts = {}) {
      if (closed) throw new AppError('UNAVAILABLE', { message: 'Queue closed' })
      const l = lane(checkQueueName(name))
      const id = opts.jobId ? normalizeJobId(opts.jobId) : crypto.randomUUID()
      if (l.ids.has(id)) return id
      // Stored as JSON, as Redis would: the handler never shares objects with the caller, and data
      // that would not survive BullMQ (Dates, Buffers, functions) behaves the same here.
      const json = JSON.stringify(data)
      const fairKey = fair && opts.fairKey !== undefined ? checkFairKey(opts.fairKey) : undefined
      return producing('memory', name, async (carrier) => {
        l.ids.add(id)
        let priority = 0
        if (fairKey !== undefined) {
          const mine = l.companies.get(fairKey) ?? new Set<string>()
          l.companies.set(fairKey, mine.add(id))
          priority = fairPriority(mine.size, opts.size)
        }
        enqueue(l, {
          id,
          json,
          attempt: 1,
          opts: { attempts: Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS), backoffMs: opts.backoffMs ?? DEFAULT_BACKOFF_MS },
          carrier,
          priority,
          seq: ++seq,
          fairKey,
        })
        queueMicrotask(() => pump(name))
        return id
      })
    },
    async counts() {
      const out: Record<string, { waiting: number; active: number; delayed: number }> = {}
      for (const [name, l] of lanes) out[name] = { waiting: l.waiting.length, active: l.running, delayed: l.delayed }
      return out
    },
    process(name, handler, opts = {}) {
      const l = lane(checkQueueName(name))
      l.handler = handler as JobHandler<unknown>
      l.concurrency = Math.max(1, opts.concurrency ?? 1)
      queueMicrotask(() => pump(name))
    },
    drain(name, timeoutMs = 30_000) {
      const l = lane(name)
      return new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`queue ${name} not drained within ${timeoutMs} ms`)), timeoutMs)
        t.unref()
        l.idle.push(() => {
          clearTimeout(t)
          resolve()
        })
        settleIdle(l)
      })
    },
    async close(opts = {}) {
      closed = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
      // A job still running after the drain time is abandoned with the process: its row's lease runs out.
      if (!(await within(Promise.allSettled([...inFlight]), opts.drainMs))) log?.warn({ drainMs: opts.drainMs }, 'jobs still running at shutdown')
      // Jobs that will now never run must not keep a drain() waiting until its timeout.
      for (const l of lanes.values()) {
        l.waiting.length = 0
        l.companies.clear()
        l.delayed = 0
        settleIdle(l)
      }
    },
  }
}
