// The company's SCIM settings (admins): a bearer token for its identity provider (shown once, only
// its hash kept; a new one replaces the old at once), its revocation, and the admin-group name.
import { AUDIT, recordAudit } from '@portal/audit'
import { errorReplies, MessageReply, ScimSettingsBody, ScimSettingsReply, ScimTokenReply } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireAdmin, requireAuth, requireVerified } from '@portal/http'
import { adminGroupMemberIds, findScimConfig, replaceScimToken, revokeScimToken, setAdminGroup } from '../db/scim.repo.js'
import type { RouteDeps } from '../deps.js'
import { DEFAULT_ADMIN_GROUP, syncRoles } from '../scim/roles.js'
import { newScimToken } from '../scim/token.js'

export function scimSettingsRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, config } = deps
  const admins = { preHandler: [requireAuth, requireAdmin] }
  const endpoint = `${config.publicUrl.replace(/\/+$/, '')}/scim/v2`

  const settings = async (tenantId: string) => {
    const row = await findScimConfig(db, tenantId)
    return {
      enabled: Boolean(row?.tokenId),
      endpoint,
      tokenCreatedAt: row?.tokenCreatedAt?.toISOString() ?? null,
      tokenLastUsedAt: row?.tokenLastUsedAt?.toISOString() ?? null,
      adminGroup: row?.adminGroup ?? DEFAULT_ADMIN_GROUP,
    }
  }

  app.get('/scim', { ...admins, schema: { tags: ['identity'], response: { 200: ScimSettingsReply, ...errorReplies(400, 401, 403) } } }, async (req) => ({
    status: true,
    data: await settings(principalOf(req).tenantId),
  }))

  app.post(
    '/scim/token',
    {
      preHandler: [requireAuth, requireAdmin, requireVerified],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['identity'], response: { 200: ScimTokenReply, ...errorReplies(400, 401, 403, 413, 415, 429) } },
    },
    async (req, reply) => {
      const { token, tokenId, tokenHash } = newScimToken()
      await replaceScimToken(db, principalOf(req).tenantId, { tokenId, tokenHash })
      // The token's id (not secret: it only finds the row) tells tokens apart; never the token.
      await recordAudit(db, req, { action: AUDIT.scimTokenCreated, target: `SCIM token ${tokenId}` })
      // Shown once: this reply must not be kept by any cache.
      reply.header('Cache-Control', 'no-store')
      return { status: true, data: { token } }
    },
  )

  app.delete(
    '/scim/token',
    { ...admins, schema: { tags: ['identity'], response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } },
    async (req) => {
      if (!(await revokeScimToken(db, principalOf(req).tenantId))) throw new AppError('NOT_FOUND', { message: 'There is no SCIM token to revoke' })
      await recordAudit(db, req, { action: AUDIT.scimTokenRevoked, target: 'SCIM token' })
      return { status: true, message: 'SCIM token revoked' }
    },
  )

  app.put(
    '/scim',
    {
      ...admins,
      schema: { tags: ['identity'], body: ScimSettingsBody, response: { 200: ScimSettingsReply, ...errorReplies(400, 401, 403, 413, 415) } },
    },
    async (req) => {
      const { tenantId } = principalOf(req)
      const adminGroup = req.body.adminGroup.trim()
      if (!adminGroup) throw new AppError('INVALID_REQUEST', { message: 'The admin group name must not be blank' })
      const before = (await findScimConfig(db, tenantId))?.adminGroup ?? DEFAULT_ADMIN_GROUP
      const leaving = await adminGroupMemberIds(db, tenantId, before)
      await setAdminGroup(db, tenantId, adminGroup)
      await recordAudit(db, req, { action: AUDIT.scimSettingsChanged, target: `admin group "${adminGroup}" (was "${before}")` })
      // Members of the old group and of the new one are reconsidered; nobody else's role moves.
      await syncRoles(deps, tenantId, [...leaving, ...(await adminGroupMemberIds(db, tenantId, adminGroup))], { req })
      return { status: true, data: await settings(tenantId) }
    },
  )
}
