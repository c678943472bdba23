// Sign-in, silent renewal (refresh-token rotation with reuse detection) and sign-out.
// Failed sign-ins are throttled per (account, address) and per address, and per account only for
// browsers that are not the account's trusted devices: a browser that signed in successfully before
// carries a device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies") and is
// limited by its own failures alone, so nobody else's guessing locks the owner out (security.md B8).
import { AUDIT, recordAudit } from '@portal/audit'
import { hashToken, randomToken } from '@portal/auth'
import { errorReplies, LoginBody, MessageReply, REFRESH_COOKIE_SECURITY, RefreshReply, SignInReply } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import type { FastifyReply } from 'fastify'
import { attemptsSince, clearAttempts, type Limit, recordAttempt, secondsOverLimit } from '../db/attempts.repo.js'
import { findDevice, insertDevice, touchDevice } from '../db/devices.repo.js'
import type { AttemptKind } from '../db/schema.js'
import { findRefreshToken, revokeRefreshToken, revokeSessionTokens } from '../db/sessions.repo.js'
import { findTenant } from '../db/tenants.repo.js'
import { findUser, findUserByEmailAnyTenant } from '../db/users.repo.js'
import type { RouteDeps } from '../deps.js'
import { loginAttackNotice } from '../domain/account-mail.js'
import { verifyPassword } from '../domain/password-hash.js'
import { messages, normaliseEmail } from '../domain/rules.js'
import { enrolmentDue, signInOrSecondFactor } from '../mfa-gate.js'
import { clearRefreshCookie, issueSession, REFRESH_COOKIE, themeSettings } from '../sessions.js'
import { passwordSignInRefused, SSO_REQUIRED_MESSAGE } from '../sso/password-policy.js'

const HOUR = 3600_000
const DAY = 24 * HOUR
/**
 * A refresh token rotated this recently may come back once more while its successor is unused: the
 * reply that carried the successor was lost. Later, or once the successor was used, it is theft.
 */
export const REUSE_GRACE_MS = 10_000
/** Failed sign-ins an hour before that sender is throttled: soft limits, they end by themselves. */
export const LOGIN_LIMITS = {
  /** One guesser at one address, against one account. */
  pair: { max: 10, windowMs: HOUR },
  /** One address, whatever the accounts (a spray). */
  address: { max: 50, windowMs: HOUR },
  /** One account from browsers that are not its devices (ASVS 4.0.3 2.2.1: at most 100 an hour). */
  account: { max: 100, windowMs: HOUR },
  /** One trusted device: its own failures only. */
  device: { max: 10, windowMs: HOUR },
} satisfies Record<string, Limit>
/** Failures an hour on an account at which its owner is emailed, at most once a day. */
export const ATTACK_NOTICE_AT = 20

export const DEVICE_COOKIE = 'portal_dc'
const DEVICE_TTL_S = 180 * 24 * 3600

const tooMany = (retryAfter: number) => new AppError('RATE_LIMITED', { message: 'Too many failed sign-in attempts. Please try again later.', retryAfter })

export function sessionRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, mail, later } = deps

  const setDeviceCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(DEVICE_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.cookieSecure,
      path: '/api/userlogin',
      maxAge: DEVICE_TTL_S,
    })

  /** Once an account collects ATTACK_NOTICE_AT failures within the hour, its owner hears of it (once a day). */
  const noticeAttack = async (email: string, owner: { email: string } | undefined) => {
    const { count } = await attemptsSince(db, 'login_failure', email, new Date(Date.now() - HOUR))
    if (count < ATTACK_NOTICE_AT) return
    if ((await attemptsSince(db, 'login_attack_notice', email, new Date(Date.now() - DAY))).count > 0) return
    await recordAttempt(db, 'login_attack_notice', email) // for unknown addresses too: the same work
    if (owner) later('sign-in attack notice', () => mail.send({ to: owner.email, ...loginAttackNotice(count) }))
  }

  app.post(
    '/userlogin',
    {
      // Per IP here (a flood of requests); failures below, in the database, so every process counts them.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        body: LoginBody,
        response: { 200: SignInReply, ...errorReplies(400, 403, 413, 415, 429) },
      },
    },
    async (req, reply) => {
      const email = normaliseEmail(req.body.email)
      const presented = req.cookies[DEVICE_COOKIE]
      const device = presented ? await findDevice(db, hashToken(presented)) : undefined
      const trusted = device && device.email === email ? device : undefined
      const counters: [AttemptKind, string, Limit][] = trusted
        ? [['login_failure_device', trusted.id, LOGIN_LIMITS.device]]
        : [
            ['login_failure_ip', req.ip, LOGIN_LIMITS.address],
            ['login_failure_pair', `${email} ${req.ip}`, LOGIN_LIMITS.pair],
            ['login_failure', email, LOGIN_LIMITS.account],
          ]
      for (const [kind, key, limit] of counters) {
        const retryAfter = await secondsOverLimit(db, kind, key, limit)
        if (retryAfter) throw tooMany(retryAfter)
      }
      const user = await findUserByEmailAnyTenant(db, email)
      // A company that requires SSO: no password sign-in on its domains, whoever asks (security.md).
      if (await passwordSignInRefused(db, email, user, deps.hasSecondFactor)) {
        // Logged for the company's own accounts only: unknown addresses on its domain would let anyone fill its log.
        if (user)
          await recordAudit(db, req, {
            action: AUDIT.loginFailed,
            tenantId: user.tenantId,
            actor: { id: user.id, email: user.email },
            target: `${user.email} (password refused: single sign-on required)`,
          })
        throw new AppError('FORBIDDEN', { message: SSO_REQUIRED_MESSAGE })
      }
      // Unknown accounts run the same hash as wrong passwords and get the same answer (security.md B7).
      const valid = await verifyPassword(user?.passwordHash, req.body.password)
      const tenant = user && valid ? await findTenant(db, user.tenantId) : undefined
      // A deprovisioned account (SCIM active=false) is refused like a wrong password: nothing told.
      if (!user || !valid || !tenant || user.deactivatedAt !== null) {
        for (const [kind, key] of counters) await recordAttempt(db, kind, key)
        if (!trusted) await noticeAttack(email, user)
        // Only an existing account belongs to a company whose log can hold the failure.
        if (user)
          await recordAudit(db, req, { action: AUDIT.loginFailed, tenantId: user.tenantId, actor: { id: user.id, email: user.email }, target: user.email })
        throw new AppError('INVALID_REQUEST', { message: messages.invalidCredentials })
      }
      // The account's own counter is not cleared: the owner signing in must not reset an attacker's budget.
      if (trusted) {
        await clearAttempts(db, 'login_failure_device', trusted.id)
        await touchDevice(db, trusted.tenantId, trusted.id)
      } else {
        await clearAttempts(db, 'login_failure_pair', `${email} ${req.ip}`)
        const token = randomToken() // 256 bits; only its hash is stored
        await insertDevice(db, user.tenantId, { userId: user.id, tokenHash: hashToken(token) })
        setDeviceCookie(reply, token)
      }
      // A session now, or a second factor first (mfa-gate.ts): the one decision other sign-ins share.
      const answer = await signInOrSecondFactor(deps, reply, user, tenant)
      // Signed in only once a session is issued; a second factor still to give is recorded by its route.
      if (!('mfaRequired' in answer.data))
        await recordAudit(db, req, { action: AUDIT.loginSucceeded, tenantId: user.tenantId, actor: { id: user.id, email: user.email }, target: user.email })
      return answer
    },
  )

  app.post(
    '/token/refresh',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['identity'], security: REFRESH_COOKIE_SECURITY, response: { 200: RefreshReply, ...errorReplies(400, 401, 413, 415, 429) } },
    },
    async (req, reply) => {
      const presented = req.cookies[REFRESH_COOKIE]
      if (!presented) throw new AppError('UNAUTHENTICATED')
      const row = await findRefreshToken(db, hashToken(presented))
      if (!row) throw new AppError('UNAUTHENTICATED')
      // Rotated moments ago and its successor never used: the reply carrying the successor was lost (the
      // tab closed or reloaded mid-renewal). The successor is retired (it points nowhere, so if it ever
      // comes back it was stolen) and this token is rotated again.
      const lostReply =
        row.revokedAt !== null &&
        row.replacedBy !== null &&
        row.revokedAt.getTime() > Date.now() - REUSE_GRACE_MS &&
        (await revokeRefreshToken(db, row.tenantId, row.replacedBy))
      // The conditional revoke is the rotation's lock: of two requests with one token, one wins.
      if (!lostReply && (row.revokedAt || !(await revokeRefreshToken(db, row.tenantId, row.id)))) {
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
      if (!user || !tenant || user.deactivatedAt !== null) throw new AppError('UNAUTHENTICATED')
      // A session older than the company's "MFA required" does not renew until its owner enrols.
      if (await enrolmentDue(deps, row.tenantId, row.userId)) {
        await revokeSessionTokens(db, row.tenantId, row.sessionId)
        await deps.tokens.revokeSession(row.sessionId)
        clearRefreshCookie(deps, reply)
        throw new AppError('UNAUTHENTICATED')
      }
      // After a lost reply the token keeps pointing at the retired successor, so its grace is spent:
      // presented once more it finds that successor revoked already, which is reuse.
      const data = await issueSession(deps, reply, user, tenant.dbName, row.sessionId, lostReply ? undefined : row.id)
      return { status: true, data, themesettings: themeSettings() }
    },
  )

  // Public on purpose: a user whose access token expired can still end the session with the cookie.
  app.post('/logout', { schema: { tags: ['identity'], response: { 200: MessageReply, ...errorReplies(400, 413, 415) } } }, async (req, reply) => {
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
