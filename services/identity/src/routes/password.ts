// Forgot password: an emailed code (hashed, single use, 10-minute expiry, burned after 5 wrong
// tries, at most 3 an hour per address), then a new password; every session ends after it.
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { Type } from 'typebox'
import { attemptsSince, recordAttempt } from '../db/attempts.repo.js'
import { consumeOtp, findLiveOtp, markOtpValidated, recordWrongOtp, replaceOtp } from '../db/otps.repo.js'
import { findUserByEmailAnyTenant, setPasswordHash } from '../db/users.repo.js'
import type { IdentityDeps } from '../deps.js'
import { hashPassword } from '../domain/password-hash.js'
import { generateOtp, hashOtp, OTP_MAX_ATTEMPTS, OTP_TTL_MS, otpMatches, RESET_REQUESTS_PER_HOUR, RESET_WINDOW_MS } from '../domain/otp.js'
import { messages, normaliseEmail, passwordProblem } from '../domain/rules.js'
import { endAllSessions } from '../sessions.js'
import { Message } from './schemas.js'

const Email = Type.String({ maxLength: 254 })

export function passwordRoutes(app: AppInstance, deps: IdentityDeps): void {
  const { db, config, mail, logger } = deps
  const digits = config.otpDigits

  app.post('/user/forgotpassword', {
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags: ['identity'],
      body: Type.Object({ email: Type.Optional(Email) }), // missing gets the spec's message, below
      response: { 200: Type.Object({ status: Type.Boolean(), message: Type.String(), data: Type.Object({ otpDigits: Type.Integer() }) }) },
    },
  }, async (req) => {
    const email = normaliseEmail(req.body.email ?? '')
    if (!email) throw new AppError('INVALID_REQUEST', { message: messages.resetEmailRequired })
    if (!isValidEmail(email)) throw new AppError('INVALID_REQUEST', { message: messages.resetEmailInvalid })
    // Counted per address whether or not an account exists, so the answer reveals nothing.
    const hourAgo = new Date(Date.now() - 3600_000)
    const { count, oldest } = await attemptsSince(db, 'reset_request', email, hourAgo)
    if (count >= RESET_REQUESTS_PER_HOUR) {
      const retryAfter = oldest ? Math.max(1, Math.ceil((oldest.getTime() + 3600_000 - Date.now()) / 1000)) : 3600
      throw new AppError('RATE_LIMITED', { message: 'Too many codes requested. Please try again later.', retryAfter })
    }
    await recordAttempt(db, 'reset_request', email)
    const user = await findUserByEmailAnyTenant(db, email)
    if (user) {
      const code = generateOtp(digits)
      await replaceOtp(db, user.tenantId, { userId: user.id, codeHash: hashOtp(user.id, code), expiresAt: new Date(Date.now() + OTP_TTL_MS) })
      // Not awaited: sending takes time only when the account exists.
      mail.send({
        to: user.email,
        subject: 'Your password reset code',
        text: `Your password reset code is ${code}\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.`,
      }).catch((err: unknown) => logger.error({ err }, 'reset code mail failed'))
    }
    return { status: true, message: 'OTP has been sent to your email', data: { otpDigits: digits } }
  })

  app.post('/user/otpvalidation', {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags: ['identity'], body: Type.Object({ email: Email, otp: Type.String({ maxLength: 20 }) }), response: { 200: Message } },
  }, async (req) => {
    if (!new RegExp(`^\\d{${digits}}$`).test(req.body.otp)) throw new AppError('INVALID_REQUEST', { message: messages.otpFormat(digits) })
    const user = await findUserByEmailAnyTenant(db, normaliseEmail(req.body.email))
    const otp = user ? await findLiveOtp(db, user.tenantId, user.id) : undefined
    if (!user || !otp || otp.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('INVALID_REQUEST', { message: messages.invalidOtp })
    if (otp.expiresAt < new Date()) throw new AppError('INVALID_REQUEST', { message: messages.expiredOtp })
    if (!otpMatches(otp.codeHash, user.id, req.body.otp)) {
      await recordWrongOtp(db, user.tenantId, otp.id)
      throw new AppError('INVALID_REQUEST', { message: messages.invalidOtp })
    }
    await markOtpValidated(db, user.tenantId, otp.id)
    return { status: true, message: 'OTP Validated Successfully' }
  })

  app.post('/user/changepassword', {
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags: ['identity'],
      body: Type.Object({ email: Email, password: Type.Optional(Type.String({ maxLength: 256 })), cnfpassword: Type.Optional(Type.String({ maxLength: 256 })) }),
      response: { 200: Message },
    },
  }, async (req) => {
    const user = await findUserByEmailAnyTenant(db, normaliseEmail(req.body.email))
    const otp = user ? await findLiveOtp(db, user.tenantId, user.id) : undefined
    const fresh = otp?.validatedAt && otp.validatedAt.getTime() > Date.now() - RESET_WINDOW_MS
    if (!user || !otp || !fresh) throw new AppError('INVALID_REQUEST', { message: messages.invalidOtp })
    const { password = '', cnfpassword = '' } = req.body
    if (!password) throw new AppError('INVALID_REQUEST', { message: messages.newPasswordRequired })
    if (!cnfpassword) throw new AppError('INVALID_REQUEST', { message: messages.confirmPasswordRequired })
    const problem = passwordProblem(password)
    if (problem) throw new AppError('INVALID_REQUEST', { message: problem })
    if (password !== cnfpassword) throw new AppError('INVALID_REQUEST', { message: messages.resetMismatch })
    if (!(await consumeOtp(db, user.tenantId, otp.id))) throw new AppError('INVALID_REQUEST', { message: messages.invalidOtp })
    await setPasswordHash(db, user.tenantId, user.id, await hashPassword(password))
    await endAllSessions(deps, user.tenantId, user.id)
    mail.send({ to: user.email, subject: 'Your password was changed', text: 'The password of your Trust Portal account was just changed. If this was not you, contact your administrator.' })
      .catch((err: unknown) => logger.error({ err }, 'password change notice failed'))
    return { status: true, message: 'Password changed Successfully' }
  })
}
