// The relying-party side of OpenID Connect, with jose and fetch: discovery, the authorization URL
// (code flow, PKCE S256, state, nonce), the code exchange and the id token's verification against
// the provider's JWKS (signature, issuer, audience, expiry, nonce). Every call goes through
// providerFetch (https, public addresses, no redirects).
import { createHash } from 'node:crypto'
import { AppError } from '@portal/errors'
import { createRemoteJWKSet, customFetch, type JWTPayload, jwtVerify, type RemoteJWKSet } from 'jose'
import type { providerFetch } from './outbound-url.js'

export interface ProviderMetadata {
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
}

type Fetch = ReturnType<typeof providerFetch>
const refused = (message: string) => new AppError('INVALID_REQUEST', { message })

/** The issuer's discovery document; its issuer must be the one entered (OIDC Discovery 4.3). */
export async function discover(issuer: string, fetcher: Fetch): Promise<ProviderMetadata> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
  let doc: Record<string, unknown>
  try {
    const res = await fetcher(url, { headers: { accept: 'application/json' } })
    if (!res.ok) throw new Error(`status ${res.status}`)
    doc = (await res.json()) as Record<string, unknown>
  } catch (err) {
    if (err instanceof AppError) throw err
    throw refused(`The provider's discovery document could not be read at ${url}.`)
  }
  const text = (name: string) => (typeof doc[name] === 'string' ? (doc[name] as string) : '')
  if (text('issuer') !== issuer) throw refused(`The provider calls itself "${text('issuer')}", not "${issuer}": enter its exact issuer.`)
  const meta = { issuer, authorizationEndpoint: text('authorization_endpoint'), tokenEndpoint: text('token_endpoint'), jwksUri: text('jwks_uri') }
  if (!meta.authorizationEndpoint || !meta.tokenEndpoint || !meta.jwksUri) throw refused("The provider's discovery document lacks its endpoints.")
  const methods = doc['code_challenge_methods_supported']
  if (Array.isArray(methods) && !methods.includes('S256')) throw refused('The provider does not support PKCE with S256.')
  return meta
}

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

export function authorizationUrl(
  meta: Pick<ProviderMetadata, 'authorizationEndpoint'>,
  p: { clientId: string; redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string },
): string {
  const url = new URL(meta.authorizationEndpoint)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', p.clientId)
  url.searchParams.set('redirect_uri', p.redirectUri)
  url.searchParams.set('scope', 'openid email profile')
  url.searchParams.set('state', p.state)
  url.searchParams.set('nonce', p.nonce)
  url.searchParams.set('code_challenge', pkceChallenge(p.codeVerifier))
  url.searchParams.set('code_challenge_method', 'S256')
  if (p.loginHint) url.searchParams.set('login_hint', p.loginHint)
  return url.toString()
}

/** Why a callback failed, as the login page is told (a code, never details). */
export class SsoFailure extends Error {
  override name = 'SsoFailure'
  constructor(
    readonly code: 'denied' | 'bad_state' | 'expired' | 'provider_error' | 'invalid_token' | 'unverified_email' | 'not_allowed' | 'account_elsewhere',
    detail?: string,
  ) {
    super(detail ?? code)
  }
}

// One key set per JWKS URL: jose caches the keys and refetches on an unknown kid (rotation).
const keySets = new Map<string, RemoteJWKSet>()
function keySet(jwksUri: string, fetcher: Fetch): RemoteJWKSet {
  let set = keySets.get(jwksUri)
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { [customFetch]: (url, init) => fetcher(url, init as RequestInit) })
    keySets.set(jwksUri, set)
  }
  return set
}

/** Trades the code for tokens (client_secret_basic, the PKCE verifier) and verifies the id token. */
export async function redeemCode(
  meta: ProviderMetadata,
  p: { clientId: string; clientSecret: string; redirectUri: string; code: string; codeVerifier: string; nonce: string },
  fetcher: Fetch,
): Promise<JWTPayload> {
  const basic = Buffer.from(`${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`).toString('base64')
  let body: Record<string, unknown>
  try {
    const res = await fetcher(meta.tokenEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: p.code, redirect_uri: p.redirectUri, code_verifier: p.codeVerifier }).toString(),
    })
    body = (await res.json()) as Record<string, unknown>
    if (!res.ok) throw new Error(`token endpoint: ${res.status} ${String(body['error'] ?? '')}`)
  } catch (err) {
    throw new SsoFailure('provider_error', (err as Error).message)
  }
  const idToken = body['id_token']
  if (typeof idToken !== 'string') throw new SsoFailure('provider_error', 'no id_token in the token response')
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(idToken, keySet(meta.jwksUri, fetcher), {
      issuer: meta.issuer,
      audience: p.clientId,
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
      clockTolerance: 30,
    }))
  } catch (err) {
    throw new SsoFailure('invalid_token', (err as Error).message)
  }
  // Several audiences: the token must have been issued to us (OIDC Core 3.1.3.7, azp).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload['azp'] !== p.clientId) throw new SsoFailure('invalid_token', 'azp is not our client')
  if (payload['nonce'] !== p.nonce) throw new SsoFailure('invalid_token', 'nonce mismatch')
  return payload
}
