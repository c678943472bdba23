// The overview block: a subtitle (plain text) and a description (rich text, sanitised on save).
import { OverviewBody, SpecText } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { guards } from '../access-control.js'
import { findOverview, saveOverview } from '../db/blocks.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { sanitizeRichText } from '../domain/rich-text.js'
import { limits, plainText } from '../domain/text.js'
import { withinPageLimit } from '../page-weight.js'
import { iso, overviewOut } from '../domain/dto.js'
import { IdParams, Nullable, Overview, PublicOverview, publicErrors, Reply, staffBodyErrors, staffErrors, staffRowBodyErrors } from './schemas.js'

export function overviewRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites } = deps
  const { staff, admin } = guards(sites)
  const tags = ['trust-center']

  const save = async (tenantId: string, body: { subTitle?: string | undefined; description?: string | undefined }) => {
    const subTitle = plainText(body.subTitle ?? '', { field: 'subTitle', max: limits.title })!
    const description = plainText(body.description ?? '', { field: 'description', max: limits.richText, multiline: true })!
    const clean = await sanitizeRichText(description)
    const row = await withinPageLimit(db, tenantId, (tx) => saveOverview(tx, tenantId, { subTitle, description: clean }))
    await sites.changed(tenantId)
    return overviewOut(row)
  }

  app.get('/overview', { ...staff, schema: { tags, response: { 200: Reply(Nullable(Overview)), ...staffErrors } } }, async (req) => {
    const row = await findOverview(db, principalOf(req).tenantId)
    return { status: true, data: row ? overviewOut(row) : null }
  })

  app.get('/overviewuser', { schema: { tags, response: { 200: Reply(Nullable(PublicOverview)), ...publicErrors } } }, async (req) => {
    const row = await findOverview(db, (await sites.forPublic(req)).tenantId)
    return { status: true, data: row ? { subTitle: row.subTitle, description: row.description, updatedAt: iso(row.updatedAt)! } : null }
  })

  app.post('/overview/save', { ...admin, schema: { tags, body: OverviewBody, response: { 201: Reply(Overview), ...staffBodyErrors } } }, async (req, reply) =>
    reply.status(201).send({ status: true, message: SpecText.added, data: await save(principalOf(req).tenantId, req.body) }),
  )

  app.put(
    '/overview/update/:id',
    { ...admin, schema: { tags, params: IdParams, body: OverviewBody, response: { 200: Reply(Overview), ...staffRowBodyErrors } } },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      const current = await findOverview(db, tenantId)
      if (!current || current.id !== req.params.id) throw new AppError('NOT_FOUND', { message: 'Overview not found' })
      return { status: true, message: 'Updated Successfully', data: await save(tenantId, req.body) }
    },
  )
}
