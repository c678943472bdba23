// /scim/v2/Users: list (filter by userName, externalId or email; startIndex/count), get, create,
// replace, PATCH, delete. Provisioned members have no password anyone knows: they sign in by SSO or
// set one through "forgot password" (a code mailed to the address). Deprovisioning (active=false or
// DELETE) ends every session of the person at once.
import { AUDIT, recordAudit } from '@portal/audit'
import { randomToken } from '@portal/auth'
import type { AppInstance } from '@portal/http'
import type { FastifyRequest } from 'fastify'
import { SCIM_ACTOR } from '../audit-actors.js'
import { isUniqueViolation } from '../db/errors.js'
import {
  countActiveAdmins,
  findScimUser,
  groupsOfUser,
  listScimUsers,
  type ScimUserRow,
  type UserFilter,
  updateUserProfile,
  upsertScimUser,
  userNameTaken,
} from '../db/scim.repo.js'
import { deleteUser, findUserByEmailAnyTenant, insertUser } from '../db/users.repo.js'
import { hashPassword } from '../domain/password-hash.js'
import { endAllSessions } from '../sessions.js'
import { noContent, queryOf, resourceId, type ScimRouteDeps, scimTenantOf } from './plugin.js'
import { listBody, notFound, parseFilter, parsePaging, ScimError } from './protocol.js'
import { patchOperations, patchUser, type UserInput, userInputFromRow, userInputOf, userResource } from './users.js'

const uniqueness = (detail: string) => new ScimError(409, detail, 'uniqueness')

function userFilterOf(filter: { attribute: string; value: string } | undefined): UserFilter | { attribute: 'id'; value: string } | undefined {
  if (!filter) return undefined
  const attribute = filter.attribute.replace(/^urn:ietf:params:scim:schemas:core:2\.0:User:/i, '').toLowerCase()
  if (attribute === 'username') return { attribute: 'userName', value: filter.value }
  if (attribute === 'externalid') return { attribute: 'externalId', value: filter.value }
  if (attribute === 'id') return { attribute: 'id', value: filter.value }
  if (/^emails(\[type eq "work"\])?(\.value)?$/i.test(attribute)) return { attribute: 'email', value: filter.value }
  throw new ScimError(400, `Users can be filtered by userName, externalId, id or emails, not ${filter.attribute}`, 'invalidFilter')
}

export function userRoutes(app: AppInstance, deps: ScimRouteDeps): void {
  const { db, options } = deps
  const hide = { schema: { hide: true } }

  const render = async (tenantId: string, row: ScimUserRow) => userResource(row, await groupsOfUser(db, tenantId, row.id), deps.location('Users', row.id))

  const load = async (tenantId: string, id: string) => {
    const row = await findScimUser(db, tenantId, resourceId('User', id))
    if (!row) throw notFound('User', id)
    return row
  }

  /** The company's last active admin stays: provisioning must not lock the company out of its console. */
  const guardLastAdmin = async (tenantId: string, row: ScimUserRow) => {
    if (row.admin && row.deactivatedAt === null && (await countActiveAdmins(db, tenantId)) <= 1)
      throw new ScimError(400, "The company's last active admin cannot be deactivated or deleted by provisioning", 'mutability')
  }

  const checkUnique = async (tenantId: string, input: UserInput, current?: ScimUserRow) => {
    if (await userNameTaken(db, tenantId, input.userName, current?.id)) throw uniqueness(`userName ${input.userName} is already in use`)
    if (input.email !== current?.email && (await findUserByEmailAnyTenant(db, input.email)))
      throw uniqueness(`An account with the email address ${input.email} already exists`)
  }

  /** An entry in the company's log, by its SCIM token (the identity provider), about a person. */
  const audit = (req: FastifyRequest, tenantId: string, action: string, target: string) => recordAudit(db, req, { action, tenantId, actor: SCIM_ACTOR, target })

  /** Writes `next` over `current`; a deactivation ends every session of the person. */
  const update = async (req: FastifyRequest, tenantId: string, current: ScimUserRow, next: UserInput) => {
    await checkUnique(tenantId, next, current)
    const deactivating = !next.active && current.deactivatedAt === null
    const reactivating = next.active && current.deactivatedAt !== null
    if (deactivating) await guardLastAdmin(tenantId, current)
    try {
      await updateUserProfile(db, tenantId, current.id, {
        email: next.email,
        firstName: next.firstName,
        lastName: next.lastName,
        ...(deactivating ? { deactivatedAt: new Date() } : reactivating ? { deactivatedAt: null } : {}),
      })
      await upsertScimUser(db, tenantId, current.id, { userName: next.userName, externalId: next.externalId })
    } catch (err) {
      throw isUniqueViolation(err) ? uniqueness('userName or email is already in use') : err
    }
    // After the row says deactivated: no refresh can start a new session between the two.
    if (deactivating) await endAllSessions(deps, tenantId, current.id)
    if (deactivating) await audit(req, tenantId, AUDIT.memberDeprovisioned, next.email)
    if (reactivating) await audit(req, tenantId, AUDIT.memberReactivated, next.email)
    return load(tenantId, current.id)
  }

  app.get('/Users', { ...hide, ...options }, async (req) => {
    const tenantId = scimTenantOf(req)
    const query = queryOf(req)
    const filter = userFilterOf(parseFilter(query.filter))
    const paging = parsePaging(query)
    if (filter?.attribute === 'id') {
      const row = /^[0-9a-f-]{36}$/i.test(filter.value) ? await findScimUser(db, tenantId, filter.value.toLowerCase()).catch(() => undefined) : undefined
      const rows = row && paging.startIndex === 1 && paging.count > 0 ? [row] : []
      return listBody(await Promise.all(rows.map((r) => render(tenantId, r))), row ? 1 : 0, paging)
    }
    const { rows, total } = await listScimUsers(db, tenantId, filter, paging.startIndex - 1, paging.count)
    return listBody(await Promise.all(rows.map((r) => render(tenantId, r))), total, paging)
  })

  app.get<{ Params: { id: string } }>('/Users/:id', { ...hide, ...options }, async (req) => {
    const tenantId = scimTenantOf(req)
    return render(tenantId, await load(tenantId, req.params.id))
  })

  app.post('/Users', { ...hide, ...options }, async (req, reply) => {
    const tenantId = scimTenantOf(req)
    const input = userInputOf(req.body)
    await checkUnique(tenantId, input)
    let id: string
    try {
      // A password nobody knows (the same hash work as any account's, so sign-in timing tells nothing):
      // the member signs in by SSO, or sets a password by the mailed reset code.
      const passwordHash = await hashPassword(randomToken())
      id = await db.transaction().execute(async (trx) => {
        const user = await insertUser(trx, tenantId, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, admin: false })
        if (!input.active) await updateUserProfile(trx, tenantId, user.id, { deactivatedAt: new Date() })
        await upsertScimUser(trx, tenantId, user.id, { userName: input.userName, externalId: input.externalId })
        return user.id
      })
    } catch (err) {
      throw isUniqueViolation(err) ? uniqueness('userName or email is already in use') : err
    }
    await audit(req, tenantId, AUDIT.memberProvisioned, `${input.email} (SCIM${input.active ? '' : ', inactive'})`)
    const row = await load(tenantId, id)
    return reply
      .status(201)
      .header('Location', deps.location('Users', id))
      .send(await render(tenantId, row))
  })

  app.put<{ Params: { id: string } }>('/Users/:id', { ...hide, ...options }, async (req) => {
    const tenantId = scimTenantOf(req)
    const current = await load(tenantId, req.params.id)
    return render(tenantId, await update(req, tenantId, current, userInputOf(req.body)))
  })

  app.patch<{ Params: { id: string } }>('/Users/:id', { ...hide, ...options }, async (req) => {
    const tenantId = scimTenantOf(req)
    const current = await load(tenantId, req.params.id)
    const next = patchUser(userInputFromRow(current), patchOperations(req.body))
    return render(tenantId, await update(req, tenantId, current, next))
  })

  app.delete<{ Params: { id: string } }>('/Users/:id', { ...hide, ...options }, async (req, reply) => {
    const tenantId = scimTenantOf(req)
    const current = await load(tenantId, req.params.id)
    await guardLastAdmin(tenantId, current)
    // Deactivated first, so no renewal can start a session while the others end; then gone.
    await updateUserProfile(db, tenantId, current.id, { deactivatedAt: new Date() })
    await endAllSessions(deps, tenantId, current.id)
    await deleteUser(db, tenantId, current.id)
    await audit(req, tenantId, AUDIT.memberRemoved, current.email)
    return noContent(reply)
  })
}
