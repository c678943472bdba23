// Sign-in, silent renewal (refresh-token rotation with reuse detection) and sign-out.
import { hashToken } from '@portal/auth'
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { Type } from 'typebox'
import { attemptsSince, clearAttempts, recordAttempt } from '../db/attempts.repo.js'
import { findRefreshToken, revokeRefreshToken, revokeSessionTokens } from '../db/sessions.repo.js'
import { findTenant } from '../db/tenants.repo.js'
import { findUser, findUserByEmailAnyTenant } from '../db/users.repo.js'
import type { IdentityDeps } from '../deps.js'
import { verifyPassword } from '../domain/password-hash.js'
import { messages, normaliseEmail } from '../domain/rules.js'
import { clearRefreshCookie, issueSession, REFRESH_COOKIE, themeSettings } from '../sessions.js'
import { Message, SessionReply } from './schemas.js'

/** Failed sign-ins per account and hour before it is throttled (ASVS 4.0.3 2.2.1); soft: it ends by itself. */
const LOGIN_FAILURES_PER_HOUR = 100
const HOUR = 3600_000

export function sessionRoutes(app: AppInstance, deps: IdentityDeps): void {
  const { db } = deps

  app.post('/userlogin', {
    // Per IP here; per account below, in the database, so every process counts the same failures.
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['identity'],
      body: Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) }),
      response: { 200: SessionReply },
    },
  }, async (req, reply) => {
    const email = normaliseEmail(req.body.email)
    const failures = await attemptsSince(db, 'login_failure', email, new Date(Date.now() - HOUR))
    if (failures.count >= LOGIN_FAILURES_PER_HOUR) {
      const retryAfter = failures.oldest ? Math.max(1, Math.ceil((failures.oldest.getTime() + HOUR - Date.now()) / 1000)) : 3600
      throw new AppError('RATE_LIMITED', { message: 'Too many failed sign-in attempts. Please try again later.', retryAfter })
    }
    const user = await findUserByEmailAnyTenant(db, email)
    // Unknown accounts run the same hash as wrong passwords and get the same answer (security.md B7).
    const valid = await verifyPassword(user?.passwordHash, req.body.password)
    const tenant = user && valid ? await findTenant(db, user.tenantId) : undefined
    if (!user || !valid || !tenant) {
      await recordAttempt(db, 'login_failure', email)
      throw new AppError('INVALID_REQUEST', { message: messages.invalidCredentials })
    }
    await clearAttempts(db, 'login_failure', email)
    const data = await issueSession(deps, reply, user, tenant.dbName)
    return { status: true, message: 'Login successful', data, themesettings: themeSettings() }
  })

  app.post('/token/refresh', {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['identity'], response: { 200: SessionReply } },
  }, async (req, reply) => {
    const presented = req.cookies[REFRESH_COOKIE]
    if (!presented) throw new AppError('UNAUTHENTICATED')
    const row = await findRefreshToken(db, hashToken(presented))
    if (!row) throw new AppError('UNAUTHENTICATED')
    // The conditional revoke is the rotation's lock: of two requests with one token, one wins.
    if (row.revokedAt || !(await revokeRefreshToken(db, row.tenantId, row.id))) {
      // A used token came back: it was stolen or replayed. End the whole session.
      req.log.warn({ sessionId: row.sessionId, tenantId: row.tenantId }, 'security: refresh token reuse, session revoked')
      await revokeSessionTokens(db, row.tenantId, row.sessionId)
      await deps.tokens.revokeSession(row.sessionId)
      clearRefreshCookie(deps, reply)
      throw new AppError('UNAUTHENTICATED')
    }
    if (row.expiresAt < new Date()) {
      clearRefreshCookie(deps, reply)
      throw new AppError('UNAUTHENTICATED')
    }
    const [user, tenant] = await Promise.all([findUser(db, row.tenantId, row.userId), findTenant(db, row.tenantId)])
    if (!user || !tenant) throw new AppError('UNAUTHENTICATED')
    const data = await issueSession(deps, reply, user, tenant.dbName, row.sessionId, row.id)
    return { status: true, data, themesettings: themeSettings() }
  })

  // Public on purpose: a user whose access token expired can still end the session with the cookie.
  app.post('/logout', { schema: { tags: ['identity'], response: { 200: Message } } }, async (req, reply) => {
    const sessions = new Map<string, string>() // sessionId → tenantId
    const presented = req.cookies[REFRESH_COOKIE]
    const row = presented ? await findRefreshToken(db, hashToken(presented)) : undefined
    if (row) sessions.set(row.sessionId, row.tenantId)
    const bearer = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]
    const principal = bearer ? await deps.tokens.verifyAccess(bearer).catch(() => undefined) : undefined
    if (principal) sessions.set(principal.sessionId, principal.tenantId)
    for (const [sessionId, tenantId] of sessions) {
      await revokeSessionTokens(db, tenantId, sessionId)
      await deps.tokens.revokeSession(sessionId)
    }
    clearRefreshCookie(deps, reply)
    reply.header('Clear-Site-Data', '"cookies"')
    return { status: true, message: 'Logged out' }
  })
}
