// What the gateway hears of trust centers' changes (events.trustCenterChanged, announced by the
// trust-center service on every save a visitor can see, and on publishing, renaming and
// unpublishing): the page of the host is asked for again on its next view, an unpublished host
// answers 404 at once, and a former host (renamed) is forgotten.
import { events, type TrustCenterChanged } from '@portal/contracts'
import type { ServiceContext } from '@portal/http'
import type { PublicPageCache } from './page-cache.js'
import type { TrustHostStates } from './trust-hosts.js'

type EventBus = NonNullable<ServiceContext['bus']>

const isChange = (p: Record<string, unknown>): p is Record<string, unknown> & TrustCenterChanged =>
  Array.isArray(p['hosts']) && p['hosts'].every((h) => typeof h === 'string') && typeof p['published'] === 'boolean' && typeof p['etag'] === 'string'

export async function followTrustChanges(
  bus: EventBus,
  hosts: Pick<TrustHostStates, 'forget' | 'mark'>,
  pages: Pick<PublicPageCache, 'changed' | 'drop'>,
  log: ServiceContext['logger'],
): Promise<() => Promise<void>> {
  return bus.subscribe(events.trustCenterChanged('*'), (subject, payload) => {
    if (!isChange(payload)) return log.warn({ subject }, 'trust center change event not understood: ignored')
    // The first host is where the site is now; any others are where it was.
    const [now, ...former] = payload.hosts
    if (now === undefined) return
    for (const host of former) {
      hosts.forget(host)
      pages.drop(host)
    }
    if (payload.published) {
      hosts.forget(now)
      pages.changed(now, payload.etag)
    } else {
      hosts.mark(now, 'unpublished')
      pages.drop(now)
    }
  })
}
