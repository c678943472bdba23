// Roles from groups: a member of the group whose display name is the company's admin-group setting
// (default "Portal Admins", case-insensitive) is an admin; leaving it makes them a member again.
// Only the users a change touched are reconsidered, so admins the provider never grouped (the one
// who signed the company up) keep their role; the company's last active admin is never demoted.
// A demoted admin's sessions end at once: their access tokens still said admin. Each change is an
// audit entry `member.role_changed`, by whoever moved the groups (the SCIM token or an admin).
import { AUDIT, recordAudit } from '@portal/audit'
import type { FastifyRequest } from 'fastify'
import { adminGroupMemberIds, countActiveAdmins, findScimConfig, updateUserProfile } from '../db/scim.repo.js'
import { findUser } from '../db/users.repo.js'
import type { IdentityDeps } from '../deps.js'
import { endAllSessions } from '../sessions.js'

export const DEFAULT_ADMIN_GROUP = 'Portal Admins'

/** Who changed the groups, for the audit log: the request, and its actor when not its principal. */
export interface RoleChangeBy {
  req: FastifyRequest
  actor?: { id: string | null; email: string | null }
}

export async function syncRoles(deps: IdentityDeps, tenantId: string, userIds: Iterable<string>, by: RoleChangeBy): Promise<void> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return
  const adminGroup = (await findScimConfig(deps.db, tenantId))?.adminGroup ?? DEFAULT_ADMIN_GROUP
  const admins = await adminGroupMemberIds(deps.db, tenantId, adminGroup)
  for (const id of ids) {
    const user = await findUser(deps.db, tenantId, id)
    if (!user || user.admin === admins.has(id)) continue
    if (user.admin) {
      if (user.deactivatedAt === null && (await countActiveAdmins(deps.db, tenantId)) <= 1) {
        deps.logger.warn({ tenantId, userId: id }, 'scim: the last active admin is not demoted')
        continue
      }
      await updateUserProfile(deps.db, tenantId, id, { admin: false })
      await endAllSessions(deps, tenantId, id)
    } else {
      await updateUserProfile(deps.db, tenantId, id, { admin: true })
    }
    const target = `${user.email} (${user.admin ? 'admin to member' : 'member to admin'})`
    await recordAudit(deps.db, by.req, { action: AUDIT.memberRoleChanged, tenantId, actor: by.actor, target })
  }
}
