import { createHash, randomBytes } from 'node:crypto'
import { generateSigningKey } from './keys.js'
import { createTokenService, type TokenService } from './tokens.js'

export { ALG, generateSigningKey, loadSigningKey, type SigningKey } from './keys.js'
export { SessionRevocations } from './revocations.js'
export { API_KEY_PREFIX, apiKeySessionId, checkKeyShape, createRemoteApiKeyVerifier, hashKey, isApiKey, KEY_CACHE_MS, KeyCache, newApiKey } from './api-keys.js'
export { createRemoteTokenService, createTokenService, type Principal, type TokenOptions, type TokenService } from './tokens.js'

/** Opaque capability token (refresh, invite, permission): base64url of `bytes` CSPRNG bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** Tokens of ≥128 bits need no slow hash: SHA-256 hex is what we store. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export const testTokenOptions = { issuer: 'trust-portal', audience: 'trust-portal-api', accessTtl: 900 }

export async function createTestTokenService(): Promise<TokenService> {
  return createTokenService(await generateSigningKey(), testTokenOptions)
}
