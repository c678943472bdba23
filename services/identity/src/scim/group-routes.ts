// /scim/v2/Groups: list (filter by displayName or externalId), get (members unless excluded), create,
// PATCH (rename, members added, removed or replaced, in Entra ID's and Okta's shapes), delete.
// Members are the company's users only: another company's id is "no such user". Membership of the
// admin group changes roles (roles.ts).
import { SCIM_ACTOR } from '../audit-actors.js'
import type { AppInstance } from '@portal/http'
import type { Kysely } from 'kysely'
import { isUniqueViolation } from '../db/errors.js'
import {
  addGroupMembers,
  deleteScimGroup,
  findScimGroup,
  groupMembers,
  groupNameTaken,
  insertScimGroup,
  listScimGroups,
  ownUserIds,
  removeGroupMembers,
  type GroupFilter,
  type ScimGroupRow,
  updateScimGroup,
} from '../db/scim.repo.js'
import type { IdentityDb } from '../db/schema.js'
import { type GroupChange, groupChanges, groupInputOf, groupResource } from './groups.js'
import { noContent, queryOf, resourceId, type ScimRouteDeps, scimTenantOf } from './plugin.js'
import { invalidValue, listBody, notFound, parseFilter, parsePaging, ScimError } from './protocol.js'
import { syncRoles } from './roles.js'
import { patchOperations } from './users.js'

type Db = Kysely<IdentityDb>
const uniqueness = (name: string) => new ScimError(409, `A group named ${name} already exists`, 'uniqueness')

function groupFilterOf(filter: { attribute: string; value: string } | undefined): GroupFilter | { attribute: 'id'; value: string } | undefined {
  if (!filter) return undefined
  const attribute = filter.attribute.replace(/^urn:ietf:params:scim:schemas:core:2\.0:Group:/i, '').toLowerCase()
  if (attribute === 'displayname') return { attribute: 'displayName', value: filter.value }
  if (attribute === 'externalid') return { attribute: 'externalId', value: filter.value }
  if (attribute === 'id') return { attribute: 'id', value: filter.value }
  throw new ScimError(400, `Groups can be filtered by displayName, externalId or id, not ${filter.attribute}`, 'invalidFilter')
}

const excludesMembers = (query: Record<string, string | undefined>) =>
  (query.excludedAttributes ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .includes('members')

export function groupRoutes(app: AppInstance, deps: ScimRouteDeps): void {
  const { db, options } = deps
  const hide = { schema: { hide: true } }

  const load = async (tenantId: string, id: string) => {
    const row = await findScimGroup(db, tenantId, resourceId('Group', id))
    if (!row) throw notFound('Group', id)
    return row
  }

  const render = async (tenantId: string, rows: ScimGroupRow[], withMembers: boolean) => {
    const members = withMembers
      ? await groupMembers(
          db,
          tenantId,
          rows.map((r) => r.id),
        )
      : []
    return rows.map((row) => groupResource(row, withMembers ? members.filter((m) => m.groupId === row.id) : undefined, deps.location('Groups', row.id)))
  }

  /** The ids, each one of this company's users; any other (another company's too) is refused alike. */
  const ownMembers = async (tenantId: string, ids: string[], q: Db = db) => {
    const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).map((id) => id.toLowerCase())
    const own = await ownUserIds(q, tenantId, valid)
    const unknown = ids.find((id) => !own.has(id.toLowerCase()))
    if (unknown !== undefined) throw invalidValue(`No user ${unknown.slice(0, 100)} in this company`)
    return [...own]
  }

  /** Applies the changes in order (`q`: the PATCH's transaction); returns the users whose membership (or group) changed. */
  const apply = async (q: Db, tenantId: string, group: ScimGroupRow, changes: GroupChange[]) => {
    const touched = new Set<string>()
    for (const change of changes) {
      if (change.kind === 'rename') {
        if (await groupNameTaken(q, tenantId, change.displayName, group.id)) throw uniqueness(change.displayName)
        await updateScimGroup(q, tenantId, group.id, { displayName: change.displayName })
        // A rename can make the group the admin group, or stop it being one: every member is reconsidered.
        for (const m of await groupMembers(q, tenantId, [group.id])) touched.add(m.userId)
      } else if (change.kind === 'externalId') {
        await updateScimGroup(q, tenantId, group.id, { externalId: change.externalId })
      } else if (change.kind === 'add') {
        const ids = await ownMembers(tenantId, change.members, q)
        await addGroupMembers(q, tenantId, group.id, ids)
        for (const id of ids) touched.add(id)
      } else if (change.kind === 'remove') {
        // Removing someone who is not a member (or no user at all) changes nothing: RFC 7644 §3.5.2.2.
        const before = await groupMembers(q, tenantId, [group.id])
        const ids = change.members === 'all' ? before.map((m) => m.userId) : change.members.map((id) => id.toLowerCase())
        await removeGroupMembers(
          q,
          tenantId,
          group.id,
          ids.filter((id) => before.some((m) => m.userId === id)),
        )
        for (const m of before) if (ids.includes(m.userId)) touched.add(m.userId)
      } else {
        const ids = await ownMembers(tenantId, change.members, q)
        for (const m of await groupMembers(q, tenantId, [group.id])) touched.add(m.userId)
        await removeGroupMembers(q, tenantId, group.id, 'all')
        await addGroupMembers(q, tenantId, group.id, ids)
        for (const id of ids) touched.add(id)
      }
    }
    if (changes.length) await updateScimGroup(q, tenantId, group.id, {})
    return touched
  }

  app.get('/Groups', { ...hide, ...options }, async (req) => {
    const tenantId = scimTenantOf(req)
    const query = queryOf(req)
    const filter = groupFilterOf(parseFilter(query.filter))
    const paging = parsePaging(query)
    const withMembers = !excludesMembers(query)
    if (filter?.attribute === 'id') {
      const row = /^[0-9a-f-]{36}$/i.test(filter.value) ? await findScimGroup(db, tenantId, filter.value.toLowerCase()) : undefined
      const rows = row && paging.startIndex === 1 && paging.count > 0 ? [row] : []
      return listBody(await render(tenantId, rows, withMembers), row ? 1 : 0, paging)
    }
    const { rows, total } = await listScimGroups(db, tenantId, filter, paging.startIndex - 1, paging.count)
    return listBody(await render(tenantId, rows, withMembers), total, paging)
  })

  app.get<{ Params: { id: string } }>('/Groups/:id', { ...hide, ...options }, async (req) => {
    const tenantId = scimTenantOf(req)
    const [resource] = await render(tenantId, [await load(tenantId, req.params.id)], !excludesMembers(queryOf(req)))
    return resource
  })

  app.post('/Groups', { ...hide, ...options }, async (req, reply) => {
    const tenantId = scimTenantOf(req)
    const input = groupInputOf(req.body)
    if (await groupNameTaken(db, tenantId, input.displayName)) throw uniqueness(input.displayName)
    const members = await ownMembers(tenantId, input.members)
    let group: ScimGroupRow
    try {
      group = await insertScimGroup(db, tenantId, input)
    } catch (err) {
      throw isUniqueViolation(err) ? uniqueness(input.displayName) : err
    }
    await addGroupMembers(db, tenantId, group.id, members)
    await syncRoles(deps, tenantId, members, { req, actor: SCIM_ACTOR })
    const [resource] = await render(tenantId, [group], true)
    return reply.status(201).header('Location', deps.location('Groups', group.id)).send(resource)
  })

  // Entra ID expects 204 to a group PATCH (its tutorial: "Returning a body with all the members isn't advisable").
  app.patch<{ Params: { id: string } }>('/Groups/:id', { ...hide, ...options }, async (req, reply) => {
    const tenantId = scimTenantOf(req)
    const group = await load(tenantId, req.params.id)
    const changes = groupChanges(patchOperations(req.body))
    // All or nothing (RFC 7644 §3.5.2): a refused operation leaves the group as it was.
    const touched = await db.transaction().execute((trx) => apply(trx, tenantId, group, changes))
    await syncRoles(deps, tenantId, touched, { req, actor: SCIM_ACTOR })
    return noContent(reply)
  })

  app.delete<{ Params: { id: string } }>('/Groups/:id', { ...hide, ...options }, async (req, reply) => {
    const tenantId = scimTenantOf(req)
    const group = await load(tenantId, req.params.id)
    const members = await groupMembers(db, tenantId, [group.id])
    await deleteScimGroup(db, tenantId, group.id)
    await syncRoles(
      deps,
      tenantId,
      members.map((m) => m.userId),
      { req, actor: SCIM_ACTOR },
    )
    return noContent(reply)
  })
}
