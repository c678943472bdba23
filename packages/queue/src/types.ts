import { AppError, unrecoverableCodes } from '@portal/errors'

export interface JobOptions {
  /** Same id while the job exists = no duplicate. */
  jobId?: string
  /** Default 3. */
  attempts?: number
  /** First retry delay, doubled each time. Default 1000 ms. */
  backoffMs?: number
  /**
   * The company the job works for (its tenant id): jobs of one queue take turns by company (fair.ts).
   * None: the job goes before every company's turn.
   */
  fairKey?: string
  /** How big the job is (bytes, pages, questions: one unit per queue): smaller first within a round. */
  size?: number
}

/** How a queue is made. */
export interface QueueOptions {
  /** Take turns by company (JobOptions.fairKey); false: first in, first out (default true). */
  fair?: boolean
}

export interface JobContext<T> {
  id: string
  queue: string
  data: T
  /** 1-based. */
  attempt: number
  progress(value: number | object): Promise<void>
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<unknown>

export interface JobQueue {
  readonly kind: 'memory' | 'bullmq'
  add<T extends object>(queue: string, data: T, opts?: JobOptions): Promise<string>
  process<T>(queue: string, handler: JobHandler<T>, opts?: { concurrency?: number }): void
  /** Resolves when no job of the queue is waiting or running. */
  drain(queue: string, timeoutMs?: number): Promise<void>
  /**
   * Stops taking jobs, waits for running ones (at most `drainMs`, default without end), closes
   * connections. A job still running after `drainMs` is left to the queue's redelivery (BullMQ: a
   * stalled job) and its row's lease to run out: the sweep takes it again.
   */
  close(opts?: { drainMs?: number }): Promise<void>
  /** The queue's server answers now (for /readyz); false when it is away or the queue is closed. */
  healthy(): Promise<boolean>
  /** Jobs of each queue this process added to or works on, by state (queue depth for /metrics). */
  counts(): Promise<Record<string, { waiting: number; active: number; delayed: number }>>
}

/** Thrown by a handler when a retry cannot help (bad payload, foreign tenant, unreadable file). */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError'
}

/**
 * Thrown by a handler whose job has to wait for other work (documents still being read): not a
 * failure. It is retried with the usual backoff and logged as information; only running out of
 * attempts is an error.
 */
export class JobNotReadyError extends Error {
  override name = 'JobNotReadyError'
}

export function isUnrecoverable(err: unknown): boolean {
  return err instanceof UnrecoverableJobError || (err instanceof AppError && unrecoverableCodes.has(err.code))
}

/** Resolves when `work` ends or after `ms` (undefined: no limit), saying whether it ended. */
export async function within(work: Promise<unknown>, ms: number | undefined): Promise<boolean> {
  if (ms === undefined) return work.then(() => true)
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([work.then(() => true), timeout])
  } finally {
    clearTimeout(timer)
  }
}

export const DEFAULT_ATTEMPTS = 3
export const DEFAULT_BACKOFF_MS = 1000

/** Queue names become Redis key parts: BullMQ refuses ':' in them, so both adapters do. */
export function checkQueueName(name: string): string {
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) throw new AppError('INVALID_REQUEST', { message: `Invalid queue name: ${name}` })
  return name
}

/**
 * Custom job ids as both adapters store them: BullMQ reserves ':' (its key separator) and treats
 * all-digit ids as its own counters, so ':' becomes '-' and digits get a prefix.
 */
export function normalizeJobId(id: string): string {
  if (!id || id.length > 200) throw new AppError('INVALID_REQUEST', { message: 'Invalid job id' })
  const clean = id.replace(/:/g, '-')
  return /^\d+$/.test(clean) ? `j-${clean}` : clean
}
