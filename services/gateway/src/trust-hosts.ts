// Is this request's host a published trust center? Asked of the trust-center service through its
// public registry call (GET /api/fs/check-hostname) by injecting the request into our own server:
// in one process the route answers directly, in split mode the gateway's proxy forwards it. The
// answers are cached briefly per host, in a bounded map, so page loads cost no lookup at all.
import type { AppInstance } from '@portal/http'

export interface TrustHostCacheOptions {
  ttlMs?: number
  maxEntries?: number
  now?: () => number
}

export function trustHostLookup(server: AppInstance, opts: TrustHostCacheOptions = {}): (hostname: string) => Promise<boolean> {
  const ttl = opts.ttlMs ?? 10_000
  const max = opts.maxEntries ?? 1000
  const now = opts.now ?? Date.now
  const answers = new Map<string, { published: boolean; at: number }>()
  const pending = new Map<string, Promise<boolean>>()

  const ask = async (host: string): Promise<boolean> => {
    try {
      const res = await server.inject({ method: 'GET', url: `/api/fs/check-hostname?hostname=${encodeURIComponent(host)}` })
      return res.statusCode === 200 && (res.json() as { isSpecialDomain?: boolean }).isSpecialDomain === true
    } catch (err) {
      server.log.warn({ err, host }, 'trust-center host lookup failed; serving the staff app')
      return false
    }
  }

  return async (hostname) => {
    const host = hostname.trim().toLowerCase().replace(/\.$/, '')
    if (!host || host.length > 253) return false
    const hit = answers.get(host)
    if (hit && now() - hit.at < ttl) return hit.published
    // Concurrent first loads of one host share a single lookup.
    let lookup = pending.get(host)
    if (!lookup) {
      lookup = ask(host).finally(() => pending.delete(host))
      pending.set(host, lookup)
    }
    const published = await lookup
    answers.delete(host)
    if (answers.size >= max) answers.delete(answers.keys().next().value!)
    answers.set(host, { published, at: now() })
    return published
  }
}
