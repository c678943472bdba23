// Access tokens: short-lived EdDSA JWTs. One verifier for every service: explicit algorithm,
// issuer, audience, type and expiry; keys only from our own JWKS (jku/x5u/jwk headers ignored).
import { AppError } from '@portal/errors'
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose'
import { ALG, type SigningKey } from './keys.js'
import { SessionRevocations } from './revocations.js'

export interface Principal {
  userId: string
  tenantId: string
  dbName: string
  admin: boolean
  inboundUser: boolean
  outboundId?: string
  sessionId: string
  /**
   * The user proved the address (emailed link, accepted invite). Claim `ev`; a token without it is
   * unverified. Publishing, invites and outbound mail require it (@portal/http requireVerified).
   */
  emailVerified: boolean
  /** Full name, for records such as answer history (other services cannot read identity's tables). */
  name?: string
  /** The user's address, for mail about what they did (an outbound's completion notice). */
  email?: string
  /** Set when the caller is an API key (Bearer tpk_…), not a person: its id and scopes (`area:read|write`). */
  apiKey?: { id: string; scopes: string[] }
}

export interface TokenOptions {
  issuer: string
  audience: string
  accessTtl: number
}

export interface TokenService {
  issueAccess(p: Principal): Promise<{ token: string; expiresIn: number }>
  verifyAccess(token: string): Promise<Principal>
  /** Access tokens of the session stop working at once; `onRevoke` spreads it to other processes. */
  revokeSession(sessionId: string): Promise<void>
  /** Applies a revocation heard from another process. */
  applyRevocation(sessionId: string): void
  jwks(): { keys: object[] }
  onRevoke?: (sessionId: string, ttlSeconds: number) => Promise<void>
  /**
   * Verifies an API key (`tpk_…`) into its principal: set by the identity module in its process, or
   * by the host with identity's remote check elsewhere. Unset: keys are refused (401).
   */
  verifyApiKey?: (key: string) => Promise<Principal>
  /** Whether a session id (or an API key's `apikey:<id>`) was revoked here or on the bus. */
  isRevoked(sessionId: string): boolean
}

const TYP = 'at+jwt'
const unauthenticated = (message = 'Unauthorized') => new AppError('UNAUTHENTICATED', { message })

function toPrincipal(payload: Record<string, unknown>): Principal {
  const { sub, tid, tenant, admin, inb, obid, sid, name, email, ev } = payload
  if (typeof sub !== 'string' || typeof tid !== 'string' || typeof tenant !== 'string' || typeof sid !== 'string') {
    throw unauthenticated()
  }
  return {
    userId: sub,
    tenantId: tid,
    dbName: tenant,
    admin: admin === true,
    inboundUser: inb === true,
    ...(typeof obid === 'string' ? { outboundId: obid } : {}),
    sessionId: sid,
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof email === 'string' ? { email } : {}),
    emailVerified: ev === true,
  }
}

/** jose's failure to fetch a remote JWKS (timeout, network error, an error status), as opposed to a bad token. */
function keysUnreachable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code
  if (code === 'ERR_JWKS_TIMEOUT') return true
  // A fetch that failed outright (connection refused) surfaces as a TypeError from fetch, or jose's
  // JOSEError for a non-200 answer.
  if ((err as Error)?.name === 'TypeError' && /fetch failed/i.test((err as Error).message)) return true
  return code === 'ERR_JOSE_GENERIC' && /Expected 200 OK from the JSON Web Key Set HTTP response/.test((err as Error).message)
}

function verifierFor(keys: JWTVerifyGetKey, opts: TokenOptions, revocations: SessionRevocations) {
  return async (token: string): Promise<Principal> => {
    if (!token || token.length > 4096) throw unauthenticated()
    let payload: Record<string, unknown>
    try {
      ;({ payload } = await jwtVerify(token, keys, {
        algorithms: [ALG],
        issuer: opts.issuer,
        audience: opts.audience,
        typ: TYP,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        maxTokenAge: opts.accessTtl + 60,
        clockTolerance: 30,
      }))
    } catch (err) {
      // The keys could not be fetched (identity down or slow): the token may well be valid, so the
      // answer is "try again" (503), never "sign in again" (401).
      if (keysUnreachable(err))
        throw new AppError('UNAVAILABLE', { message: 'Sign-in cannot be checked right now; please try again shortly', retryAfter: 5, cause: err })
      throw unauthenticated()
    }
    const principal = toPrincipal(payload)
    if (revocations.isRevoked(principal.sessionId)) throw unauthenticated()
    return principal
  }
}

/** The identity service's token service: signs with the private key. */
export function createTokenService(key: SigningKey, opts: TokenOptions): TokenService {
  const revocations = new SessionRevocations()
  const jwks = { keys: [key.publicJwk] }
  const verify = verifierFor(createLocalJWKSet(jwks), opts, revocations)
  const service: TokenService = {
    async issueAccess(p) {
      const token = await new SignJWT({
        tid: p.tenantId,
        tenant: p.dbName,
        admin: p.admin,
        ...(p.inboundUser ? { inb: true } : {}),
        ...(p.outboundId ? { obid: p.outboundId } : {}),
        sid: p.sessionId,
        ...(p.name ? { name: p.name } : {}),
        ...(p.email ? { email: p.email } : {}),
        ev: p.emailVerified,
      })
        .setProtectedHeader({ alg: ALG, kid: key.kid, typ: TYP })
        .setSubject(p.userId)
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setIssuedAt()
        .setExpirationTime(`${opts.accessTtl}s`)
        .setJti(crypto.randomUUID())
        .sign(key.privateKey)
      return { token, expiresIn: opts.accessTtl }
    },
    verifyAccess: verify,
    async revokeSession(sessionId) {
      revocations.revoke(sessionId, opts.accessTtl + 60)
      await service.onRevoke?.(sessionId, opts.accessTtl + 60)
    },
    applyRevocation: (sessionId) => revocations.revoke(sessionId, opts.accessTtl + 60),
    isRevoked: (sessionId) => revocations.isRevoked(sessionId),
    jwks: () => jwks,
  }
  return service
}

/** A service in its own process: verifies with the identity service's published JWKS. */
export function createRemoteTokenService(jwksUrl: string, opts: TokenOptions): TokenService {
  const revocations = new SessionRevocations()
  // Keys are kept once fetched (a restart of identity does not reject valid tokens); an unknown key id
  // (a rotation) fetches again, at most every 30 s.
  const verify = verifierFor(
    createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: Number.POSITIVE_INFINITY, timeoutDuration: 5000 }),
    opts,
    revocations,
  )
  const cannotSign = () => {
    throw new AppError('INTERNAL', { message: 'this process cannot issue tokens' })
  }
  return {
    issueAccess: async () => cannotSign(),
    verifyAccess: verify,
    async revokeSession(sessionId) {
      revocations.revoke(sessionId, opts.accessTtl + 60)
    },
    applyRevocation: (sessionId) => revocations.revoke(sessionId, opts.accessTtl + 60),
    isRevoked: (sessionId) => revocations.isRevoked(sessionId),
    jwks: () => ({ keys: [] }),
  }
}
