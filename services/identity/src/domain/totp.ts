// TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, as every authenticator app reads it) and recovery
// codes. A code is accepted for its own step and one either side (clock drift), and only for a step
// later than the last one accepted: a code seen once (over a shoulder, in a proxy) is spent.
import { hashToken } from '@portal/auth'
import { randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

export const TOTP_PERIOD = 30
export const TOTP_WINDOW = 1
export const RECOVERY_CODES = 10
const ISSUER = 'Trust Portal'

export const newTotpSecret = () => new Secret({ size: 20 }).base32

export function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) })
}

export const currentStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP_PERIOD)

/** The step a code belongs to within the window, or undefined when it matches none. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const delta = totpOf(secret, '').validate({ token: code, window: TOTP_WINDOW, timestamp: now })
  return delta === null ? undefined : currentStep(now) + delta
}

// Crockford-like alphabet without look-alikes: 10 characters = 50 bits, enough behind the lockout.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
export function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** Spaces, dashes and case do not matter when typed back. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

/** Bound to the user, so equal codes of two users never collide in the unique index. */
export const hashRecoveryCode = (userId: string, code: string) => hashToken(`${userId}:${normaliseRecoveryCode(code)}`)
