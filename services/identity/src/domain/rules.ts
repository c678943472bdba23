// The spec's rules for names, emails and passwords (section 5), enforced on the server too.
import { SpecText } from '@portal/contracts'
import type { FieldError } from '@portal/errors'
import { isValidEmail } from '@portal/mail'
import { isDisposableEmail } from './disposable-email.js'
import { guessabilityProblem } from './password-strength.js'

export const messages = {
  required: SpecText.required,
  invalidEmail: SpecText.invalidEmail,
  emailRequired: 'Email is required',
  letter: 'Password must contain at least one letter.',
  number: 'Password must contain at least one number.',
  special: 'Password must contain at least one special character.',
  length: 'Password should be a minimum of 8 characters.',
  confirm: 'Password & confirm password should be equal.',
  notEligible: 'Sorry, This Email is not eligible for sign up',
  emailExists: 'Email already exists',
  invalidCredentials: 'Invalid username or password',
  invalidOtp: 'Invalid OTP',
  expiredOtp: 'OTP has expired',
  tooManyWrongOtps: 'Too many wrong codes for this account. Please try again later.',
  resetExpired: 'Your password reset has expired or was already used. Please request a new OTP.',
  resetMismatch: 'Password and confirm Password not matching',
  invalidInvite: 'Invalid or expired invitation',
  resetEmailRequired: 'Please enter registered Email ID.',
  resetEmailInvalid: 'Please Enter valid email address',
  newPasswordRequired: 'New password is required.',
  confirmPasswordRequired: 'Confirm password is required.',
  otpFormat: (digits: number) => `Please Enter ${digits} digit Valid OTP`,
  nameRequired: (which: 'First' | 'Last') => `${which} name is required`,
} as const

const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/
export const MAX_PASSWORD = 128

/** First failing password rule, in the order the spec lists them. */
export function passwordProblem(password: string): string | undefined {
  if (!/[A-Za-z]/.test(password)) return messages.letter
  if (!/\d/.test(password)) return messages.number
  if (!SPECIAL.test(password)) return messages.special
  if (password.length < 8) return messages.length
  if (password.length > MAX_PASSWORD) return `Password should be at most ${MAX_PASSWORD} characters.`
  return undefined
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** "jOHN o'neil" → "John O'neil": the spec's auto-capitalised names. */
export function capitalise(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ')
}

export interface SignUpInput {
  firstName?: string | undefined
  lastName?: string | undefined
  email?: string | undefined
  password?: string | undefined
  cnfpassword?: string | undefined
}

export function signUpProblems(input: SignUpInput): FieldError[] {
  const errors: FieldError[] = []
  if (!input.firstName?.trim()) errors.push({ field: 'firstName', message: messages.required })
  if (!input.lastName?.trim()) errors.push({ field: 'lastName', message: messages.required })
  if (!input.email?.trim()) errors.push({ field: 'email', message: messages.required })
  else if (!isValidEmail(normaliseEmail(input.email))) errors.push({ field: 'email', message: messages.invalidEmail })
  if (!input.password) errors.push({ field: 'password', message: messages.required })
  else {
    const problem = passwordProblem(input.password)
    if (problem) errors.push({ field: 'password', message: problem })
    else if (input.password !== input.cnfpassword) errors.push({ field: 'cnfpassword', message: messages.confirm })
  }
  return errors
}

export function isEligible(email: string, blockedDomains: readonly string[]): boolean {
  const domain = normaliseEmail(email).split('@')[1] ?? ''
  return !blockedDomains.some((d) => domain === d || domain.endsWith(`.${d}`))
}

/** Eligible for sign-up: not a SIGNUP_BLOCKED_DOMAINS domain, nor a disposable one (mailchecker). */
export async function isEligibleForSignUp(email: string, blockedDomains: readonly string[]): Promise<boolean> {
  return isEligible(email, blockedDomains) && !(await isDisposableEmail(normaliseEmail(email)))
}

/**
 * A new password's first problem: the spec's character rules, then guessability. `context` is what
 * is known of the account (email, names): a password made of it is refused.
 */
export async function newPasswordProblem(password: string, context: readonly string[]): Promise<string | undefined> {
  return passwordProblem(password) ?? (await guessabilityProblem(password, context))
}

/** The tenant's dbName: a slug of the email domain's first label, `^[a-z0-9_]{3,63}$`. */
export function dbNameBase(email: string): string {
  const label = (normaliseEmail(email).split('@')[1] ?? '').split('.')[0] ?? ''
  let slug = label
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 55)
  if (['postgres', 'template0', 'template1', 'admin', 'root'].includes(slug)) slug = `${slug}_co`
  return slug.length >= 3 ? slug : `${slug || 'company'}_co`.replace(/^_/, '')
}

export function companyNameFor(email: string): string {
  const label = (normaliseEmail(email).split('@')[1] ?? '').split('.')[0] ?? 'Company'
  return capitalise(label.replace(/[-_]+/g, ' '))
}
