// A Redis client for what shares the queue's Redis besides jobs (rate-limit counters): it fails
// fast while Redis is away (no offline queue, one retry, 500 ms to connect) instead of holding requests.
import { Redis } from 'ioredis'

export function openRedis(url: string): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 500, lazyConnect: false })
  client.on('error', () => undefined) // reported by its users (a skipped rate limit), reconnects by itself
  return client
}
