// Password-reset codes: CSPRNG digits, stored only as a hash bound to the user, compared in
// constant time. Short codes are made safe by limits (security.md B6), applied by the routes.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_ATTEMPTS = 5
export const RESET_REQUESTS_PER_HOUR = 3
/** After a code is validated, its reset token must set the new password within this window. */
export const RESET_WINDOW_MS = 10 * 60 * 1000
/** The owner is told by email once this many wrong codes came in (from anyone, anywhere). */
export const OTP_FAILURES_NOTICE_AT = 5
export const DAY_MS = 24 * 3600_000

/** Target: an attacker guessing for 30 days against one account succeeds with probability ≤ 1 %. */
export const OTP_ATTACK_DAYS = 30
export const OTP_ATTACK_SUCCESS = 0.01

/**
 * Wrong codes accepted per account in any 24 hours, counted across every client address.
 *
 * Each guess hits with probability at most 1/10^d (codes are uniform; a guess against a code it
 * already missed does no better, and a new code is a fresh draw), so G guesses succeed with
 * probability P ≤ G / 10^d (union bound). A rolling 24-hour window lets through at most `cap`
 * guesses per window, and 30 days hold at most 31 such windows (one may start at each end), so
 * G ≤ 31 · cap. P ≤ 1 % needs cap ≤ 0.01 · 10^d / 31:
 *   4 digits: cap = ⌊100 / 31⌋ = 3 a day, G ≤ 93, P ≤ 93 / 10,000 = 0.93 %
 *   6 digits: cap = ⌊10,000 / 31⌋ = 322 a day, G ≤ 9,982, P ≤ 0.998 %
 * (Before: 3 codes an hour × 5 tries = 360 guesses a day, P ≈ 3.5 % a day with 4 digits.)
 */
export function otpGuessesPerDay(digits: number): number {
  return Math.floor((OTP_ATTACK_SUCCESS * 10 ** digits) / (OTP_ATTACK_DAYS + 1))
}

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
