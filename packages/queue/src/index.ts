// Background jobs: in-process for the embedded portal, BullMQ on Redis when REDIS_URL is set.
import type { Logger } from '@portal/observability'
import { createBullmqQueue } from './bullmq-queue.js'
import { createMemoryQueue } from './memory-queue.js'
import type { JobQueue } from './types.js'

export { createBullmqQueue } from './bullmq-queue.js'
export { createMemoryQueue } from './memory-queue.js'
export { isUnrecoverable, type JobContext, type JobHandler, JobNotReadyError, type JobOptions, type JobQueue, UnrecoverableJobError } from './types.js'

export function createQueue(cfg: { redisUrl?: string | undefined; prefix?: string }, log?: Logger): JobQueue {
  return cfg.redisUrl ? createBullmqQueue({ redisUrl: cfg.redisUrl, ...(cfg.prefix ? { prefix: cfg.prefix } : {}) }, log) : createMemoryQueue(log)
}
