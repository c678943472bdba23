// BullMQ over Redis. Workers hold blocking connections (maxRetriesPerRequest: null); producers
// fail fast (enableOfflineQueue: false) so a Redis outage answers 503 instead of hanging.
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { checkFairKey, fairPriority } from './fair.js'
import { companyRound } from './fair-redis.js'
import { carrierFromString, carrierToString, consuming, countFailure, producing } from './observe.js'
import {
  checkQueueName,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  isUnrecoverable,
  type JobHandler,
  JobNotReadyError,
  type JobQueue,
  normalizeJobId,
  type QueueOptions,
  within,
} from './types.js'

const unavailable = (cause?: unknown) => new AppError('UNAVAILABLE', { message: 'Queue unavailable', cause })

export function createBullmqQueue(cfg: { redisUrl: string; prefix?: string } & QueueOptions, log?: Logger): JobQueue {
  const prefix = cfg.prefix ?? 'portal'
  const fair = cfg.fair ?? true
  const producer = new Redis(cfg.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
  producer.on('error', (err) => log?.warn({ err }, 'redis (producer) error'))
  const queues = new Map<string, Queue>()
  /** Queues this process added to or works on: the ones whose depth it reports. */
  const known = new Set<string>()
  const workers: Worker[] = []
  const connections: Redis[] = [producer]
  let closed = false

  const queueFor = (name: string) => {
    let q = queues.get(name)
    if (!q) {
      q = new Queue(name, { connection: producer, prefix })
      q.on('error', (err) => log?.warn({ err, queue: name }, 'queue error'))
      queues.set(name, q)
    }
    return q
  }

  // With the offline queue off, a command sent before the first connect fails: wait for it briefly.
  const ready = async () => {
    if (producer.status === 'ready') return
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        clearTimeout(timer)
        producer.off('ready', onReady)
        if (err) reject(err)
        else resolve()
      }
      const onReady = () => done()
      const timer = setTimeout(() => done(unavailable()), 5000)
      producer.on('ready', onReady)
    })
  }

  // A finished job keeps its id until removeOnComplete/removeOnFail prune it; adding the same id
  // then would silently do nothing. Dedup is meant for jobs still waiting or running (as in the
  // memory adapter), so a finished one is removed first and the new job really runs.
  const removeIfFinished = async (q: Queue, jobId: string) => {
    const existing = await q.getJob(jobId)
    if (!existing) return
    const state = await existing.getState()
    if (state === 'completed' || state === 'failed') await existing.remove().catch(() => undefined)
  }

  return {
    kind: 'bullmq',
    // The producer's connection (no offline queue): a ping that fails or takes over 2 s is "away".
    healthy: async () =>
      !closed &&
      (await Promise.race([
        producer.ping().then(
          (r) => r === 'PONG',
          () => false,
        ),
        new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref()),
      ])),
    async add(name, data, opts = {}) {
      if (closed) throw new AppError('UNAVAILABLE', { message: 'Queue closed' })
      const q = queueFor(checkQueueName(name))
      known.add(name)
      const fairKey = fair && opts.fairKey !== undefined ? checkFairKey(opts.fairKey) : undefined
      // A company's job is counted in its set by id, so it gets one before it is added.
      const jobId = opts.jobId ? normalizeJobId(opts.jobId) : fairKey !== undefined ? crypto.randomUUID() : undefined
      await ready()
      return producing('bullmq', name, async (carrier) => {
        try {
          if (jobId) await removeIfFinished(q, jobId)
          const round = fairKey !== undefined && jobId ? await companyRound(producer, `${q.toKey('fair')}:${fairKey}`, q.toKey(''), jobId) : 0
          const metadata = carrierToString(carrier)
          const job = await q.add(name, data, {
            ...(jobId ? { jobId } : {}),
            // Priority 0 (none) for a job without a company: BullMQ takes those before prioritized ones.
            ...(round ? { priority: fairPriority(round, opts.size) } : {}),
            attempts: Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS),
            backoff: { type: 'exponential', delay: opts.backoffMs ?? DEFAULT_BACKOFF_MS },
            removeOnComplete: { age: 3600, count: 1000 },
            removeOnFail: { age: 7 * 24 * 3600 },
            // BullMQ keeps this with the job (its own telemetry's slot; we run none of it).
            ...(metadata ? { telemetry: { metadata } } : {}),
          })
          return job.id!
        } catch (err) {
          throw unavailable(err)
        }
      })
    },
    async counts() {
      const out: Record<string, { waiting: number; active: number; delayed: number }> = {}
      if (closed) return out
      await Promise.all(
        [...known].map(async (name) => {
          const c = await queueFor(name).getJobCounts('waiting', 'prioritized', 'active', 'delayed')
          out[name] = { waiting: (c['waiting'] ?? 0) + (c['prioritized'] ?? 0), active: c['active'] ?? 0, delayed: c['delayed'] ?? 0 }
        }),
      )
      return out
    },
    process(name, handler, opts = {}) {
      checkQueueName(name)
      known.add(name)
      const connection = new Redis(cfg.redisUrl, { maxRetriesPerRequest: null })
      connection.on('error', (err) => log?.warn({ err }, 'redis (worker) error'))
      connections.push(connection)
      const worker = new Worker(
        name,
        async (job: Job) => {
          try {
            return await consuming('bullmq', name, { id: job.id!, data: job.data, carrier: carrierFromString(job.opts.telemetry?.metadata) }, () =>
              (handler as JobHandler<unknown>)({
                id: job.id!,
                queue: name,
                data: job.data,
                attempt: job.attemptsMade + 1,
                progress: (value) => job.updateProgress(value),
              }),
            )
          } catch (err) {
            if (isUnrecoverable(err)) throw new UnrecoverableError((err as Error).message)
            throw err
          }
        },
        { connection, prefix, concurrency: Math.max(1, opts.concurrency ?? 1) },
      )
      worker.on('error', (err) => log?.warn({ err, queue: name }, 'worker error'))
      worker.on('failed', (job, err) => {
        const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError
        countFailure(name, err, final)
        if (final) log?.error({ err, queue: name, jobId: job?.id }, 'job failed')
        else if (err instanceof JobNotReadyError)
          log?.info({ queue: name, jobId: job?.id, attempt: job?.attemptsMade, reason: err.message }, 'job not ready, will retry')
        else log?.warn({ err, queue: name, jobId: job?.id, attempt: job?.attemptsMade }, 'job failed, will retry')
      })
      workers.push(worker)
    },
    async drain(name, timeoutMs = 30_000) {
      const q = queueFor(name)
      const until = Date.now() + timeoutMs
      for (;;) {
        const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')
        if (Object.values(counts).every((n) => n === 0)) return
        if (Date.now() > until) throw new Error(`queue ${name} not drained within ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    async close(opts = {}) {
      if (closed) return
      closed = true
      // No new jobs; running ones finish within the drain time; past it the workers stop without
      // them (BullMQ hands a stalled job to another worker). Pausing waits; a second close would not.
      if (!(await within(Promise.all(workers.map((w) => w.pause())), opts.drainMs))) {
        log?.warn({ drainMs: opts.drainMs }, 'jobs still running at shutdown: left for redelivery')
      }
      await Promise.all(workers.map((w) => w.close(true)))
      await Promise.all([...queues.values()].map((q) => q.close()))
      // BullMQ leaves connections it was given open: close ours.
      await Promise.all(connections.map((c) => c.quit().catch(() => c.disconnect())))
    },
  }
}
