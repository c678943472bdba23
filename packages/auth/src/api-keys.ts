// API keys: company credentials for other systems, used as `Authorization: Bearer tpk_…`. The
// prefix lets secret scanners recognise a leaked key; the rest is 256 random bits, stored only as
// its SHA-256 (hashToken). Verified by the identity service; other processes ask it and keep the
// answer a few seconds (KEY_CACHE_MS), so a revoked key stops working everywhere within that time
// (at once where the bus carries the revocation, as it does for sessions).
import { createHash, randomBytes } from 'node:crypto'
import { AppError } from '@portal/errors'
import type { Principal, TokenService } from './tokens.js'

export const API_KEY_PREFIX = 'tpk_'
/** How long a verified key is trusted without asking again: the bound on a revocation's delay. */
export const KEY_CACHE_MS = 5000

const KEY_SHAPE = /^tpk_[A-Za-z0-9_-]{43}$/

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX)

/** A new key, its hash (what is stored) and the start shown in lists to tell keys apart. */
export function newApiKey(): { key: string; hash: string; start: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return { key, hash: hashKey(key), start: key.slice(0, 10) }
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex')

/** The revocation entry of a key: revoking it reaches every process as a session's does. */
export const apiKeySessionId = (id: string): string => `apikey:${id}`

const unauthenticated = () => new AppError('UNAUTHENTICATED', { message: 'This API key is not valid' })

/** Verified keys by hash for KEY_CACHE_MS; revocations also drop them at once. */
export class KeyCache {
  private readonly entries = new Map<string, { principal: Principal; until: number }>()
  constructor(private readonly ttlMs = KEY_CACHE_MS) {}

  get(hash: string): Principal | undefined {
    const e = this.entries.get(hash)
    if (!e) return undefined
    if (e.until < Date.now()) {
      this.entries.delete(hash)
      return undefined
    }
    return e.principal
  }

  set(hash: string, principal: Principal): void {
    if (this.entries.size >= 10_000) this.entries.clear() // bounded: a flood of keys only costs lookups
    this.entries.set(hash, { principal, until: Date.now() + this.ttlMs })
  }

  dropKey(id: string): void {
    for (const [hash, e] of this.entries) if (e.principal.apiKey?.id === id) this.entries.delete(hash)
  }
}

/** Shape check before any lookup: a malformed key costs nothing. */
export function checkKeyShape(key: string): void {
  if (!KEY_SHAPE.test(key)) throw unauthenticated()
}

/**
 * A process without the identity service: asks identity (`GET /api/api-keys/self` with the key as
 * its bearer) and keeps the answer KEY_CACHE_MS. Identity unreachable answers 503, never 401.
 */
export function createRemoteApiKeyVerifier(identityUrl: string, tokens: Pick<TokenService, 'isRevoked'>): (key: string) => Promise<Principal> {
  const cache = new KeyCache()
  const url = new URL('/api/api-keys/self', identityUrl)
  return async (key) => {
    checkKeyShape(key)
    const hash = hashKey(key)
    let principal = cache.get(hash)
    if (!principal) {
      let res: Response
      try {
        res = await fetch(url, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(5000) })
      } catch (err) {
        throw new AppError('UNAVAILABLE', { message: 'API keys cannot be checked right now; please try again shortly', retryAfter: 5, cause: err })
      }
      if (res.status === 401) throw unauthenticated()
      if (!res.ok) throw new AppError('UNAVAILABLE', { message: 'API keys cannot be checked right now; please try again shortly', retryAfter: 5 })
      const body = (await res.json()) as { data?: Principal }
      if (!body.data?.apiKey || typeof body.data.tenantId !== 'string') throw unauthenticated()
      principal = body.data
      cache.set(hash, principal)
    }
    if (tokens.isRevoked(apiKeySessionId(principal.apiKey!.id))) throw unauthenticated()
    return principal
  }
}
