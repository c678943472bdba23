// Forgot password: an emailed code (hashed, single use, 10-minute expiry, burned after 5 wrong
// tries, at most 3 an hour per address), whose validation hands out a reset token; only that token,
// once, within 10 minutes, sets a new password for that account. Every session ends after it.
// Wrong codes are capped per account across every client (otpGuessesPerDay: ≤ 1 % in 30 days), and
// the owner hears of them. Answers, and their timing, do not depend on whether the account exists.
import { hashToken, randomToken } from '@portal/auth'
import {
  ChangePasswordBody,
  errorReplies,
  ForgotPasswordBody,
  ForgotPasswordReply,
  OtpValidationBody,
  OtpValidationReply,
  MessageReply,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { attemptsSince, recordAttempt, secondsOverLimit } from '../db/attempts.repo.js'
import { consumeOtp, findPendingOtpByEmail, findResetByToken, markOtpValidated, recordWrongOtp, replaceOtp } from '../db/otps.repo.js'
import { findUserByEmailAnyTenant, setPasswordHash } from '../db/users.repo.js'
import type { RouteDeps } from '../deps.js'
import { wrongCodesNotice } from '../domain/account-mail.js'
import {
  DAY_MS,
  generateOtp,
  hashOtp,
  OTP_ATTACK_DAYS,
  OTP_FAILURES_NOTICE_AT,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  otpGuessesPerDay,
  otpMatches,
  RESET_REQUESTS_PER_HOUR,
  RESET_WINDOW_MS,
} from '../domain/otp.js'
import { hashPassword } from '../domain/password-hash.js'
import { messages, newPasswordProblem, normaliseEmail } from '../domain/rules.js'
import { endAllSessions } from '../sessions.js'

const HOUR = 3600_000
const invalid = (message: string) => new AppError('INVALID_REQUEST', { message })
/** Names no row: lets an unknown account run the same UPDATE as a real one (0 rows instead of 1). */
const NO_ROW = '00000000-0000-0000-0000-000000000000'

export function passwordRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, config, mail, later } = deps
  const digits = config.otpDigits
  const guessesPerDay = otpGuessesPerDay(digits)

  /** After the reply, and only for a real account: a new code, mailed. */
  const issueCode = async (email: string) => {
    const user = await findUserByEmailAnyTenant(db, email)
    // A deprovisioned account (SCIM active=false) gets no code: it may not come back by a new password.
    if (!user || user.deactivatedAt !== null) return
    const code = generateOtp(digits)
    await replaceOtp(db, user.tenantId, { userId: user.id, codeHash: hashOtp(user.id, code), expiresAt: new Date(Date.now() + OTP_TTL_MS) })
    await mail.send({
      to: user.email,
      subject: 'Your password reset code',
      text: `Your password reset code is ${code}\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.`,
    })
  }

  /** A wrong code, counted per address whatever the client; the owner hears of the 5th in 30 days. */
  const wrongCode = async (email: string, otp: { tenantId: string; id: string } | undefined) => {
    await recordWrongOtp(db, otp?.tenantId ?? NO_ROW, otp?.id ?? NO_ROW) // the same statements either way
    await recordAttempt(db, 'otp_failure', email)
    const { count } = await attemptsSince(db, 'otp_failure', email, new Date(Date.now() - OTP_ATTACK_DAYS * DAY_MS))
    if (count === OTP_FAILURES_NOTICE_AT) {
      later('wrong-code notice', async () => {
        const user = await findUserByEmailAnyTenant(db, email)
        if (user) await mail.send({ to: user.email, ...wrongCodesNotice(count) })
      })
    }
    return invalid(messages.invalidOtp)
  }

  app.post(
    '/user/forgotpassword',
    {
      config: {
        rateLimit: { max: 10, timeWindow: '1 minute' },
        fieldMessages: { email: { missing: messages.resetEmailRequired, invalid: messages.resetEmailInvalid } },
      },
      schema: { tags: ['identity'], body: ForgotPasswordBody, response: { 200: ForgotPasswordReply, ...errorReplies(400, 413, 415, 429) } },
    },
    async (req) => {
      const email = normaliseEmail(req.body.email)
      if (!isValidEmail(email)) throw invalid(messages.resetEmailInvalid)
      // Counted per address whether or not an account exists, so the answer reveals nothing.
      const retryAfter = await secondsOverLimit(db, 'reset_request', email, { max: RESET_REQUESTS_PER_HOUR, windowMs: HOUR })
      if (retryAfter) throw new AppError('RATE_LIMITED', { message: 'Too many codes requested. Please try again later.', retryAfter })
      await recordAttempt(db, 'reset_request', email)
      // The account lookup, the code and the mail happen after the reply: the same work on the way out
      // for every address, so the answer takes as long for an account as for nobody.
      later('reset code', () => issueCode(email))
      return { status: true, message: 'OTP has been sent to your email', data: { otpDigits: digits } }
    },
  )

  app.post(
    '/user/otpvalidation',
    {
      config: {
        rateLimit: { max: 20, timeWindow: '1 minute' },
        fieldMessages: { otp: { missing: messages.otpFormat(digits), invalid: messages.otpFormat(digits) } },
      },
      schema: { tags: ['identity'], body: OtpValidationBody, response: { 200: OtpValidationReply, ...errorReplies(400, 413, 415, 429) } },
    },
    async (req) => {
      if (!new RegExp(`^\\d{${digits}}$`).test(req.body.otp)) throw invalid(messages.otpFormat(digits))
      const email = normaliseEmail(req.body.email)
      // Checked before the code is looked at: beyond the cap even the right code is not tried.
      const retryAfter = await secondsOverLimit(db, 'otp_failure', email, { max: guessesPerDay, windowMs: DAY_MS })
      if (retryAfter) throw new AppError('RATE_LIMITED', { message: messages.tooManyWrongOtps, retryAfter })
      const otp = await findPendingOtpByEmail(db, email)
      if (!otp || otp.attempts >= OTP_MAX_ATTEMPTS) throw await wrongCode(email, otp)
      if (otp.expiresAt < new Date()) throw invalid(messages.expiredOtp)
      if (!otpMatches(otp.codeHash, otp.userId, req.body.otp)) throw await wrongCode(email, otp)
      const resetToken = randomToken() // 256 bits; only its hash is stored
      if (!(await markOtpValidated(db, otp.tenantId, otp.id, hashToken(resetToken)))) throw invalid(messages.invalidOtp)
      return { status: true, message: 'OTP Validated Successfully', data: { resetToken } }
    },
  )

  app.post(
    '/user/changepassword',
    {
      config: {
        rateLimit: { max: 10, timeWindow: '1 minute' },
        fieldMessages: {
          resetToken: { missing: messages.resetExpired, invalid: messages.resetExpired },
          password: { missing: messages.newPasswordRequired },
          cnfpassword: { missing: messages.confirmPasswordRequired },
        },
      },
      schema: { tags: ['identity'], body: ChangePasswordBody, response: { 200: MessageReply, ...errorReplies(400, 413, 415, 429) } },
    },
    async (req) => {
      const { password, cnfpassword, resetToken } = req.body
      // Only the reset token proves the code: knowing the email is not enough, and it serves its own
      // account only, once, within RESET_WINDOW_MS of the validation.
      const reset = await findResetByToken(db, hashToken(resetToken))
      const fresh = reset?.validatedAt && reset.validatedAt.getTime() > Date.now() - RESET_WINDOW_MS
      if (!reset || !fresh || reset.email !== normaliseEmail(req.body.email)) throw invalid(messages.resetExpired)
      const problem = await newPasswordProblem(password, [reset.email, reset.firstName, reset.lastName])
      if (problem) throw invalid(problem)
      if (password !== cnfpassword) throw invalid(messages.resetMismatch)
      if (!(await consumeOtp(db, reset.tenantId, reset.id))) throw invalid(messages.resetExpired)
      await setPasswordHash(db, reset.tenantId, reset.userId, await hashPassword(password))
      await endAllSessions(deps, reset.tenantId, reset.userId)
      later('password change notice', () =>
        mail.send({
          to: reset.email,
          subject: 'Your password was changed',
          text: 'The password of your Trust Portal account was just changed. If this was not you, contact your administrator.',
        }),
      )
      req.log.info({ tenantId: reset.tenantId, userId: reset.userId }, 'password reset')
      return { status: true, message: 'Password changed Successfully' }
    },
  )
}
