// Sign-in, silent renewal and sign-out.
import { hashToken } from '@portal/auth'
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { hash, verify } from '@node-rs/argon2'
import { Type } from 'typebox'
import { attemptsSince, clearAttempts, recordAttempt } from '../db/attempts.repo.js'
import { revokeRefreshToken, revokeSessionTokens, findRefreshToken } from '../db/sessions.repo.js'
import { findTenant } from '../db/tenants.repo.js'
import { findUser, findUserByEmailAnyTenant } from '../db/users.repo.js'
import type { IdentityDeps } from '../deps.js'
import { messages, normaliseEmail } from '../domain/rules.js'
import { clearRefreshCookie, issueSession, REFRESH_COOKIE, themeSettings } from '../sessions.js'

const LOGIN_FAILURES_PER_HOUR = 100
// Verified for unknown emails so that both answers take the same time (no account enumeration).
const dummyHash = hash('not-a-real-password-Zx9!')

export function sessionRoutes(app: AppInstance, deps: IdentityDeps): void {
  const { db } = deps

  app.post('/userlogin', {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags: ['identity'], body: Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) }) },
  }, async (req, reply) => {
    const email = normaliseEmail(req.body.email)
    const hourAgo = new Date(Date.now() - 3600_000)
    const failures = await attemptsSince(db, 'login_failure', email, hourAgo)
    if (failures.count >= LOGIN_FAILURES_PER_HOUR) {
      throw new AppError('RATE_LIMITED', { message: 'Too many failed sign-in attempts. Please try again later.', retryAfter: 3600 })
    }
    const user = await findUserByEmailAnyTenant(db, email)
    const valid = await verify(user?.passwordHash ?? (await dummyHash), req.body.password).catch(() => false)
    if (!user || !valid) {
      await recordAttempt(db, 'login_failure', email)
      throw new AppError('INVALID_REQUEST', { message: messages.invalidCredentials })
    }
    await clearAttempts(db, 'login_failure', email)
    const tenant = await findTenant(db, user.tenantId)
    if (!tenant) throw new AppError('INVALID_REQUEST', { message: messages.invalidCredentials })
    const data = await issueSession(deps, reply, user, tenant.dbName)
    return { status: true, message: 'Login successful', data, themesettings: themeSettings() }
  })

  app.post('/token/refresh', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags: ['identity'] } }, async (req, reply) => {
    const presented = req.cookies[REFRESH_COOKIE]
    if (!presented) throw new AppError('UNAUTHENTICATED')
    const row = await findRefreshToken(db, hashToken(presented))
    if (!row) throw new AppError('UNAUTHENTICATED')
    if (row.revokedAt || !(await revokeRefreshToken(db, row.tenantId, row.id))) {
      // A used token came back: it was stolen or replayed. End the whole session.
      req.log.warn({ sessionId: row.sessionId }, 'security: refresh token reuse, session revoked')
      await revokeSessionTokens(db, row.tenantId, row.sessionId)
      await deps.tokens.revokeSession(row.sessionId)
      clearRefreshCookie(deps, reply)
      throw new AppError('UNAUTHENTICATED')
    }
    if (row.expiresAt < new Date()) throw new AppError('UNAUTHENTICATED')
    const [user, tenant] = await Promise.all([findUser(db, row.tenantId, row.userId), findTenant(db, row.tenantId)])
    if (!user || !tenant) throw new AppError('UNAUTHENTICATED')
    const data = await issueSession(deps, reply, user, tenant.dbName, row.sessionId)
    return { status: true, data, themesettings: themeSettings() }
  })

  app.post('/logout', { schema: { tags: ['identity'] } }, async (req, reply) => {
    const presented = req.cookies[REFRESH_COOKIE]
    const row = presented ? await findRefreshToken(db, hashToken(presented)) : undefined
    if (row) {
      await revokeSessionTokens(db, row.tenantId, row.sessionId)
      await deps.tokens.revokeSession(row.sessionId)
    }
    const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '')
    if (bearer) {
      const principal = await deps.tokens.verifyAccess(bearer).catch(() => undefined)
      if (principal) {
        await revokeSessionTokens(db, principal.tenantId, principal.sessionId)
        await deps.tokens.revokeSession(principal.sessionId)
      }
    }
    clearRefreshCookie(deps, reply)
    return { status: true, message: 'Logged out' }
  })
}
