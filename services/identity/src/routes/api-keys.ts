// API keys (issue 27): an admin with a proven address creates one (the key is answered this once;
// only its hash is kept), lists them (never the key) and revokes one, effective at once. Keys never
// manage keys: these routes are admin-only, which no key's scope reaches. `GET /api-keys/self` is
// what a key stands for: other processes verify keys through it (packages/auth api-keys.ts).
import { AUDIT, recordAudit } from '@portal/audit'
import { newApiKey } from '@portal/auth'
import { API_SCOPES, ApiIdParams, ApiKeyCreateBody, ApiKeyCreated, ApiKeyList, ApiKeySelf, errorReplies, isUuid, MessageReply } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireAdmin, requireAuth, requireVerified } from '@portal/http'
import { countApiKeys, insertApiKey, listApiKeys, revokeApiKey } from '../db/api-keys.repo.js'
import type { RouteDeps } from '../deps.js'

/** Keys one company may hold at once. */
export const MAX_KEYS = 50
const invalid = (field: string, message: string) => new AppError('INVALID_REQUEST', { message, errors: [{ field, message }] })
const notFound = () => new AppError('NOT_FOUND', { message: 'Not found' })

export function apiKeyRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, apiKeys } = deps
  const admins = { preHandler: [requireAuth, requireAdmin] }

  app.post(
    '/api-keys',
    {
      preHandler: [requireAuth, requireAdmin, requireVerified],
      schema: { tags: ['identity'], body: ApiKeyCreateBody, response: { 201: ApiKeyCreated, ...errorReplies(400, 401, 403, 409, 413, 415) } },
    },
    async (req, reply) => {
      const me = principalOf(req)
      const name = req.body.name.trim()
      if (!name) throw invalid('name', 'Please give the key a name')
      const scopes = [...new Set(req.body.scopes)]
      if (!scopes.length) throw invalid('scopes', 'Please choose at least one scope')
      const unknown = scopes.find((s) => !(API_SCOPES as readonly string[]).includes(s))
      if (unknown !== undefined) throw invalid('scopes', `Unknown scope "${unknown.slice(0, 40)}"; scopes are: ${API_SCOPES.join(', ')}`)
      if ((await countApiKeys(db, me.tenantId)) >= MAX_KEYS)
        throw new AppError('CONFLICT', { message: `Your company has ${MAX_KEYS} API keys, the most it may hold; revoke one first` })
      const { key, hash, start } = newApiKey()
      const row = await insertApiKey(db, me.tenantId, { name, keyHash: hash, start, scopes, createdBy: me.userId })
      await recordAudit(db, req, { action: AUDIT.apiKeyCreated, target: `API key "${name}" (${scopes.join(', ')})` })
      req.log.info({ apiKeyId: row.id, scopes }, 'API key created')
      return reply.status(201).send({ status: true, message: 'Copy the key now: it will not be shown again', data: { id: row.id, key } })
    },
  )

  app.get('/api-keys', { ...admins, schema: { tags: ['identity'], response: { 200: ApiKeyList, ...errorReplies(400, 401, 403) } } }, async (req) => {
    // Last uses still in memory are written first (one update per key), so the list is current.
    await apiKeys.flush()
    const rows = await listApiKeys(db, principalOf(req).tenantId)
    return {
      status: true,
      data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null })),
    }
  })

  app.delete(
    '/api-keys/:id',
    { ...admins, schema: { tags: ['identity'], params: ApiIdParams, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } },
    async (req) => {
      const me = principalOf(req)
      const name = isUuid(req.params.id) ? await revokeApiKey(db, me.tenantId, req.params.id) : undefined
      if (name === undefined) throw notFound()
      await apiKeys.revoked(req.params.id)
      await recordAudit(db, req, { action: AUDIT.apiKeyRevoked, target: `API key "${name}"` })
      req.log.info({ apiKeyId: req.params.id }, 'API key revoked')
      return { status: true, message: 'The key was revoked' }
    },
  )

  // The key itself is the credential here (no requireAuth: no scope is needed to learn what it is).
  app.get(
    '/api-keys/self',
    { schema: { tags: ['identity'], security: [{ apiKey: [] }], response: { 200: ApiKeySelf, ...errorReplies(400, 401) } } },
    async (req) => {
      const header = req.headers.authorization ?? ''
      const key = /^Bearer\s+tpk_\S+$/i.test(header) ? header.replace(/^Bearer\s+/i, '') : undefined
      if (!key) throw new AppError('UNAUTHENTICATED', { message: 'Send an API key as Authorization: Bearer tpk_…' })
      const p = await apiKeys.verify(key)
      return { status: true, data: { ...p, apiKey: p.apiKey! } }
    },
  )
}
