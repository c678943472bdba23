// The compliance block: one badge per framework with its status.
import { isUuid } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { Type } from 'typebox'
import { guards } from '../access-control.js'
import { type ComplianceInput, deleteCompliance, insertCompliance, listCompliance, updateCompliance } from '../db/blocks.repo.js'
import type { ComplianceStatus } from '../db/schema.js'
import type { TrustCenterDeps } from '../deps.js'
import { invalid, limits, plainText } from '../domain/text.js'
import { complianceOut } from '../domain/dto.js'
import { recordChanges } from '../updates.js'
import { BADGES, bearer, COMPLIANCE_STATUSES, Compliance, IdParams, Message, Reply } from './schemas.js'

const Body = Type.Object({
  framework: Type.Optional(Type.String()),
  status: Type.Optional(Type.String({ maxLength: 40 })),
  badge: Type.Optional(Type.String({ maxLength: 40 })),
  description: Type.Optional(Type.String()),
})
const notFound = () => new AppError('NOT_FOUND', { message: 'Compliance record not found' })

function complianceInput(body: {
  framework?: string | undefined
  status?: string | undefined
  badge?: string | undefined
  description?: string | undefined
}): ComplianceInput {
  const framework = plainText(body.framework, { field: 'framework', max: limits.title, required: true })
  if (!(COMPLIANCE_STATUSES as readonly string[]).includes(body.status ?? '')) throw invalid('status', 'Invalid status')
  if (!(BADGES as readonly string[]).includes(body.badge ?? '')) throw invalid('badge', 'Invalid badge')
  const description = plainText(body.description ?? '', { field: 'description', max: limits.description, multiline: true })!
  return { framework, status: body.status as ComplianceStatus, badge: body.badge!, description }
}

export function complianceRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites } = deps
  const { staff, admin } = guards(sites)
  const tags = ['trust-center']
  const List = Reply(Type.Array(Compliance))

  app.get('/compliance', { ...staff, schema: { tags, security: bearer, response: { 200: List } } }, async (req) => ({
    status: true,
    data: (await listCompliance(db, principalOf(req).tenantId)).map(complianceOut),
  }))

  app.get('/complianceuser', { schema: { tags, response: { 200: List } } }, async (req) => ({
    status: true,
    data: (await listCompliance(db, (await sites.forPublic(req)).tenantId)).map(complianceOut),
  }))

  app.post('/compliance/save', { ...admin, schema: { tags, security: bearer, body: Body, response: { 201: Reply(Compliance) } } }, async (req, reply) => {
    const tenantId = principalOf(req).tenantId
    const row = await insertCompliance(db, tenantId, complianceInput(req.body))
    await recordChanges(deps, tenantId, [{ kind: 'compliance', action: 'added', title: row.framework }])
    await sites.changed(tenantId)
    return reply.status(201).send({ status: true, message: 'Added Successfully', data: complianceOut(row) })
  })

  app.put(
    '/compliance/update/:id',
    { ...admin, schema: { tags, security: bearer, params: IdParams, body: Body, response: { 200: Reply(Compliance) } } },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      const input = complianceInput(req.body)
      const row = isUuid(req.params.id) ? await updateCompliance(db, tenantId, req.params.id, input) : undefined
      if (!row) throw notFound()
      await recordChanges(deps, tenantId, [{ kind: 'compliance', action: 'updated', title: row.framework }])
      await sites.changed(tenantId)
      return { status: true, message: 'Updated Successfully', data: complianceOut(row) }
    },
  )

  app.delete('/compliance/delete/:id', { ...admin, schema: { tags, security: bearer, params: IdParams, response: { 200: Message } } }, async (req) => {
    const tenantId = principalOf(req).tenantId
    const framework = isUuid(req.params.id) ? await deleteCompliance(db, tenantId, req.params.id) : undefined
    if (framework === undefined) throw notFound()
    await recordChanges(deps, tenantId, [{ kind: 'compliance', action: 'removed', title: framework }])
    await sites.changed(tenantId)
    return { status: true, message: 'Deleted Successfully' }
  })
}
