// Proving the address: the emailed link's page posts its token here (public: the link may be opened
// in another browser); a signed-in user whose address is unproven may ask for a new link.
import { hashToken } from '@portal/auth'
import { MessageReply, errorReplies, VerifyEmailBody } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireAuth, requireStaff } from '@portal/http'
import { recordAttempt, secondsOverLimit } from '../db/attempts.repo.js'
import { findVerification, useVerification } from '../db/verifications.repo.js'
import { findUser, markEmailVerified } from '../db/users.repo.js'
import type { RouteDeps } from '../deps.js'
import { sendVerification } from '../verification.js'

/** New links a user may ask for per hour (each is an email to the address). */
export const RESENDS_PER_HOUR = 3

export const verifyMessages = {
  verified: 'Your email address is verified.',
  alreadyVerified: 'Your email address is already verified.',
  invalid: 'This verification link is not valid. Sign in and use "Resend the link" to get a new one.',
  expired: 'This verification link has expired. Sign in and use "Resend the link" to get a new one.',
  used: 'This verification link was already used. Sign in and use "Resend the link" if your address is still not verified.',
  sent: (email: string) => `We sent a new link to ${email}. It works once and expires in 48 hours.`,
  tooMany: 'You asked for several links already. Please use the latest one, or try again in an hour.',
} as const

export function verificationRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db } = deps
  const invalid = (message: string) => new AppError('INVALID_REQUEST', { message })

  app.post(
    '/user/verify-email',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['identity'], body: VerifyEmailBody, response: { 200: MessageReply, ...errorReplies(400, 413, 415, 429) } },
    },
    async (req) => {
      const link = await findVerification(db, hashToken(req.body.token))
      if (!link) throw invalid(verifyMessages.invalid)
      const user = await findUser(db, link.tenantId, link.userId)
      if (!user) throw invalid(verifyMessages.invalid)
      if (link.usedAt) {
        // A second click: nothing changes, and the answer says where things stand.
        if (user.emailVerifiedAt) return { status: true, message: verifyMessages.alreadyVerified }
        throw invalid(verifyMessages.used)
      }
      if (link.expiresAt < new Date()) throw invalid(verifyMessages.expired)
      if (!(await useVerification(db, link.tenantId, link.id))) throw invalid(verifyMessages.used)
      await markEmailVerified(db, link.tenantId, link.userId)
      req.log.info({ tenantId: link.tenantId, userId: link.userId }, 'email verified')
      return { status: true, message: verifyMessages.verified }
    },
  )

  app.post(
    '/user/verify-email/resend',
    {
      preHandler: [requireAuth, requireStaff],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['identity'], response: { 200: MessageReply, ...errorReplies(400, 401, 403, 413, 415, 429) } },
    },
    async (req) => {
      const me = principalOf(req)
      const user = await findUser(db, me.tenantId, me.userId)
      if (!user) throw new AppError('UNAUTHENTICATED')
      if (user.emailVerifiedAt) return { status: true, message: verifyMessages.alreadyVerified }
      const retryAfter = await secondsOverLimit(db, 'verify_resend', user.id, { max: RESENDS_PER_HOUR, windowMs: 3600_000 })
      if (retryAfter) throw new AppError('RATE_LIMITED', { message: verifyMessages.tooMany, retryAfter })
      await recordAttempt(db, 'verify_resend', user.id)
      await sendVerification(deps, user)
      return { status: true, message: verifyMessages.sent(user.email) }
    },
  )
}
