// Is this request's host a published trust center? Asked of the trust-center service through its
// public registry call (GET /api/fs/check-hostname) by injecting the request into our own server:
// in one process the route answers directly, in split mode the gateway's proxy forwards it. The
// answers are cached per host, in a bounded map, so page loads cost no lookup at all; publishing,
// renaming and unpublishing are announced on the bus (events.trustCenterChanged), which forgets or
// sets a host's answer at once (forget, mark), and the TTL bounds what a lost event leaves.
import type { AppInstance } from '@portal/http'

export interface TrustHostCacheOptions {
  ttlMs?: number
  maxEntries?: number
  now?: () => number
}

const UNPUBLISHED_TTL_MS = 1000

/** A host's place in the registry: a public trust center, one that is not public, or none at all. */
export type TrustHostState = 'published' | 'unpublished' | 'none'

/** The lookup, and what the bus tells it: a host to ask again (forget), a host's known state (mark). */
export type TrustHostStates = ((hostname: string) => Promise<TrustHostState>) & {
  forget(hostname: string): void
  mark(hostname: string, state: TrustHostState): void
}

const hostKey = (hostname: string) => hostname.trim().toLowerCase().replace(/\.$/, '')

export function trustHostStates(server: AppInstance, opts: TrustHostCacheOptions = {}): TrustHostStates {
  const ttl = opts.ttlMs ?? 10_000
  const max = opts.maxEntries ?? 1000
  const now = opts.now ?? Date.now
  const answers = new Map<string, { state: TrustHostState; at: number }>()
  const pending = new Map<string, Promise<TrustHostState>>()
  /** Bumped by what the bus says: a lookup that started before it must not store what it read. */
  let generation = 0
  const remember = (host: string, state: TrustHostState) => {
    answers.delete(host)
    if (answers.size >= max) answers.delete(answers.keys().next().value!)
    answers.set(host, { state, at: now() })
  }

  const ask = async (host: string): Promise<TrustHostState> => {
    try {
      const res = await server.inject({ method: 'GET', url: `/api/fs/check-hostname?hostname=${encodeURIComponent(host)}` })
      const body = res.json() as { isSpecialDomain?: boolean; unpublished?: boolean }
      if (res.statusCode === 200 && body.isSpecialDomain === true) return 'published'
      return res.statusCode === 404 && body.unpublished === true ? 'unpublished' : 'none'
    } catch (err) {
      server.log.warn({ err, host }, 'trust-center host lookup failed; serving the staff app')
      return 'none'
    }
  }

  const lookup = async (hostname: string): Promise<TrustHostState> => {
    const host = hostKey(hostname)
    if (!host || host.length > 253) return 'none'
    const hit = answers.get(host)
    // A host that is not public may be published again any moment: its answer is kept only briefly.
    if (hit && now() - hit.at < (hit.state === 'unpublished' ? Math.min(ttl, UNPUBLISHED_TTL_MS) : ttl)) return hit.state
    // Concurrent first loads of one host share a single lookup.
    const shared = pending.get(host)
    if (shared) return shared
    const started = generation
    const asking: Promise<TrustHostState> = ask(host)
      .then((state) => {
        if (started === generation) remember(host, state)
        return state
      })
      .finally(() => {
        if (pending.get(host) === asking) pending.delete(host)
      })
    pending.set(host, asking)
    return asking
  }
  return Object.assign(lookup, {
    forget(hostname: string) {
      generation++
      answers.delete(hostKey(hostname))
      pending.delete(hostKey(hostname))
    },
    mark(hostname: string, state: TrustHostState) {
      generation++
      pending.delete(hostKey(hostname))
      remember(hostKey(hostname), state)
    },
  })
}

/** Is this host a published trust center (cached as trustHostStates). */
export function trustHostLookup(server: AppInstance, opts: TrustHostCacheOptions = {}): (hostname: string) => Promise<boolean> {
  const state = trustHostStates(server, opts)
  return async (hostname) => (await state(hostname)) === 'published'
}
