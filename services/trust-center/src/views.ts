// Page views are counted in memory and written as one history row per tenant every few seconds
// ("Page loaded 37 times"), so the hottest public call never waits for a database write. Every way
// a page view is recorded (the page's data call, the server-rendered page, the page's own report)
// passes one rate limit per client: past it the page is still served, but not counted again.
import { withTenant } from '@portal/db'
import type { Logger } from '@portal/observability'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { insertHistory } from './db/history.repo.js'
import type { TrustCenterDb } from './db/schema.js'

const FLUSH_MS = 5000

/** Views one client may record per window, whichever way it records them. */
export const VIEW_LIMIT = { max: 60, timeWindow: '1 minute' } as const

/** A limiter made by @fastify/rate-limit's createRateLimit (its counters are in Redis when configured). */
export type ViewLimiter = (req: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>
/** Makes the limiter, counting per the key given (createRateLimit with VIEW_LIMIT and that keyGenerator). */
export type MakeViewLimiter = (keyGenerator: (req: FastifyRequest) => string) => ViewLimiter

export class ViewCounter {
  private counts = new Map<string, number>()
  private readonly timer: NodeJS.Timeout
  private readonly limiter: ViewLimiter
  /** Per trust center and client: a client inflating one company's views leaves others' alone. */
  private readonly keys = new WeakMap<FastifyRequest, string>()

  constructor(
    private readonly db: Kysely<TrustCenterDb>,
    private readonly log: Logger,
    makeLimiter: MakeViewLimiter,
  ) {
    this.limiter = makeLimiter((req) => this.keys.get(req) ?? req.ip)
    this.timer = setInterval(() => void this.flush(), FLUSH_MS)
    this.timer.unref()
  }

  /**
   * Spends one of this client's views of this trust center: undefined while within VIEW_LIMIT, else
   * the seconds until it may record one again. (The limiter says `isAllowed` only for its allow
   * list; past the limit is `isExceeded`.)
   */
  async allow(req: FastifyRequest, tenantId: string): Promise<number | undefined> {
    this.keys.set(req, `view:${tenantId}:${req.ip}`)
    const limit = await this.limiter(req)
    return limit.isAllowed || !limit.isExceeded ? undefined : Math.max(1, limit.ttlInSeconds)
  }

  /** Counts a page view of this client unless it is past VIEW_LIMIT. */
  async visit(req: FastifyRequest, tenantId: string): Promise<void> {
    if ((await this.allow(req, tenantId)) === undefined) this.counts.set(tenantId, (this.counts.get(tenantId) ?? 0) + 1)
  }

  /**
   * Counts `count` views of one client that the gateway served from its own cache (they never
   * reached this service), under the same per-client limit as every other view.
   */
  async visitsFrom(ip: string, tenantId: string, count: number): Promise<void> {
    // The limiter reads the key (keyGenerator) and the route's options from the request: a
    // stand-in carries what it reads, for the client that made the views.
    const req = { ip, routeOptions: { config: {} } } as unknown as FastifyRequest
    for (let i = 0; i < Math.min(count, VIEW_LIMIT.max + 1); i++) {
      if ((await this.allow(req, tenantId)) !== undefined) return
      this.counts.set(tenantId, (this.counts.get(tenantId) ?? 0) + 1)
    }
  }

  /** Writes what was counted (of one tenant, or all); a failed write is logged and the counts kept. */
  async flush(tenantId?: string): Promise<void> {
    const entries = tenantId ? [[tenantId, this.counts.get(tenantId) ?? 0] as const] : [...this.counts]
    for (const [t, n] of entries) {
      if (!n) continue
      this.counts.delete(t)
      try {
        await withTenant(t, () => insertHistory(this.db, t, [{ type: 'view', count: n, detail: n === 1 ? 'Page loaded' : `Page loaded ${n} times` }])) // a timer: no request scope
      } catch (err) {
        this.counts.set(t, (this.counts.get(t) ?? 0) + n)
        this.log.error({ err, tenantId: t }, 'page views not recorded')
      }
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }
}
