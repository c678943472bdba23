// Reads (never verifies) the claims of a JWT: the server verifies, the app only needs `exp`.
export interface TokenClaims {
  exp?: number
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
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    )
    const claims: unknown = JSON.parse(json)
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null
  } catch {
    return null
  }
}

/** Milliseconds since epoch at which the token expires; null when it has no readable exp. */
export function tokenExpiry(token: string): number | null {
  const exp = decodeToken(token)?.exp
  return typeof exp === 'number' ? exp * 1000 : null
}

/** A token is usable when it decodes and its exp (if any) lies in the future. */
export function isTokenValid(token: string | null, now = Date.now()): boolean {
  if (!token) return false
  const claims = decodeToken(token)
  if (!claims) return false
  return typeof claims.exp !== 'number' || claims.exp * 1000 > now
}
