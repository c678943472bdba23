// The pure rules: passwords, names, dbName slugs, eligibility, codes.
import { describe, expect, it } from '@jest/globals'
import { isDisposableEmail } from '../src/domain/disposable-email.js'
import { generateOtp, hashOtp, otpGuessesPerDay, otpMatches } from '../src/domain/otp.js'
import { guessabilityProblem } from '../src/domain/password-strength.js'
import { hashPassword, verifyPassword } from '../src/domain/password-hash.js'
import { isUuid } from '@portal/contracts'
import {
  capitalise,
  companyNameFor,
  dbNameBase,
  isEligible,
  isEligibleForSignUp,
  newPasswordProblem,
  passwordProblem,
  signUpProblems,
} from '../src/domain/rules.js'

describe('rules', () => {
  it.each([
    ['12345678!', 'Password must contain at least one letter.'],
    ['abcdefgh!', 'Password must contain at least one number.'],
    ['abcdefgh1', 'Password must contain at least one special character.'],
    ['ab1!', 'Password should be a minimum of 8 characters.'],
    ['Str0ng!pass', undefined],
    ['aaaaaaa1<', undefined],
  ])('password %j → %j', (pw, problem) => expect(passwordProblem(pw)).toBe(problem))

  it.each([
    ['jOHN', 'John'],
    ["o'NEIL", "O'neil"],
    ['  mary   ann ', 'Mary Ann'],
    ['é', 'É'],
  ])('capitalises %j as %j', (raw, name) => expect(capitalise(raw)).toBe(name))

  it.each([
    ['jane@acme-labs.example', 'acme_labs', 'Acme Labs'],
    ['x@ACME.co.uk', 'acme', 'Acme'],
    ['x@ab.example', 'ab_co', 'Ab'],
    ['x@postgres.example', 'postgres_co', 'Postgres'],
    [`x@${'a'.repeat(63)}.example`, 'a'.repeat(55), 'A'.repeat(1) + 'a'.repeat(62)],
  ])('%s → dbName %s, company %s', (email, slug, company) => {
    expect(dbNameBase(email)).toBe(slug)
    expect(dbNameBase(email)).toMatch(/^[a-z0-9_]{3,63}$/)
    expect(companyNameFor(email)).toBe(company)
  })

  it('checks eligibility by domain and subdomain', () => {
    expect(isEligible('a@mailinator.com', ['mailinator.com'])).toBe(false)
    expect(isEligible('a@x.MAILINATOR.com', ['mailinator.com'])).toBe(false)
    expect(isEligible('a@notmailinator.com', ['mailinator.com'])).toBe(true)
  })

  it('reports every missing field of a sign-up', () => {
    expect(signUpProblems({}).map((e) => e.field)).toEqual(['firstName', 'lastName', 'email', 'password'])
  })

  it('recognises ids', () => {
    expect(isUuid(crypto.randomUUID())).toBe(true)
    expect(isUuid('1 or 1=1')).toBe(false)
  })
})

describe('codes and passwords', () => {
  it('draws codes of the configured length from the whole range', () => {
    const codes = Array.from({ length: 2000 }, () => generateOtp(4))
    expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true)
    expect(new Set(codes).size).toBeGreaterThan(1500)
    expect(generateOtp(6)).toMatch(/^\d{6}$/)
  })

  it('binds a code to its user', () => {
    const user = crypto.randomUUID()
    const stored = hashOtp(user, '1234')
    expect(otpMatches(stored, user, '1234')).toBe(true)
    expect(otpMatches(stored, user, '1235')).toBe(false)
    expect(otpMatches(stored, crypto.randomUUID(), '1234')).toBe(false)
  })

  it('hashes passwords with argon2id and verifies without a hash too', async () => {
    const h = await hashPassword('Str0ng!pass')
    expect(h).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(h, 'Str0ng!pass')).toBe(true)
    expect(await verifyPassword(h, 'wrong')).toBe(false)
    expect(await verifyPassword(undefined, 'Str0ng!pass')).toBe(false)
    expect(await verifyPassword('not a hash', 'x')).toBe(false)
  })
})

describe('password guessability (zxcvbn-ts, score ≥ 3)', () => {
  it.each(['Password1!', 'P@ssw0rd123', 'Qwerty!2345', 'Summer2024!', 'Demo@12345', 'abcdefgh1!'])('refuses the common %j', async (pw) => {
    expect(await guessabilityProblem(pw, [])).toMatch(/^This password is too easy to guess\. \S/)
  })

  // The passwords of the demo and of the repository's tests.
  it.each(['Str0ng!pass', 'Demo-Trust!4821', 'Winter!2026x', 'Spring#2027y', 'Trust!2026x', 'Review!2026x', 'Fresh!Harbor42'])('accepts %j', async (pw) => {
    expect(await newPasswordProblem(pw, ['test', 'user', 'acme'])).toBeUndefined()
  })

  it('counts what is known of the account: email, names, company', async () => {
    expect(await newPasswordProblem('Zorblatt!2026', [])).toBeUndefined()
    expect(await newPasswordProblem('Zorblatt!2026', ['ceo@zorblatt.example'])).toMatch(/^This password is too easy to guess\./)
    expect(await newPasswordProblem('abcdefgh1', [])).toBe('Password must contain at least one special character.')
  })
})

describe('disposable addresses (mailchecker)', () => {
  it.each([
    ['a@mailinator.com', true],
    ['a@sub.mailinator.com', true],
    ['a@YOPMAIL.com', true],
    ['a@acme-labs.example', false],
    ['a@gmail.com', false],
  ])('%s → %s', async (email, disposable) => expect(await isDisposableEmail(email)).toBe(disposable))

  it('adds to SIGNUP_BLOCKED_DOMAINS, it does not replace it', async () => {
    expect(await isEligibleForSignUp('a@blocked.example', ['blocked.example'])).toBe(false)
    expect(await isEligibleForSignUp('a@mailinator.com', [])).toBe(false)
    expect(await isEligibleForSignUp('a@acme.example', ['blocked.example'])).toBe(true)
  })
})

describe('the cap on wrong reset codes', () => {
  // P(an attacker succeeds within 30 days) ≤ 31 windows × cap / 10^digits (see domain/otp.ts).
  it.each([
    [4, 3],
    [6, 322],
  ])('allows %i-digit codes %i wrong guesses a day, ≤ 1 %% in 30 days', (digits, cap) => {
    expect(otpGuessesPerDay(digits)).toBe(cap)
    expect((31 * cap) / 10 ** digits).toBeLessThanOrEqual(0.01)
    expect((31 * (cap + 1)) / 10 ** digits).toBeGreaterThan(0.01) // the largest cap that keeps it
  })
})
