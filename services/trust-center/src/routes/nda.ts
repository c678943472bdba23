// The NDA: versions (a save adds one; none is ever deleted), the public text, and acceptances.
import { AUDIT, recordAudit } from '@portal/audit'
import { isUuid, NdaAcceptBody, ndaAcceptMessages, NdaBody, ndaMessages, TrustNdaAcceptance, SpecText, PageQuery } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { FastifyRequest } from 'fastify'
import { type AppInstance, paged, principalOf } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { guards } from '../access-control.js'
import { currentNda, findNda, insertNdaVersion, listAcceptances } from '../db/nda.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { invalid, limits, plainText } from '../domain/text.js'
import { iso, ndaOut } from '../domain/dto.js'
import { recordNdaAcceptance } from '../nda-acceptance.js'
import { validGrant } from '../permissions.js'
import { IdParams, Said, Nda, Nullable, PageOf, publicBodyErrors, publicErrors, Reply, staffBodyErrors, staffErrors, staffRowBodyErrors } from './schemas.js'

export function ndaRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites } = deps
  const { staff, admin } = guards(sites)
  const tags = ['trust-center']

  const newVersion = async (req: FastifyRequest, tenantId: string, body: { description?: string | undefined }) => {
    const description = plainText(body.description, { field: 'description', max: limits.nda, required: true, multiline: true })
    const row = await insertNdaVersion(db, tenantId, description)
    await sites.changed(tenantId)
    const nda = ndaOut(row)
    await recordAudit(db, req, { action: AUDIT.ndaChanged, target: `NDA version ${nda.version}` })
    return nda
  }

  app.get('/ndalist', { ...staff, schema: { tags, response: { 200: Reply(Nullable(Nda)), ...staffErrors } } }, async (req) => {
    const nda = await currentNda(db, principalOf(req).tenantId)
    return { status: true, data: nda ? ndaOut(nda) : null }
  })

  app.get('/ndauser', { schema: { tags, response: { 200: Reply(Nullable(Nda)), ...publicErrors } } }, async (req) => {
    const nda = await currentNda(db, (await sites.forPublic(req)).tenantId)
    return { status: true, data: nda ? ndaOut(nda) : null }
  })

  app.post(
    '/nda/save',
    { ...admin, config: { fieldMessages: ndaMessages }, schema: { tags, body: NdaBody, response: { 201: Reply(Nda), ...staffBodyErrors } } },
    async (req, reply) => reply.status(201).send({ status: true, message: SpecText.added, data: await newVersion(req, principalOf(req).tenantId, req.body) }),
  )

  app.put(
    '/nda/update/:id',
    {
      ...admin,
      config: { fieldMessages: ndaMessages },
      schema: { tags, params: IdParams, body: NdaBody, response: { 200: Reply(Nda), ...staffRowBodyErrors } },
    },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      if (!isUuid(req.params.id) || !(await findNda(db, tenantId, req.params.id))) throw new AppError('NOT_FOUND', { message: 'NDA not found' })
      return { status: true, message: 'Updated Successfully', data: await newVersion(req, tenantId, req.body) }
    },
  )

  app.post(
    '/nda/accept',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, fieldMessages: ndaAcceptMessages },
      schema: {
        tags,
        body: NdaAcceptBody,
        response: { 201: Said, ...publicBodyErrors },
      },
    },
    async (req, reply) => {
      const site = await sites.forPublic(req)
      const name = plainText(req.body.name, { field: 'name', max: limits.name * 2 + 1, required: true })
      const email = (req.body.email ?? '').trim().toLowerCase()
      if (!email) throw invalid('email', SpecText.required)
      if (!isValidEmail(email)) throw invalid('email', SpecText.invalidEmail)
      const grant = await validGrant(deps, site.tenantId, req.body.permissionToken)
      await recordNdaAcceptance(deps, req, site.tenantId, { ndaId: req.body.ndaId, name, email, confirmed: grant?.email === email })
      return reply.status(201).send({ status: true, message: 'NDA accepted' })
    },
  )

  app.get(
    '/nda/acceptances',
    { ...staff, schema: { tags, querystring: PageQuery, response: { 200: PageOf(TrustNdaAcceptance), ...staffErrors } } },
    async (req) => {
      const page = req.query.page ?? 1
      const pageSize = req.query.pageSize ?? 10
      const { rows, total } = await listAcceptances(db, principalOf(req).tenantId, page, pageSize)
      return paged(
        rows.map((r) => ({
          _id: r.id,
          ndaId: r.ndaId,
          version: r.version,
          name: r.name,
          email: r.email,
          ip: r.ip,
          userAgent: r.userAgent,
          textHash: r.textHash,
          createdAt: iso(r.createdAt)!,
          confirmed: r.confirmedAt !== null,
          confirmedAt: iso(r.confirmedAt),
        })),
        total,
        page,
        pageSize,
      )
    },
  )
}
