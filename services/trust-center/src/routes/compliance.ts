// The compliance block: one badge per framework with its status.
import { ComplianceBody, complianceMessages, isUuid, SpecText } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { guards } from '../access-control.js'
import { type ComplianceInput, deleteCompliance, insertCompliance, listCompliance, updateCompliance } from '../db/blocks.repo.js'
import type { ComplianceStatus } from '../db/schema.js'
import type { TrustCenterDeps } from '../deps.js'
import { limits, plainText } from '../domain/text.js'
import { withinPageLimit } from '../page-weight.js'
import { complianceOut } from '../domain/dto.js'
import { recordChanges } from '../updates.js'
import { blockListRoutes } from './block-lists.js'
import { Compliance, IdParams, Reply, staffBodyErrors, staffRowBodyErrors, Said } from './schemas.js'

const notFound = () => new AppError('NOT_FOUND', { message: 'Compliance record not found' })

/** Status and badge are checked by the route's schema; the framework must not be blank. */
function complianceInput(body: ComplianceBody): ComplianceInput {
  const framework = plainText(body.framework, { field: 'framework', max: limits.title, required: true })
  const description = plainText(body.description ?? '', { field: 'description', max: limits.description, multiline: true })!
  return { framework, status: body.status as ComplianceStatus, badge: body.badge, description }
}

export function complianceRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites } = deps
  const { admin } = guards(sites)
  const tags = ['trust-center']

  blockListRoutes(app, deps, { staff: '/compliance', public: '/complianceuser' }, Compliance, async (tenantId) =>
    (await listCompliance(db, tenantId)).map(complianceOut),
  )

  app.post(
    '/compliance/save',
    {
      ...admin,
      config: { fieldMessages: complianceMessages },
      schema: { tags, body: ComplianceBody, response: { 201: Reply(Compliance), ...staffBodyErrors } },
    },
    async (req, reply) => {
      const tenantId = principalOf(req).tenantId
      const input = complianceInput(req.body)
      const row = await withinPageLimit(db, tenantId, (tx) => insertCompliance(tx, tenantId, input))
      await recordChanges(deps, tenantId, [{ kind: 'compliance', action: 'added', title: row.framework }])
      await sites.changed(tenantId)
      return reply.status(201).send({ status: true, message: SpecText.added, data: complianceOut(row) })
    },
  )

  app.put(
    '/compliance/update/:id',
    {
      ...admin,
      config: { fieldMessages: complianceMessages },
      schema: { tags, params: IdParams, body: ComplianceBody, response: { 200: Reply(Compliance), ...staffRowBodyErrors } },
    },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      const input = complianceInput(req.body)
      const row = isUuid(req.params.id) ? await withinPageLimit(db, tenantId, (tx) => updateCompliance(tx, tenantId, req.params.id, input)) : undefined
      if (!row) throw notFound()
      await recordChanges(deps, tenantId, [{ kind: 'compliance', action: 'updated', title: row.framework }])
      await sites.changed(tenantId)
      return { status: true, message: 'Updated Successfully', data: complianceOut(row) }
    },
  )

  app.delete('/compliance/delete/:id', { ...admin, schema: { tags, params: IdParams, response: { 200: Said, ...staffRowBodyErrors } } }, async (req) => {
    const tenantId = principalOf(req).tenantId
    const framework = isUuid(req.params.id) ? await deleteCompliance(db, tenantId, req.params.id) : undefined
    if (framework === undefined) throw notFound()
    await recordChanges(deps, tenantId, [{ kind: 'compliance', action: 'removed', title: framework }])
    await sites.changed(tenantId)
    return { status: true, message: SpecText.deleted }
  })
}
