// Sessions: a short-lived access token in the reply, and a rotating refresh token in an HttpOnly,
// SameSite=Strict cookie scoped to /api. A session id ties them together so that logout and
// password changes can end it everywhere at once.
import { hashToken, randomToken } from '@portal/auth'
import { DEFAULT_THEME, REFRESH_COOKIE } from '@portal/contracts'
import type { FastifyReply } from 'fastify'
import { insertRefreshToken, markReplaced, revokeUserSessions } from './db/sessions.repo.js'
import type { IdentityDeps } from './deps.js'

export { REFRESH_COOKIE }

export interface SessionUser {
  id: string
  tenantId: string
  email: string
  firstName: string
  lastName: string
  admin: boolean
  inboundUser: boolean
  emailVerifiedAt: Date | null
}

/** The spec's auth user, as login, sign-up and refresh answer it. */
export interface AuthUserData {
  _id: string
  firstName: string
  lastName: string
  email: string
  admin: boolean
  inboundUser: boolean
  dbName: string
  /** The token's `ev` claim, for the web app's banner. */
  emailVerified: boolean
  token: string
  expiresIn: number
}

export const themeSettings = () => ({ _id: null, ...DEFAULT_THEME })

export function setRefreshCookie(deps: IdentityDeps, reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.cookieSecure,
    path: '/api',
    maxAge: deps.config.jwt.refreshTtl,
  })
}

export function clearRefreshCookie(deps: IdentityDeps, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api', httpOnly: true, sameSite: 'strict', secure: deps.config.cookieSecure })
}

/** Issues a refresh token (cookie) and an access token for the session; `replacing` is the token rotated out. */
export async function issueSession(
  deps: IdentityDeps,
  reply: FastifyReply,
  user: SessionUser,
  dbName: string,
  sessionId: string = crypto.randomUUID(),
  replacing?: string,
): Promise<AuthUserData> {
  const refresh = randomToken()
  const refreshId = await insertRefreshToken(deps.db, user.tenantId, {
    userId: user.id,
    sessionId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(Date.now() + deps.config.jwt.refreshTtl * 1000),
  })
  if (replacing) await markReplaced(deps.db, user.tenantId, replacing, refreshId)
  setRefreshCookie(deps, reply, refresh)
  const emailVerified = user.emailVerifiedAt !== null
  const { token, expiresIn } = await deps.tokens.issueAccess({
    userId: user.id,
    tenantId: user.tenantId,
    dbName,
    admin: user.admin,
    inboundUser: user.inboundUser,
    sessionId,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    emailVerified,
  })
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    admin: user.admin,
    inboundUser: user.inboundUser,
    dbName,
    emailVerified,
    token,
    expiresIn,
  }
}

/** Ends every session of the user: refresh tokens revoked, access tokens refused from now on. */
export async function endAllSessions(deps: IdentityDeps, tenantId: string, userId: string): Promise<void> {
  for (const sessionId of await revokeUserSessions(deps.db, tenantId, userId)) await deps.tokens.revokeSession(sessionId)
}
