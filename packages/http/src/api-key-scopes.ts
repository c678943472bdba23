// What an API key may call. A key's scopes are `<area>:read` and `<area>:write`, one area per
// service that owns the route (the route table generated from the services): reads are GET and
// HEAD, everything else writes; `write` does not imply `read`. A route no table names (or a
// service's health check) takes no key. Admin-only routes (requireAdmin) also need `<area>:admin`,
// which no key can hold for `account`: people, keys, webhooks and sign-in settings stay a person's.
import { API_SCOPES, type ApiScope, routeTable, SERVICES, type ServiceName } from '@portal/contracts'

export const AREA_OF_SERVICE: Readonly<Record<ServiceName, string>> = {
  identity: 'account',
  'trust-center': 'trustcenter',
  questionnaire: 'questionnaires',
  outbound: 'outbound',
}

const serviceOf = new Map<string, ServiceName>()
for (const svc of SERVICES) for (const r of routeTable[svc]) serviceOf.set(`${r.method} ${r.url}`, svc)

const known = (scope: string): ApiScope | undefined => ((API_SCOPES as readonly string[]).includes(scope) ? (scope as ApiScope) : undefined)
const areaOf = (method: string, url: string | undefined): string | undefined => {
  const svc = url ? serviceOf.get(`${method === 'HEAD' ? 'GET' : method} ${url}`) : undefined
  return svc && AREA_OF_SERVICE[svc]
}

/** The scope a call needs, or undefined when no key may make it. */
export function scopeFor(method: string, url: string | undefined): ApiScope | undefined {
  const area = areaOf(method, url)
  return area ? known(`${area}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`) : undefined
}

/** The scope an admin-only call needs besides scopeFor's, or undefined when no key may make it. */
export function adminScopeFor(method: string, url: string | undefined): ApiScope | undefined {
  const area = areaOf(method, url)
  return area ? known(`${area}:admin`) : undefined
}
