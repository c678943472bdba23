// What this service hears about its public pages from the bus: another replica's change (its
// cached host lookups are dropped at once, not after their second), and the views the gateway
// served from its own cache, counted here under the per-client limit as if they had called.
import type { EventBus } from '@portal/bus'
import { events, TRUST_PAGE_VIEWS_SUBJECT, type TrustPageViews } from '@portal/contracts'
import type { Logger } from '@portal/observability'
import type { SiteDirectory } from './sites.js'
import type { ViewCounter } from './views.js'

/** One replica counts each batch of views (NATS queue group), not every replica. */
const VIEW_COUNTERS = 'trust-center-views'
/** Entries of one batch read at most (the gateway sends fewer; more is not from it). */
const MAX_BATCH = 50_000

export async function pageEvents(bus: EventBus, sites: SiteDirectory, views: ViewCounter, log: Logger): Promise<() => Promise<void>> {
  const offChanged = await bus.subscribe(events.trustCenterChanged('*'), () => sites.forget())
  const offViews = await bus.subscribe(
    TRUST_PAGE_VIEWS_SUBJECT,
    async (_subject, payload) => {
      const batch = (payload as Partial<TrustPageViews>).views
      if (!Array.isArray(batch)) return log.warn('page views event without views ignored')
      for (const v of batch.slice(0, MAX_BATCH)) {
        if (typeof v?.host !== 'string' || typeof v.ip !== 'string' || !Number.isInteger(v.count) || v.count < 1) continue
        const site = await sites.publishedOnHost(v.host)
        if (site) await views.visitsFrom(v.ip, site.tenantId, v.count)
      }
    },
    { queue: VIEW_COUNTERS },
  )
  return async () => {
    await offChanged()
    await offViews()
  }
}
