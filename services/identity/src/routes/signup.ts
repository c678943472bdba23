// Sign-up (a new company: tenant + first admin), invited sign-up, waitlist, email check.
import { hashToken } from '@portal/auth'
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { hash } from '@node-rs/argon2'
import { Type } from 'typebox'
import { acceptInvite, findUsableInvite } from '../db/invites.repo.js'
import { findTenant, insertTenant } from '../db/tenants.repo.js'
import { findUserByEmailAnyTenant, insertUser } from '../db/users.repo.js'
import type { IdentityDeps } from '../deps.js'
import { capitalise, companyNameFor, dbNameBase, isEligible, messages, normaliseEmail, type SignUpInput, signUpProblems } from '../domain/rules.js'
import { issueSession } from '../sessions.js'
import { isValidEmail } from '@portal/mail'

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }))
const SignUpBody = Type.Object({ firstName: text(100), lastName: text(100), email: text(254), password: text(256), cnfpassword: text(256) })

function validateSignUp(body: SignUpInput): void {
  const errors = signUpProblems(body)
  if (errors.length) throw new AppError('INVALID_REQUEST', { message: errors[0]!.message, errors })
}

export function signupRoutes(app: AppInstance, deps: IdentityDeps): void {
  const { db, config } = deps
  const limits = { rateLimit: { max: 10, timeWindow: '1 minute' } }

  app.post('/usercreate', { config: limits, schema: { tags: ['identity'], body: SignUpBody } }, async (req, reply) => {
    validateSignUp(req.body)
    const email = normaliseEmail(req.body.email!)
    if (!isEligible(email, config.signupBlockedDomains)) throw new AppError('INVALID_REQUEST', { message: messages.notEligible })
    if (await findUserByEmailAnyTenant(db, email)) throw new AppError('CONFLICT', { message: messages.emailExists })
    const passwordHash = await hash(req.body.password!)
    const { tenant, user } = await db.transaction().execute(async (trx) => {
      const tenant = await insertTenant(trx, { dbNameBase: dbNameBase(email), companyName: companyNameFor(email) })
      const user = await insertUser(trx, tenant.id, {
        email, passwordHash, firstName: capitalise(req.body.firstName!), lastName: capitalise(req.body.lastName!), admin: true,
      })
      return { tenant, user }
    })
    req.log.info({ tenantId: tenant.id, dbName: tenant.dbName }, 'tenant created')
    const data = await issueSession(deps, reply, user, tenant.dbName)
    return reply.status(201).send({ status: true, message: 'Added Successfully', data })
  })

  app.get('/people/invite/:token', { config: limits, schema: { tags: ['identity'], params: Type.Object({ token: Type.String({ maxLength: 100 }) }) } }, async (req) => {
    const invite = await findUsableInvite(db, hashToken(req.params.token))
    if (!invite) throw new AppError('NOT_FOUND', { message: messages.invalidInvite })
    return { status: true, data: { email: invite.email } }
  })

  app.post('/usercreate/people', {
    config: limits,
    schema: { tags: ['identity'], body: Type.Object({ ...SignUpBody.properties, inviteToken: Type.String({ maxLength: 100 }) }) },
  }, async (req, reply) => {
    validateSignUp(req.body)
    const email = normaliseEmail(req.body.email!)
    const invite = await findUsableInvite(db, hashToken(req.body.inviteToken))
    if (!invite || invite.email !== email) throw new AppError('INVALID_REQUEST', { message: messages.invalidInvite })
    if (await findUserByEmailAnyTenant(db, email)) throw new AppError('CONFLICT', { message: messages.emailExists })
    const passwordHash = await hash(req.body.password!)
    const user = await db.transaction().execute(async (trx) => {
      // Single use: a second request with the same link loses here.
      if (!(await acceptInvite(trx, invite.tenantId, invite.id))) throw new AppError('INVALID_REQUEST', { message: messages.invalidInvite })
      return insertUser(trx, invite.tenantId, {
        email, passwordHash, firstName: capitalise(req.body.firstName!), lastName: capitalise(req.body.lastName!), admin: false,
      })
    })
    const tenant = await findTenant(db, invite.tenantId)
    const data = await issueSession(deps, reply, user, tenant!.dbName)
    return reply.status(201).send({ status: true, message: 'Added Successfully', data })
  })

  app.get('/check_email', { config: limits, schema: { tags: ['identity'], querystring: Type.Object({ email: Type.String({ maxLength: 254 }) }) } }, async (req) => {
    const email = normaliseEmail(req.query.email)
    if (!isValidEmail(email)) throw new AppError('INVALID_REQUEST', { message: messages.invalidEmail })
    return { status: true, exists: Boolean(await findUserByEmailAnyTenant(db, email)) }
  })

  app.post('/waitlist', {
    config: limits,
    schema: { tags: ['identity'], body: Type.Object({ email: Type.String({ maxLength: 254 }), firstName: Type.String({ maxLength: 100 }), lastName: Type.String({ maxLength: 100 }) }) },
  }, async (req, reply) => {
    const email = normaliseEmail(req.body.email)
    if (!req.body.firstName.trim() || !req.body.lastName.trim()) throw new AppError('INVALID_REQUEST', { message: messages.required })
    if (!isValidEmail(email)) throw new AppError('INVALID_REQUEST', { message: messages.invalidEmail })
    await db.insertInto('waitlist').values({ id: crypto.randomUUID(), email, firstName: capitalise(req.body.firstName), lastName: capitalise(req.body.lastName) })
      .onConflict((oc) => oc.column('email').doNothing()).execute()
    return reply.status(201).send({ status: true, message: 'Thanks for signing up!' })
  })
}
