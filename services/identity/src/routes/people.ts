// Profile (yourself) and people (admins): paged list, invites by email, removal.
import { hashToken, randomToken } from '@portal/auth'
import { AppError } from '@portal/errors'
import { type AppInstance, ok, PageQuery, paged, principalOf, requireAdmin, requireAuth } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { Type } from 'typebox'
import { countInvitesSince, deleteInvite, listPendingInvites, replaceInvite } from '../db/invites.repo.js'
import { findTenant, markProvisioned } from '../db/tenants.repo.js'
import { deleteUser, findUser, findUserByEmail, findUserByEmailAnyTenant, listUsers, updateUserNames } from '../db/users.repo.js'
import type { IdentityDeps } from '../deps.js'
import { capitalise, messages, normaliseEmail } from '../domain/rules.js'
import { endAllSessions } from '../sessions.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const INVITE_TTL_MS = 7 * 24 * 3600_000
const INVITES_PER_HOUR = 20
const notFound = () => new AppError('NOT_FOUND', { message: 'Not found' })
const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function peopleRoutes(app: AppInstance, deps: IdentityDeps): void {
  const { db, config, mail } = deps
  const staff = { preHandler: [requireAuth] }
  const admins = { preHandler: [requireAuth, requireAdmin] }

  const profileOf = (u: { id: string; firstName: string; lastName: string; email: string; admin: boolean }) =>
    ({ _id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, admin: u.admin })

  // Yourself, or anyone of your tenant when you are an admin; anything else does not exist.
  const visibleUser = async (req: Parameters<typeof principalOf>[0], id: string) => {
    const me = principalOf(req)
    if (!UUID.test(id) || (id !== me.userId && !me.admin)) throw notFound()
    const user = await findUser(db, me.tenantId, id)
    if (!user) throw notFound()
    return user
  }

  app.get('/userprofile/:id', { ...staff, schema: { tags: ['identity'], params: IdParams } }, async (req) => ok(profileOf(await visibleUser(req, req.params.id))))

  app.put('/userprofile/:id', {
    ...staff,
    schema: { tags: ['identity'], params: IdParams, body: Type.Object({ firstName: Type.String({ maxLength: 100 }), lastName: Type.String({ maxLength: 100 }) }) },
  }, async (req) => {
    const user = await visibleUser(req, req.params.id)
    if (!req.body.firstName.trim()) throw new AppError('INVALID_REQUEST', { message: 'First name is required', errors: [{ field: 'firstName', message: messages.required }] })
    if (!req.body.lastName.trim()) throw new AppError('INVALID_REQUEST', { message: 'Last name is required', errors: [{ field: 'lastName', message: messages.required }] })
    const updated = await updateUserNames(db, user.tenantId, user.id, { firstName: capitalise(req.body.firstName), lastName: capitalise(req.body.lastName) })
    if (!updated) throw notFound()
    return ok(profileOf(updated), 'Updated Successfully')
  })

  app.get('/people', { ...admins, schema: { tags: ['identity'], querystring: PageQuery } }, async (req) => {
    const me = principalOf(req)
    const page = req.query.page ?? 1
    const pageSize = req.query.pageSize ?? 10
    const [tenant, users, invites] = await Promise.all([findTenant(db, me.tenantId), listUsers(db, me.tenantId), listPendingInvites(db, me.tenantId)])
    const companyName = tenant?.companyName ?? ''
    const rows = [
      ...users.map((u) => ({ _id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, companyName, status: 'active', admin: u.admin, createdAt: u.createdAt.toISOString() })),
      ...invites.map((i) => ({ _id: i.id, firstName: '', lastName: '', email: i.email, companyName, status: 'invited', admin: false, createdAt: i.createdAt.toISOString() })),
    ]
    return paged(rows.slice((page - 1) * pageSize, page * pageSize), rows.length, page, pageSize)
  })

  app.post('/people/invite', {
    ...admins,
    schema: { tags: ['identity'], body: Type.Object({ email: Type.String({ maxLength: 254 }), status: Type.Optional(Type.String({ maxLength: 20 })) }) },
  }, async (req, reply) => {
    const me = principalOf(req)
    const email = normaliseEmail(req.body.email)
    if (!email) throw new AppError('INVALID_REQUEST', { message: messages.required })
    if (!isValidEmail(email)) throw new AppError('INVALID_REQUEST', { message: messages.invalidEmail })
    if (await findUserByEmailAnyTenant(db, email)) throw new AppError('CONFLICT', { message: messages.emailExists })
    if ((await countInvitesSince(db, me.tenantId, new Date(Date.now() - 3600_000))) >= INVITES_PER_HOUR) {
      throw new AppError('RATE_LIMITED', { message: 'Too many invitations. Please try again later.', retryAfter: 3600 })
    }
    const token = randomToken()
    await replaceInvite(db, me.tenantId, { email, tokenHash: hashToken(token), invitedBy: me.userId, expiresAt: new Date(Date.now() + INVITE_TTL_MS) })
    const [tenant, inviter] = await Promise.all([findTenant(db, me.tenantId), findUser(db, me.tenantId, me.userId)])
    // The link's host comes from configuration, never from the request (reset/invite link poisoning).
    const link = `${config.publicUrl}/signup?invite=${token}`
    const who = inviter ? `${inviter.firstName} ${inviter.lastName}` : 'A colleague'
    const company = tenant?.companyName ?? 'your company'
    await mail.send({
      to: email,
      subject: 'You are invited to the Trust Portal',
      text: `${who} invited you to join ${company} on the Trust Portal.\n\nCreate your account: ${link}\n\nThe link works once and expires in 7 days.`,
      html: `<p>${escapeHtml(who)} invited you to join ${escapeHtml(company)} on the Trust Portal.</p><p><a href="${escapeHtml(link)}">Create your account</a></p><p>The link works once and expires in 7 days.</p>`,
    })
    return reply.status(201).send({ status: true, message: 'Invitation sent successfully!' })
  })

  app.delete('/people/:id', { ...admins, schema: { tags: ['identity'], params: IdParams } }, async (req) => {
    const me = principalOf(req)
    const { id } = req.params
    if (!UUID.test(id)) throw notFound()
    if (id === me.userId) throw new AppError('INVALID_REQUEST', { message: 'You cannot delete yourself' })
    if (await findUser(db, me.tenantId, id)) {
      await endAllSessions(deps, me.tenantId, id)
      await deleteUser(db, me.tenantId, id)
      return ok(undefined, 'Deleted Successfully')
    }
    if (await deleteInvite(db, me.tenantId, id)) return ok(undefined, 'Deleted Successfully')
    throw notFound()
  })

  app.post('/userdelete', { ...admins, schema: { tags: ['identity'], body: Type.Object({ email: Type.String({ maxLength: 254 }) }) } }, async (req) => {
    const me = principalOf(req)
    const user = await findUserByEmail(db, me.tenantId, normaliseEmail(req.body.email))
    if (!user) throw notFound()
    if (user.id === me.userId) throw new AppError('INVALID_REQUEST', { message: 'You cannot delete yourself' })
    await endAllSessions(deps, me.tenantId, user.id)
    await deleteUser(db, me.tenantId, user.id)
    return ok(undefined, 'Deleted Successfully')
  })

  app.put('/fs/update_provisioned', { ...staff, schema: { tags: ['identity'], body: Type.Object({ email: Type.Optional(Type.String({ maxLength: 254 })) }) } }, async (req) => {
    await markProvisioned(db, principalOf(req).tenantId)
    return { success: true, message: 'Provisioning complete' }
  })
}
