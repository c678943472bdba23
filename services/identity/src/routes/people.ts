// People (admins of a tenant): the paged list of users and pending invites, invitations by email,
// removal. Also the provisioning flag and the name of the caller's tenant, which the first run sets.
// Inviting needs a verified address, is rate-limited per tenant and per admin, and answers alike
// for a new address and one with an account in another company (only that mailbox learns why it
// cannot join): an invite does not tell who has an account elsewhere (security.md B7, B25).
import { AUDIT, recordAudit } from '@portal/audit'
import { hashToken, randomToken } from '@portal/auth'
import {
  CompanyReply,
  companyDisplayNameProblem,
  tidyCompanyDisplayName,
  errorReplies,
  InviteBody,
  isUuid,
  PeoplePage,
  PersonParams,
  ProvisionBody,
  ProvisionReply,
  MessageReply,
  UserDeleteBody,
  SpecText,
  PageQuery,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, paged, principalOf, requireAdmin, requireAuth, requireStaff, requireVerified } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { recordAttempt, secondsOverLimit } from '../db/attempts.repo.js'
import { deleteInvite, listPendingInvites, replaceInvite } from '../db/invites.repo.js'
import { findTenant, markProvisioned, renameTenant } from '../db/tenants.repo.js'
import { deleteUser, findUser, findUserByEmail, findUserByEmailAnyTenant, listUsers } from '../db/users.repo.js'
import type { RouteDeps } from '../deps.js'
import { inviteExistingAccountMail, inviteMail } from '../domain/invite-mail.js'
import { messages, normaliseEmail } from '../domain/rules.js'
import { endAllSessions } from '../sessions.js'

const INVITE_TTL_MS = 7 * 24 * 3600_000
const HOUR = 3600_000
/** Invitations an hour: per company (security.md B25: the 51st is refused) and per inviting admin. */
export const INVITE_LIMITS = { tenant: { max: 50, windowMs: HOUR }, admin: { max: 20, windowMs: HOUR } }
const notFound = () => new AppError('NOT_FOUND', { message: 'Not found' })
const cannotDeleteYourself = () => new AppError('INVALID_REQUEST', { message: 'You cannot delete yourself' })

export function peopleRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, config, mail } = deps
  const admins = { preHandler: [requireAuth, requireAdmin] }

  app.get(
    '/people',
    { ...admins, schema: { tags: ['identity'], querystring: PageQuery, response: { 200: PeoplePage, ...errorReplies(400, 401, 403) } } },
    async (req) => {
      const me = principalOf(req)
      const page = req.query.page ?? 1
      const pageSize = req.query.pageSize ?? 10
      // A tenant's people are a short list: one read of each kind, paged here.
      const [tenant, users, invites] = await Promise.all([findTenant(db, me.tenantId), listUsers(db, me.tenantId), listPendingInvites(db, me.tenantId)])
      const companyName = tenant?.companyName ?? ''
      const rows = [
        ...users.map((u) => ({
          _id: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          companyName,
          status: u.deactivatedAt ? ('deactivated' as const) : ('active' as const),
          admin: u.admin,
          createdAt: u.createdAt.toISOString(),
        })),
        ...invites.map((i) => ({
          _id: i.id,
          firstName: '',
          lastName: '',
          email: i.email,
          companyName,
          status: 'invited' as const,
          admin: false,
          createdAt: i.createdAt.toISOString(),
        })),
      ]
      return paged(rows.slice((page - 1) * pageSize, page * pageSize), rows.length, page, pageSize)
    },
  )

  app.post(
    '/people/invite',
    {
      preHandler: [requireAuth, requireAdmin, requireVerified],
      config: { fieldMessages: { email: { missing: messages.emailRequired, invalid: messages.invalidEmail } } },
      schema: { tags: ['identity'], body: InviteBody, response: { 201: MessageReply, ...errorReplies(400, 401, 403, 409, 413, 415, 429) } },
    },
    async (req, reply) => {
      const me = principalOf(req)
      const email = normaliseEmail(req.body.email)
      // One clean address: no list, display name or header can ride along (security.md B25).
      if (!isValidEmail(email)) throw new AppError('INVALID_REQUEST', { message: messages.invalidEmail })
      // A colleague already in this company: the admin sees them in the people list anyway.
      if (await findUserByEmail(db, me.tenantId, email)) throw new AppError('CONFLICT', { message: messages.emailExists })
      const retryAfter =
        (await secondsOverLimit(db, 'invite_sent', me.tenantId, INVITE_LIMITS.tenant)) ||
        (await secondsOverLimit(db, 'invite_sent_by', me.userId, INVITE_LIMITS.admin))
      if (retryAfter) throw new AppError('RATE_LIMITED', { message: 'Too many invitations. Please try again later.', retryAfter })
      await recordAttempt(db, 'invite_sent', me.tenantId)
      await recordAttempt(db, 'invite_sent_by', me.userId)
      // Emails are unique across tenants: an address with an account elsewhere cannot accept. The
      // invite is kept all the same (the people list shows it pending, as for anyone), and the mail
      // tells only the mailbox's owner why.
      const elsewhere = await findUserByEmailAnyTenant(db, email)
      const token = randomToken() // 256 bits; only its hash is stored
      await replaceInvite(db, me.tenantId, { email, tokenHash: hashToken(token), invitedBy: me.userId, expiresAt: new Date(Date.now() + INVITE_TTL_MS) })
      const [tenant, inviter] = await Promise.all([findTenant(db, me.tenantId), findUser(db, me.tenantId, me.userId)])
      const from = { inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : undefined, company: tenant?.companyName }
      // The link's origin comes from configuration, never from the request (link poisoning).
      const message = elsewhere ? inviteExistingAccountMail(from) : inviteMail({ ...from, link: `${config.publicUrl}/signup?invite=${token}` })
      await mail.send({ to: email, ...message })
      await recordAudit(db, req, { action: AUDIT.memberInvited, target: email })
      return reply.status(201).send({ status: true, message: 'Invitation sent successfully!' })
    },
  )

  app.delete(
    '/people/:id',
    {
      ...admins,
      schema: { tags: ['identity'], params: PersonParams, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } },
    },
    async (req) => {
      const me = principalOf(req)
      const { id } = req.params
      if (!isUuid(id)) throw notFound()
      if (id === me.userId) throw cannotDeleteYourself()
      const user = await findUser(db, me.tenantId, id)
      if (user) {
        await endAllSessions(deps, me.tenantId, id)
        await deleteUser(db, me.tenantId, id)
        await recordAudit(db, req, { action: AUDIT.memberRemoved, target: user.email })
        return { status: true, message: SpecText.deleted }
      }
      const invited = await deleteInvite(db, me.tenantId, id)
      if (invited) {
        await recordAudit(db, req, { action: AUDIT.memberRemoved, target: `${invited} (invitation)` })
        return { status: true, message: SpecText.deleted }
      }
      throw notFound()
    },
  )

  app.post(
    '/userdelete',
    {
      ...admins,
      schema: { tags: ['identity'], body: UserDeleteBody, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } },
    },
    async (req) => {
      const me = principalOf(req)
      const user = await findUserByEmail(db, me.tenantId, normaliseEmail(req.body.email))
      if (!user) throw notFound()
      if (user.id === me.userId) throw cannotDeleteYourself()
      await endAllSessions(deps, me.tenantId, user.id)
      await deleteUser(db, me.tenantId, user.id)
      await recordAudit(db, req, { action: AUDIT.memberRemoved, target: user.email })
      return { status: true, message: SpecText.deleted }
    },
  )

  // On the file host's prefix (/api/fs) as the spec has it; the tenant is the caller's, whatever `email` says.
  // The first-run screen sends the company name the admin typed (prefilled with the one derived
  // from the email domain at sign-up): it becomes the company's name.
  app.put(
    '/fs/update_provisioned',
    {
      preHandler: [requireAuth, requireStaff],
      schema: { tags: ['identity'], body: ProvisionBody, response: { 200: ProvisionReply, ...errorReplies(400, 401, 403, 413, 415) } },
    },
    async (req) => {
      const me = principalOf(req)
      if (req.body.companyName !== undefined) {
        if (!me.admin) throw new AppError('FORBIDDEN', { message: 'Only an admin can name the company' })
        // The name the company really has (issue 25); the spec's rule binds the identifier it derives.
        const problem = companyDisplayNameProblem(req.body.companyName)
        if (problem) throw new AppError('INVALID_REQUEST', { message: problem, errors: [{ field: 'companyName', message: problem }] })
        await renameTenant(db, me.tenantId, tidyCompanyDisplayName(req.body.companyName))
      }
      await markProvisioned(db, me.tenantId)
      return { success: true, message: 'Provisioning complete' }
    },
  )

  app.get(
    '/user/company',
    {
      preHandler: [requireAuth, requireStaff],
      schema: { tags: ['identity'], response: { 200: CompanyReply, ...errorReplies(400, 401, 403, 404) } },
    },
    async (req) => {
      const tenant = await findTenant(db, principalOf(req).tenantId)
      if (!tenant) throw notFound()
      return { status: true, data: { companyName: tenant.companyName, provisioned: tenant.provisioned } }
    },
  )
}
