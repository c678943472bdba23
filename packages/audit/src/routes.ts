// The audit log's admin routes: the console's pages, the chain's verification, the export. Admins
// of the company only; the company is the token's, so another tenant's entries are never read.
import { Readable } from 'node:stream'
import { AuditExportQuery, AuditPage, AuditQuery, AuditVerifyReply, errorReplies, fileReply } from '@portal/contracts'
import { type AppInstance, paged, principalOf, requireAdmin, requireAuth } from '@portal/http'
import type { Kysely } from 'kysely'
import { csvLine } from './csv.js'
import { exportEntries, listEntries, verifyChain } from './log.repo.js'
import type { AuditDb } from './schema.js'

const COLUMNS = ['seq', 'at', 'action', 'actorEmail', 'target', 'ip', 'userAgent', 'requestId'] as const

async function* csvExport(db: Kysely<AuditDb>, tenantId: string): AsyncGenerator<string> {
  yield csvLine([...COLUMNS])
  for await (const e of exportEntries(db, tenantId)) yield csvLine(COLUMNS.map((c) => e[c]))
}

/** A JSON array written an entry at a time. */
async function* jsonExport(db: Kysely<AuditDb>, tenantId: string): AsyncGenerator<string> {
  let first = true
  yield '['
  for await (const e of exportEntries(db, tenantId)) {
    yield `${first ? '' : ','}\n${JSON.stringify(e)}`
    first = false
  }
  yield '\n]\n'
}

export function auditRoutes(app: AppInstance, deps: { audit: Kysely<AuditDb> }): void {
  const { audit } = deps
  const admins = { preHandler: [requireAuth, requireAdmin] }
  const tags = ['audit']

  app.get('/audit', { ...admins, schema: { tags, querystring: AuditQuery, response: { 200: AuditPage, ...errorReplies(400, 401, 403) } } }, async (req) => {
    const page = req.query.page ?? 1
    const pageSize = req.query.pageSize ?? 10
    const { rows, total } = await listEntries(
      audit,
      principalOf(req).tenantId,
      { action: req.query.action?.trim(), actor: req.query.actor?.trim() },
      page,
      pageSize,
    )
    return paged(rows, total, page, pageSize)
  })

  app.get(
    '/audit/verify',
    {
      ...admins,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, response: { 200: AuditVerifyReply, ...errorReplies(401, 403, 429) } },
    },
    async (req) => ({ status: true, data: await verifyChain(audit, principalOf(req).tenantId) }),
  )

  app.get(
    '/audit/export',
    {
      ...admins,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        querystring: AuditExportQuery,
        response: { 200: fileReply(['text/csv', 'application/json'], 'Every entry kept, oldest first, as a download'), ...errorReplies(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      const tenantId = principalOf(req).tenantId
      const csv = (req.query.format ?? 'csv') === 'csv'
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .type(csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-log-${day}.${csv ? 'csv' : 'json'}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(Readable.from(csv ? csvExport(audit, tenantId) : jsonExport(audit, tenantId)))
    },
  )
}
