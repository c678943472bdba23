// Sign-up (a new company: tenant + first admin), invited sign-up, waitlist, email check.
// A new company's admin must prove the address (an emailed link) before it can publish or invite;
// an invited person proved it by following the invitation. Passwords must be hard to guess, and
// disposable addresses are not eligible. Whether an address has an account is told only where the
// sign-up itself must (409 on a complete, valid sign-up; rate-limited), never by check_email.
import { hashToken } from '@portal/auth'
import {
  CheckEmailQuery,
  CheckEmailReply,
  errorReplies,
  type FieldMessages,
  InviteLookupReply,
  InviteSignUpBody,
  InviteSignUpReply,
  InviteTokenParams,
  SignUpReply,
  SignUpBody,
  MessageReply,
  WaitlistBody,
  SpecText,
} from '@portal/contracts'
import { AppError, type FieldError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { isUniqueViolation } from '../db/errors.js'
import { acceptInvite, findUsableInvite } from '../db/invites.repo.js'
import { findTenant, insertTenant } from '../db/tenants.repo.js'
import { findUserByEmailAnyTenant, insertUser } from '../db/users.repo.js'
import { addToWaitlist } from '../db/waitlist.repo.js'
import type { RouteDeps } from '../deps.js'
import { hashPassword } from '../domain/password-hash.js'
import {
  capitalise,
  companyNameFor,
  dbNameBase,
  isEligibleForSignUp,
  messages,
  newPasswordProblem,
  normaliseEmail,
  type SignUpInput,
  signUpProblems,
} from '../domain/rules.js'
import { signInOrSecondFactor } from '../mfa-gate.js'
import { issueSession } from '../sessions.js'
import { sendVerification } from '../verification.js'
import { specRules } from './schemas.js'

const SIGN_UP_FIELDS = ['firstName', 'lastName', 'email', 'password', 'cnfpassword'] as const

/**
 * The spec's field rules (every failing field listed), then guessability (with what the form says
 * about the person, and `context`, as context). Runs before the schema, which then holds.
 */
const signUpRules = (context: (input: SignUpInput) => string[]) =>
  specRules(SIGN_UP_FIELDS, async (input): Promise<FieldError[]> => {
    const errors = signUpProblems(input)
    if (errors.length) return errors
    const { password = '', email = '', firstName = '', lastName = '' } = input
    const weak = await newPasswordProblem(password, [email, firstName, lastName, ...context(input)])
    return weak ? [{ field: 'password', message: weak }] : []
  })

const required = { missing: messages.required }
const waitlistMessages: FieldMessages = { firstName: required, lastName: required, email: { missing: messages.required, invalid: messages.invalidEmail } }

const emailTaken = () => new AppError('CONFLICT', { message: messages.emailExists })
/** A concurrent sign-up with the same email loses at the unique index: the same 409 as the check. */
const conflictOnDuplicate = (err: unknown): never => {
  throw isUniqueViolation(err) ? emailTaken() : err
}

export function signupRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, config } = deps
  const limits = { rateLimit: { max: 10, timeWindow: '1 minute' } }

  app.post(
    '/usercreate',
    {
      config: limits,
      preValidation: signUpRules((input) => [companyNameFor(input.email ?? '')]),
      schema: { tags: ['identity'], body: SignUpBody, response: { 201: SignUpReply, ...errorReplies(400, 409, 413, 415, 429) } },
    },
    async (req, reply) => {
      const email = normaliseEmail(req.body.email)
      if (!(await isEligibleForSignUp(email, config.signupBlockedDomains))) {
        throw new AppError('INVALID_REQUEST', { message: messages.notEligible, errors: [{ field: 'email', message: messages.notEligible }] })
      }
      // Last, once the whole form is valid: the conflict is the one thing a sign-up must reveal.
      if (await findUserByEmailAnyTenant(db, email)) throw emailTaken()
      const passwordHash = await hashPassword(req.body.password)
      const { tenant, user } = await db
        .transaction()
        .execute(async (trx) => {
          const tenant = await insertTenant(trx, { dbNameBase: dbNameBase(email), companyName: companyNameFor(email) })
          const user = await insertUser(trx, tenant.id, {
            email,
            passwordHash,
            firstName: capitalise(req.body.firstName),
            lastName: capitalise(req.body.lastName),
            admin: true,
          })
          return { tenant, user }
        })
        .catch(conflictOnDuplicate)
      req.log.info({ tenantId: tenant.id, dbName: tenant.dbName }, 'tenant created')
      await sendVerification(deps, user)
      const data = await issueSession(deps, reply, user, tenant.dbName)
      return reply.status(201).send({ status: true, message: SpecText.added, data })
    },
  )

  app.get(
    '/people/invite/:token',
    {
      config: limits,
      schema: { tags: ['identity'], params: InviteTokenParams, response: { 200: InviteLookupReply, ...errorReplies(400, 404, 429) } },
    },
    async (req) => {
      const invite = await findUsableInvite(db, hashToken(req.params.token))
      if (!invite) throw new AppError('NOT_FOUND', { message: messages.invalidInvite })
      return { status: true, data: { email: invite.email } }
    },
  )

  app.post(
    '/usercreate/people',
    {
      config: limits,
      preValidation: signUpRules(() => []),
      schema: { tags: ['identity'], body: InviteSignUpBody, response: { 201: InviteSignUpReply, ...errorReplies(400, 409, 413, 415, 429) } },
    },
    async (req, reply) => {
      const email = normaliseEmail(req.body.email)
      const invite = await findUsableInvite(db, hashToken(req.body.inviteToken))
      if (!invite || invite.email !== email) throw new AppError('INVALID_REQUEST', { message: messages.invalidInvite })
      if (await findUserByEmailAnyTenant(db, email)) throw emailTaken()
      const passwordHash = await hashPassword(req.body.password)
      const user = await db
        .transaction()
        .execute(async (trx) => {
          // Single use: of two requests with the same link, the second loses here.
          if (!(await acceptInvite(trx, invite.tenantId, invite.id))) throw new AppError('INVALID_REQUEST', { message: messages.invalidInvite })
          // Following the emailed invitation proved the address.
          return insertUser(trx, invite.tenantId, {
            email,
            passwordHash,
            firstName: capitalise(req.body.firstName),
            lastName: capitalise(req.body.lastName),
            admin: false,
            emailVerifiedAt: new Date(),
          })
        })
        .catch(conflictOnDuplicate)
      const tenant = await findTenant(db, invite.tenantId)
      if (!tenant) throw new AppError('INVALID_REQUEST', { message: messages.invalidInvite })
      // A company that requires a second factor: the new member enrols before any session (mfa-gate.ts).
      return reply.status(201).send(await signInOrSecondFactor(deps, reply, user, tenant, SpecText.added))
    },
  )

  app.get(
    '/check_email',
    {
      config: { ...limits, fieldMessages: { email: { invalid: messages.invalidEmail } } },
      schema: { tags: ['identity'], querystring: CheckEmailQuery, response: { 200: CheckEmailReply, ...errorReplies(400, 429) } },
    },
    async (req) => {
      const email = normaliseEmail(req.query.email)
      if (!isValidEmail(email)) throw new AppError('INVALID_REQUEST', { message: messages.invalidEmail })
      // A constant answer (ASVS 6.3.8): who has an account is nobody's business. A taken address is
      // reported by the sign-up itself, once the whole form is valid.
      return { status: true, exists: false }
    },
  )

  app.post(
    '/waitlist',
    {
      config: { ...limits, fieldMessages: waitlistMessages },
      schema: { tags: ['identity'], body: WaitlistBody, response: { 201: MessageReply, ...errorReplies(400, 413, 415, 429) } },
    },
    async (req, reply) => {
      const email = normaliseEmail(req.body.email)
      if (!isValidEmail(email))
        throw new AppError('INVALID_REQUEST', { message: messages.invalidEmail, errors: [{ field: 'email', message: messages.invalidEmail }] })
      // A second sign-up with the same address is accepted and changes nothing.
      await addToWaitlist(db, { email, firstName: capitalise(req.body.firstName), lastName: capitalise(req.body.lastName) })
      return reply.status(201).send({ status: true, message: 'Thanks for signing up!' })
    },
  )
}
