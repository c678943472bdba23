// Password-reset codes: CSPRNG digits, stored only as a hash bound to the user, compared in
// constant time. Short codes are made safe by limits (security.md B6), applied by the routes.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_ATTEMPTS = 5
export const RESET_REQUESTS_PER_HOUR = 3
/** After a code is validated, the new password must be set within this window. */
export const RESET_WINDOW_MS = 10 * 60 * 1000

export function generateOtp(digits: 4 | 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0')
}

export function hashOtp(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex')
}

export function otpMatches(storedHash: string, userId: string, code: string): boolean {
  const a = Buffer.from(storedHash, 'hex')
  const b = Buffer.from(hashOtp(userId, code), 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}
