// Background jobs: in-process for the embedded portal, BullMQ on Redis when REDIS_URL is set.
import type { Logger } from '@portal/observability'
import type { Redis } from 'ioredis'
import { createMemoryQueue } from './memory-queue.js'
import type { JobQueue, QueueOptions } from './types.js'

export { createMemoryQueue } from './memory-queue.js'
export { LEASE_MS, withLease } from './lease.js'
export { fairPriority, MAX_PRIORITY } from './fair.js'
export {
  isUnrecoverable,
  type JobContext,
  type JobHandler,
  JobNotReadyError,
  type JobOptions,
  type JobQueue,
  type QueueOptions,
  UnrecoverableJobError,
} from './types.js'

// BullMQ and ioredis are loaded only where Redis is used (about 40 MB resident): the embedded portal never does.
// Jobs that name their company take turns by company (fair.ts) unless `fair` is false.
export async function createQueue(cfg: { redisUrl?: string | undefined; prefix?: string } & QueueOptions, log?: Logger): Promise<JobQueue> {
  const opts: QueueOptions = cfg.fair === undefined ? {} : { fair: cfg.fair }
  if (!cfg.redisUrl) return createMemoryQueue(log, opts)
  const { createBullmqQueue } = await import('./bullmq-queue.js')
  return createBullmqQueue({ redisUrl: cfg.redisUrl, ...(cfg.prefix ? { prefix: cfg.prefix } : {}), ...opts }, log)
}

/** A Redis client for what shares the queue's Redis besides jobs (redis.ts). */
export const openRedis = async (url: string): Promise<Redis> => (await import('./redis.js')).openRedis(url)
