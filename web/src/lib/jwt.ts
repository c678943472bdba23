// Reads (never verifies) the claims of a JWT: the server verifies, the app only needs `exp`.
export interface TokenClaims {
  exp?: number
  iat?: number
  sub?: string
  admin?: boolean
  inboundUser?: boolean
  outboundId?: string
}

export function decodeToken(token: string): TokenClaims | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/')
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4)
    const json = decodeURIComponent(Array.from(atob(padded), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''))
    const claims: unknown = JSON.parse(json)
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null
  } catch {
    return null
  }
}

// The server's clock minus this machine's, learnt from the `iat` of each token received: a laptop
// whose clock is off must neither think every fresh token expired nor keep a dead one.
let serverOffsetMs = 0
const MAX_OFFSET_MS = 30 * 24 * 3600_000

/** Call when a token arrives from the server: its `iat` is the server's "now". */
export function noteServerTime(token: string, receivedAt = Date.now()): void {
  const iat = decodeToken(token)?.iat
  if (typeof iat === 'number' && Math.abs(iat * 1000 - receivedAt) < MAX_OFFSET_MS) serverOffsetMs = iat * 1000 - receivedAt
}

/** Now, on the server's clock (as far as this app knows it). */
export const serverNow = (): number => Date.now() + serverOffsetMs

/** Milliseconds since epoch at which the token expires; null when it has no readable exp. */
export function tokenExpiry(token: string): number | null {
  const exp = decodeToken(token)?.exp
  return typeof exp === 'number' ? exp * 1000 : null
}

/** A token is usable when it decodes and its exp (if any) lies in the future. */
export function isTokenValid(token: string | null, now = serverNow()): boolean {
  if (!token) return false
  const claims = decodeToken(token)
  if (!claims) return false
  return typeof claims.exp !== 'number' || claims.exp * 1000 > now
}

/**
 * How long before `exp` to renew: REFRESH_AHEAD_MS, but at most a quarter of the token's lifetime
 * (a 60-second token is renewed 15 s ahead, not at once and then again forever).
 */
export function renewAheadMs(token: string, max: number): number {
  const claims = decodeToken(token)
  if (typeof claims?.exp !== 'number' || typeof claims.iat !== 'number') return max
  return Math.max(0, Math.min(max, ((claims.exp - claims.iat) * 1000) / 4))
}
