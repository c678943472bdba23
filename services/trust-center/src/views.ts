// Page views are counted in memory and written as one history row per tenant every few seconds
// ("Page loaded 37 times"), so the hottest public call never waits for a database write.
import { withTenant } from '@portal/db'
import type { Logger } from '@portal/observability'
import type { Kysely } from 'kysely'
import { insertHistory } from './db/history.repo.js'
import type { TrustCenterDb } from './db/schema.js'

const FLUSH_MS = 5000

export class ViewCounter {
  private counts = new Map<string, number>()
  private readonly timer: NodeJS.Timeout

  constructor(
    private readonly db: Kysely<TrustCenterDb>,
    private readonly log: Logger,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS)
    this.timer.unref()
  }

  add(tenantId: string): void {
    this.counts.set(tenantId, (this.counts.get(tenantId) ?? 0) + 1)
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
