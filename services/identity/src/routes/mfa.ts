// Second factor for staff: TOTP (with single-use recovery codes) and WebAuthn passkeys, the
// sign-in's second step (the mfaToken from POST /api/userlogin), enrolment during sign-in when the
// company requires a factor, the company setting, and resets. Wrong codes and assertions count per
// user in the attempts table (the sign-in lockout's mechanism); over the limit even a right one waits.
import { AUDIT, recordAudit } from '@portal/audit'
import { hashToken } from '@portal/auth'
import {
  DisableTotpBody,
  EnrolConfirmBody,
  EnrolConfirmReply,
  errorReplies,
  isUuid,
  LoginReply,
  MessageReply,
  MfaPolicyBody,
  MfaPolicyReply,
  MfaStatusReply,
  MfaTokenBody,
  MfaVerifyBody,
  PasskeyParams,
  PersonParams,
  RecoveryCodesReply,
  TotpConfirmBody,
  TotpStartReply,
  WebauthnAuthVerifyBody,
  WebauthnOptionsReply,
  WebauthnRegisterBody,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireAdmin, requireAuth, requireStaff } from '@portal/http'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type SignInMethod, signInTarget } from '../audit-actors.js'
import { type Limit, recordAttempt, secondsOverLimit } from '../db/attempts.repo.js'
import {
  consumeChallenge,
  deletePasskey,
  findChallenge,
  findTotp,
  hasFactor,
  insertPasskey,
  listPasskeys,
  mfaRequiredOf,
  recoveryCodesLeft,
  removeAllFactors,
  removeTotp,
  replaceRecoveryCodes,
  setChallengeWebauthn,
  setMfaRequired,
  setRegistrationChallenge,
  startTotp,
  takeRegistrationChallenge,
  touchPasskey,
  useRecoveryCode,
  useTotpStep,
} from '../db/mfa.repo.js'
import { findTenant } from '../db/tenants.repo.js'
import { findUser } from '../db/users.repo.js'
import type { RouteDeps } from '../deps.js'
import { hashRecoveryCode, newRecoveryCode, newTotpSecret, RECOVERY_CODES, totpOf, totpStep } from '../domain/totp.js'
import { endAllSessions, issueSession, themeSettings } from '../sessions.js'

/** Wrong second-factor answers an hour per user before even the right one waits (TOTP: 3 in 10^6 per try). */
export const MFA_LIMIT: Limit = { max: 10, windowMs: 3600_000 }
const REGISTRATION_TTL_MS = 5 * 60_000

export const mfaMessages = {
  invalidCode: 'Invalid code. Please try again.',
  expired: 'This sign-in has expired. Please sign in again.',
  tooMany: 'Too many wrong codes. Please try again later.',
  noTotp: 'Start the authenticator set-up first.',
  totpActive: 'An authenticator app is already set up. Disable it first to set up another.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  ownFactorFirst: 'Set up your own second factor before requiring one for the company.',
}
const invalid = (message: string) => new AppError('INVALID_REQUEST', { message })
const notFound = () => new AppError('NOT_FOUND', { message: 'Not found' })

export function mfaRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, config } = deps
  const staff = { preHandler: [requireAuth, requireStaff] }
  const admin = { preHandler: [requireAuth, requireStaff, requireAdmin] }
  const publicUrl = new URL(config.publicUrl)
  // WebAuthn binds credentials to the site: its name and origin come from config, never from a request.
  const rp = { id: publicUrl.hostname, origin: publicUrl.origin, name: 'Trust Portal' }
  const limits = { rateLimit: { max: 20, timeWindow: '1 minute' } }

  const userOf = async (tenantId: string, userId: string) => {
    const user = await findUser(db, tenantId, userId)
    if (!user) throw new AppError('UNAUTHENTICATED')
    return user
  }

  /** Over the limit: refused before the answer is looked at. */
  const guard = async (userId: string) => {
    const retryAfter = await secondsOverLimit(db, 'mfa_failure', userId, MFA_LIMIT)
    if (retryAfter) throw new AppError('RATE_LIMITED', { message: mfaMessages.tooMany, retryAfter })
  }
  /** A wrong answer: counted against the limit, and written to the company's audit log. */
  const failed = async (req: FastifyRequest, tenantId: string, userId: string, message = mfaMessages.invalidCode) => {
    await recordAttempt(db, 'mfa_failure', userId)
    const user = await findUser(db, tenantId, userId)
    await recordAudit(db, req, { action: AUDIT.mfaFailed, tenantId, actor: { id: userId, email: user?.email ?? null }, target: user?.email })
    return invalid(message)
  }

  /** A TOTP code of a later step than the last accepted, or an unused recovery code: its method, once. */
  const acceptCode = async (tenantId: string, userId: string, code: string): Promise<SignInMethod | undefined> => {
    const totp = await findTotp(db, tenantId, userId)
    if (/^\d{6}$/.test(code.trim())) {
      if (!totp?.confirmedAt) return undefined
      const step = totpStep(deps.box.open(totp.secretEnc, userId), code.trim())
      return step !== undefined && (await useTotpStep(db, tenantId, userId, step)) ? 'totp' : undefined
    }
    return (await useRecoveryCode(db, tenantId, userId, hashRecoveryCode(userId, code))) ? 'recovery code' : undefined
  }

  /** A pending sign-in: `enrol` says which kind the route serves (second step, or enrolment). */
  const challengeOf = async (mfaToken: string, enrol: boolean) => {
    const challenge = await findChallenge(db, hashToken(mfaToken))
    if (!challenge || challenge.enrol !== enrol) throw invalid(mfaMessages.expired)
    return challenge
  }

  /** The sign-in completes: the token is spent, the session opens as POST /api/userlogin opens it, and the log says how. */
  const complete = async (req: FastifyRequest, reply: FastifyReply, challenge: { id: string; tenantId: string; userId: string }, method: SignInMethod) => {
    if (!(await consumeChallenge(db, challenge.tenantId, challenge.id))) throw invalid(mfaMessages.expired)
    const [user, tenant] = await Promise.all([findUser(db, challenge.tenantId, challenge.userId), findTenant(db, challenge.tenantId)])
    if (!user || !tenant) throw invalid(mfaMessages.expired)
    const data = await issueSession(deps, reply, user, tenant.dbName)
    await recordAudit(db, req, {
      action: AUDIT.loginSucceeded,
      tenantId: user.tenantId,
      actor: { id: user.id, email: user.email },
      target: signInTarget(user.email, method),
    })
    return data
  }

  const startTotpFor = async (tenantId: string, userId: string, email: string) => {
    const secret = newTotpSecret()
    if (!(await startTotp(db, tenantId, userId, deps.box.seal(secret, userId)))) throw new AppError('CONFLICT', { message: mfaMessages.totpActive })
    return { secret, otpauthUrl: totpOf(secret, email).toString() }
  }

  /** The first code activates the secret; the recovery codes are made then and shown this once. */
  const confirmTotpFor = async (req: FastifyRequest, tenantId: string, userId: string, code: string) => {
    await guard(userId)
    const totp = await findTotp(db, tenantId, userId)
    if (!totp) throw invalid(mfaMessages.noTotp)
    if (totp.confirmedAt) throw new AppError('CONFLICT', { message: mfaMessages.totpActive })
    const step = totpStep(deps.box.open(totp.secretEnc, userId), code.trim())
    if (step === undefined || !(await useTotpStep(db, tenantId, userId, step, true))) throw await failed(req, tenantId, userId)
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
    await replaceRecoveryCodes(
      db,
      tenantId,
      userId,
      recoveryCodes.map((c) => hashRecoveryCode(userId, c)),
    )
    const user = await findUser(db, tenantId, userId)
    await recordAudit(db, req, {
      action: AUDIT.mfaEnrolled,
      tenantId,
      actor: { id: userId, email: user?.email ?? null },
      target: `${user?.email ?? userId} (totp)`,
    })
    return recoveryCodes
  }

  app.get('/mfa', { ...staff, schema: { tags: ['identity'], response: { 200: MfaStatusReply, ...errorReplies(400, 401, 403) } } }, async (req) => {
    const me = principalOf(req)
    const [totp, passkeys, left, required] = await Promise.all([
      findTotp(db, me.tenantId, me.userId),
      listPasskeys(db, me.tenantId, me.userId),
      recoveryCodesLeft(db, me.tenantId, me.userId),
      mfaRequiredOf(db, me.tenantId),
    ])
    return {
      status: true,
      data: {
        totp: !!totp?.confirmedAt,
        recoveryCodesLeft: left,
        passkeys: passkeys.map((p) => ({ _id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null })),
        companyRequired: required,
      },
    }
  })

  app.post(
    '/mfa/totp',
    { ...staff, config: limits, schema: { tags: ['identity'], response: { 200: TotpStartReply, ...errorReplies(400, 401, 403, 409, 413, 415, 429) } } },
    async (req) => {
      const me = principalOf(req)
      const user = await userOf(me.tenantId, me.userId)
      return { status: true, data: await startTotpFor(me.tenantId, me.userId, user.email) }
    },
  )

  app.post(
    '/mfa/totp/confirm',
    {
      ...staff,
      config: limits,
      schema: { tags: ['identity'], body: TotpConfirmBody, response: { 200: RecoveryCodesReply, ...errorReplies(400, 401, 403, 409, 413, 415, 429) } },
    },
    async (req) => {
      const me = principalOf(req)
      const recoveryCodes = await confirmTotpFor(req, me.tenantId, me.userId, req.body.code)
      req.log.info({ tenantId: me.tenantId, userId: me.userId }, 'mfa: totp enrolled')
      return { status: true, message: 'Authenticator app set up', data: { recoveryCodes } }
    },
  )

  // Self-service removal needs a current code (TOTP or recovery): a stolen session alone cannot do it.
  app.post(
    '/mfa/totp/disable',
    {
      ...staff,
      config: limits,
      schema: { tags: ['identity'], body: DisableTotpBody, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 413, 415, 429) } },
    },
    async (req) => {
      const me = principalOf(req)
      await guard(me.userId)
      if (!(await acceptCode(me.tenantId, me.userId, req.body.code))) throw await failed(req, me.tenantId, me.userId)
      await removeTotp(db, me.tenantId, me.userId)
      await recordAudit(db, req, { action: AUDIT.mfaDisabled, target: `${me.email ?? me.userId} (totp)` })
      req.log.info({ tenantId: me.tenantId, userId: me.userId }, 'mfa: totp disabled')
      return { status: true, message: 'Authenticator app removed' }
    },
  )

  // The sign-in's second step.
  app.post(
    '/mfa/verify',
    { config: limits, schema: { tags: ['identity'], body: MfaVerifyBody, response: { 200: LoginReply, ...errorReplies(400, 413, 415, 429) } } },
    async (req, reply) => {
      const challenge = await challengeOf(req.body.mfaToken, false)
      await guard(challenge.userId)
      const method = await acceptCode(challenge.tenantId, challenge.userId, req.body.code)
      if (!method) throw await failed(req, challenge.tenantId, challenge.userId)
      const data = await complete(req, reply, challenge, method)
      req.log.info({ tenantId: challenge.tenantId, userId: challenge.userId }, 'mfa: sign-in verified')
      return { status: true, message: 'Login successful', data, themesettings: themeSettings() }
    },
  )

  // Enrolment during sign-in (the company requires a factor, the member has none): the mfaToken
  // allows this and nothing else; the session opens only once the factor is confirmed.
  app.post(
    '/mfa/enrol/totp',
    { config: limits, schema: { tags: ['identity'], body: MfaTokenBody, response: { 200: TotpStartReply, ...errorReplies(400, 409, 413, 415, 429) } } },
    async (req) => {
      const challenge = await challengeOf(req.body.mfaToken, true)
      const user = await findUser(db, challenge.tenantId, challenge.userId)
      if (!user) throw invalid(mfaMessages.expired)
      return { status: true, data: await startTotpFor(challenge.tenantId, challenge.userId, user.email) }
    },
  )

  app.post(
    '/mfa/enrol/confirm',
    {
      config: limits,
      schema: { tags: ['identity'], body: EnrolConfirmBody, response: { 200: EnrolConfirmReply, ...errorReplies(400, 409, 413, 415, 429) } },
    },
    async (req, reply) => {
      const challenge = await challengeOf(req.body.mfaToken, true)
      const recoveryCodes = await confirmTotpFor(req, challenge.tenantId, challenge.userId, req.body.code)
      const data = await complete(req, reply, challenge, 'totp')
      req.log.info({ tenantId: challenge.tenantId, userId: challenge.userId }, 'mfa: totp enrolled at sign-in')
      return { status: true, message: 'Login successful', data: { ...data, recoveryCodes }, themesettings: themeSettings() }
    },
  )

  app.post(
    '/mfa/webauthn/registration/options',
    { ...staff, config: limits, schema: { tags: ['identity'], response: { 200: WebauthnOptionsReply, ...errorReplies(400, 401, 403, 413, 415, 429) } } },
    async (req) => {
      const me = principalOf(req)
      const user = await userOf(me.tenantId, me.userId)
      const existing = await listPasskeys(db, me.tenantId, me.userId)
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({ id: c.credentialId })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      })
      await setRegistrationChallenge(db, me.tenantId, me.userId, options.challenge, new Date(Date.now() + REGISTRATION_TTL_MS))
      return { status: true, data: options as unknown as Record<string, unknown> }
    },
  )

  app.post(
    '/mfa/webauthn/registration/verify',
    {
      ...staff,
      config: limits,
      schema: { tags: ['identity'], body: WebauthnRegisterBody, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 413, 415, 429) } },
    },
    async (req) => {
      const me = principalOf(req)
      const expectedChallenge = await takeRegistrationChallenge(db, me.tenantId, me.userId)
      if (!expectedChallenge) throw invalid(mfaMessages.passkeyFailed)
      const result = await verifyRegistrationResponse({
        response: req.body.response as unknown as RegistrationResponseJSON,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => undefined) // a malformed or forged response is a refusal, not a 500
      if (!result?.verified) throw invalid(mfaMessages.passkeyFailed)
      const { credential } = result.registrationInfo
      const name = req.body.name?.trim() || 'Passkey'
      await insertPasskey(db, me.tenantId, {
        userId: me.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      }).catch(() => {
        throw new AppError('CONFLICT', { message: 'This passkey is already registered.' })
      })
      await recordAudit(db, req, { action: AUDIT.mfaEnrolled, target: `${me.email ?? me.userId} (passkey "${name}")` })
      req.log.info({ tenantId: me.tenantId, userId: me.userId }, 'mfa: passkey enrolled')
      return { status: true, message: 'Passkey added' }
    },
  )

  app.delete(
    '/mfa/webauthn/credentials/:id',
    { ...staff, schema: { tags: ['identity'], params: PasskeyParams, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } },
    async (req) => {
      const me = principalOf(req)
      if (!isUuid(req.params.id) || !(await deletePasskey(db, me.tenantId, me.userId, req.params.id))) throw notFound()
      await recordAudit(db, req, { action: AUDIT.mfaDisabled, target: `${me.email ?? me.userId} (passkey)` })
      req.log.info({ tenantId: me.tenantId, userId: me.userId }, 'mfa: passkey removed')
      return { status: true, message: 'Passkey removed' }
    },
  )

  app.post(
    '/mfa/webauthn/authentication/options',
    { config: limits, schema: { tags: ['identity'], body: MfaTokenBody, response: { 200: WebauthnOptionsReply, ...errorReplies(400, 413, 415, 429) } } },
    async (req) => {
      const challenge = await challengeOf(req.body.mfaToken, false)
      const passkeys = await listPasskeys(db, challenge.tenantId, challenge.userId)
      if (!passkeys.length) throw invalid(mfaMessages.passkeyFailed)
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: passkeys.map((c) => ({ id: c.credentialId })),
        userVerification: 'preferred',
      })
      await setChallengeWebauthn(db, challenge.tenantId, challenge.id, options.challenge)
      return { status: true, data: options as unknown as Record<string, unknown> }
    },
  )

  app.post(
    '/mfa/webauthn/authentication/verify',
    {
      config: limits,
      schema: { tags: ['identity'], body: WebauthnAuthVerifyBody, response: { 200: LoginReply, ...errorReplies(400, 413, 415, 429) } },
    },
    async (req, reply) => {
      const challenge = await challengeOf(req.body.mfaToken, false)
      await guard(challenge.userId)
      const response = req.body.response as unknown as AuthenticationResponseJSON
      const passkeys = await listPasskeys(db, challenge.tenantId, challenge.userId)
      const passkey = passkeys.find((p) => p.credentialId === response.id)
      if (!challenge.webauthnChallenge || !passkey) throw await failed(req, challenge.tenantId, challenge.userId, mfaMessages.passkeyFailed)
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.webauthnChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: Number(passkey.counter) },
        requireUserVerification: false,
      }).catch(() => undefined)
      if (!result?.verified) throw await failed(req, challenge.tenantId, challenge.userId, mfaMessages.passkeyFailed)
      await touchPasskey(db, challenge.tenantId, passkey.id, result.authenticationInfo.newCounter)
      const data = await complete(req, reply, challenge, 'passkey')
      req.log.info({ tenantId: challenge.tenantId, userId: challenge.userId }, 'mfa: sign-in verified with a passkey')
      return { status: true, message: 'Login successful', data, themesettings: themeSettings() }
    },
  )

  app.put(
    '/mfa/policy',
    { ...admin, schema: { tags: ['identity'], body: MfaPolicyBody, response: { 200: MfaPolicyReply, ...errorReplies(400, 401, 403, 413, 415) } } },
    async (req) => {
      const me = principalOf(req)
      // The admin who requires it must not be the first one locked out by it.
      const own = await hasFactor(db, me.tenantId, me.userId)
      if (req.body.required && !own.totp && !own.passkeys) throw invalid(mfaMessages.ownFactorFirst)
      await setMfaRequired(db, me.tenantId, req.body.required)
      await recordAudit(db, req, { action: AUDIT.mfaPolicyChanged, target: req.body.required ? 'second factor required' : 'second factor optional' })
      req.log.info({ tenantId: me.tenantId, userId: me.userId, required: req.body.required }, 'mfa: company policy set')
      return { status: true, message: 'Saved', data: { required: req.body.required } }
    },
  )

  // An admin resets a member who lost their factors: every factor goes, and every session ends, so
  // the next sign-in enrols again (when required) or signs in with the password alone.
  app.post(
    '/mfa/reset/:id',
    { ...admin, schema: { tags: ['identity'], params: PersonParams, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } },
    async (req) => {
      const me = principalOf(req)
      if (!isUuid(req.params.id)) throw notFound()
      const member = await findUser(db, me.tenantId, req.params.id)
      if (!member) throw notFound()
      await removeAllFactors(db, me.tenantId, member.id)
      await endAllSessions(deps, me.tenantId, member.id)
      await recordAudit(db, req, { action: AUDIT.mfaReset, target: member.email })
      req.log.info({ tenantId: me.tenantId, userId: me.userId, memberId: member.id }, 'mfa: member factors reset')
      return { status: true, message: 'Second factors reset' }
    },
  )
}
