// The security block: ordered categories, each with ordered sub-items (all plain text).
import { isUuid, SecurityCategoryBody, TextBlockBody, textBlockMessages, SpecText } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { guards } from '../access-control.js'
import {
  deleteSecurityCategory,
  deleteSecurityItem,
  findSecurityCategory,
  insertSecurityCategory,
  insertSecurityItem,
  listSecurity,
  type TextBlock,
  updateSecurityCategory,
  updateSecurityItem,
} from '../db/blocks.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { limits, plainText } from '../domain/text.js'
import { withinPageLimit } from '../page-weight.js'
import { categoryOut, itemOut } from '../domain/dto.js'
import { blockListRoutes } from './block-lists.js'
import { IdParams, ItemParams, Said, Reply, SecurityCategory, SecurityItem, staffBodyErrors, staffRowBodyErrors } from './schemas.js'

const notFound = () => new AppError('NOT_FOUND', { message: 'Security item not found' })

/** A title (required) and a description (optional), both plain text. */
export function textBlock(body: { title?: string | undefined; description?: string | undefined }, prefix = ''): TextBlock {
  return {
    title: plainText(body.title, { field: `${prefix}title`, max: limits.title, required: true }),
    description: plainText(body.description ?? '', { field: `${prefix}description`, max: limits.description, multiline: true })!,
  }
}

export function securityRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites } = deps
  const { admin } = guards(sites)
  const tags = ['trust-center']

  blockListRoutes(app, deps, { staff: '/security', public: '/securityuser' }, SecurityCategory, async (tenantId) =>
    (await listSecurity(db, tenantId)).map(categoryOut),
  )

  app.post(
    '/security/save',
    {
      ...admin,
      config: { fieldMessages: textBlockMessages },
      schema: {
        tags,
        body: SecurityCategoryBody,
        response: { 201: Reply(SecurityCategory), ...staffBodyErrors },
      },
    },
    async (req, reply) => {
      const tenantId = principalOf(req).tenantId
      const category = textBlock(req.body)
      const subdata = (req.body.subdata ?? []).map((s, i) => textBlock(s, `subdata.${i}.`))
      const row = await withinPageLimit(db, tenantId, (tx) => insertSecurityCategory(tx, tenantId, { ...category, subdata }))
      await sites.changed(tenantId)
      return reply.status(201).send({ status: true, message: SpecText.added, data: categoryOut(row) })
    },
  )

  app.put(
    '/security/update/:id',
    {
      ...admin,
      config: { fieldMessages: textBlockMessages },
      schema: { tags, params: IdParams, body: TextBlockBody, response: { 200: Reply(SecurityCategory), ...staffRowBodyErrors } },
    },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      const input = textBlock(req.body)
      const updated = isUuid(req.params.id) && (await withinPageLimit(db, tenantId, (tx) => updateSecurityCategory(tx, tenantId, req.params.id, input)))
      if (!updated) throw notFound()
      await sites.changed(tenantId)
      return { status: true, message: 'Updated Successfully', data: categoryOut((await findSecurityCategory(db, tenantId, req.params.id))!) }
    },
  )

  app.delete('/security/delete/:id', { ...admin, schema: { tags, params: IdParams, response: { 200: Said, ...staffRowBodyErrors } } }, async (req) => {
    const tenantId = principalOf(req).tenantId
    if (!isUuid(req.params.id) || !(await deleteSecurityCategory(db, tenantId, req.params.id))) throw notFound()
    await sites.changed(tenantId)
    return { status: true, message: SpecText.deleted }
  })

  app.delete(
    '/security/delete/:id/:itemId',
    { ...admin, schema: { tags, params: ItemParams, response: { 200: Said, ...staffRowBodyErrors } } },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      const { id, itemId } = req.params
      if (!isUuid(id) || !isUuid(itemId) || !(await deleteSecurityItem(db, tenantId, id, itemId))) throw notFound()
      await sites.changed(tenantId)
      return { status: true, message: SpecText.deleted }
    },
  )

  app.post(
    '/security/addsubdata/:id',
    {
      ...admin,
      config: { fieldMessages: textBlockMessages },
      schema: { tags, params: IdParams, body: TextBlockBody, response: { 201: Reply(SecurityItem), ...staffRowBodyErrors } },
    },
    async (req, reply) => {
      const tenantId = principalOf(req).tenantId
      const input = textBlock(req.body)
      if (!isUuid(req.params.id) || !(await findSecurityCategory(db, tenantId, req.params.id))) throw notFound()
      const item = await withinPageLimit(db, tenantId, (tx) => insertSecurityItem(tx, tenantId, req.params.id, input))
      await sites.changed(tenantId)
      return reply.status(201).send({ status: true, message: SpecText.added, data: itemOut(item) })
    },
  )

  app.put(
    '/security/subdata/:id/:itemId',
    {
      ...admin,
      config: { fieldMessages: textBlockMessages },
      schema: { tags, params: ItemParams, body: TextBlockBody, response: { 200: Reply(SecurityItem), ...staffRowBodyErrors } },
    },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      const { id, itemId } = req.params
      const input = textBlock(req.body)
      const item = isUuid(id) && isUuid(itemId) ? await withinPageLimit(db, tenantId, (tx) => updateSecurityItem(tx, tenantId, id, itemId, input)) : undefined
      if (!item) throw notFound()
      await sites.changed(tenantId)
      return { status: true, message: 'Updated Successfully', data: itemOut(item) }
    },
  )
}
