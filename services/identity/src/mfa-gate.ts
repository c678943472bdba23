// The one place that decides, once a password (or, later, another first factor) was proven:
// a session now, or a second factor first. A user with a factor, or a member of a company that
// requires one, gets no session here: only a short-lived, single-use mfaToken (its hash stored),
// which /api/mfa/verify, or the enrolment routes when `enrol`, exchange for the session. No refresh
// token exists before that, so renewal cannot skip the second factor either.
import { hashToken, randomToken } from '@portal/auth'
import type { FastifyReply } from 'fastify'
import { hasFactor, insertChallenge, mfaRequiredOf } from './db/mfa.repo.js'
import type { IdentityDeps } from './deps.js'
import { type AuthUserData, issueSession, type SessionUser, themeSettings } from './sessions.js'

export const MFA_TOKEN_TTL_MS = 5 * 60_000

export type SignInReply =
  | { status: true; message: string; data: AuthUserData; themesettings: ReturnType<typeof themeSettings> }
  | { status: true; message: string; data: { mfaRequired: true; mfaToken: string; enrol: boolean; methods: ('totp' | 'webauthn')[] } }

/** The company requires a second factor and this user has none: no session may open or renew. */
export async function enrolmentDue(deps: IdentityDeps, tenantId: string, userId: string): Promise<boolean> {
  const factors = await hasFactor(deps.db, tenantId, userId)
  return !factors.totp && factors.passkeys === 0 && (await mfaRequiredOf(deps.db, tenantId))
}

export async function signInOrSecondFactor(
  deps: IdentityDeps,
  reply: FastifyReply,
  user: SessionUser,
  tenant: { id: string; dbName: string },
  message = 'Login successful',
): Promise<SignInReply> {
  const factors = await hasFactor(deps.db, user.tenantId, user.id)
  const enrol = !factors.totp && factors.passkeys === 0
  if (enrol && !(await mfaRequiredOf(deps.db, tenant.id))) {
    const data = await issueSession(deps, reply, user, tenant.dbName)
    return { status: true, message, data, themesettings: themeSettings() }
  }
  const mfaToken = randomToken() // 256 bits; only its hash is stored
  await insertChallenge(deps.db, user.tenantId, { userId: user.id, tokenHash: hashToken(mfaToken), enrol, expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_MS) })
  const methods: ('totp' | 'webauthn')[] = enrol ? ['totp'] : [...(factors.totp ? ['totp' as const] : []), ...(factors.passkeys ? ['webauthn' as const] : [])]
  return {
    status: true,
    message: enrol ? 'Set up a second factor to continue' : 'Second factor required',
    data: { mfaRequired: true, mfaToken, enrol, methods },
  }
}
