// Access requests (visitors ask; staff approve or delete) and the visitor's permission check.
import { AUDIT, recordAudit } from '@portal/audit'
import {
  AccessCheckBody,
  accessCheckMessages,
  AccessCheckRefused,
  AccessRequestBody,
  AccountBody,
  ApproveBody,
  approveMessages,
  errorReplies,
  events,
  isUuid,
  requesterMessages,
  TrustAccount,
  TrustGrant,
  TrustPagedQuery,
  SpecText,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, paged, principalOf } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import type { FastifyRequest } from 'fastify'
import { guards } from '../access-control.js'
import { deleteRequest, findLiveByEmail, findLiveRequest, insertRequest, listRequests, type RequesterInput } from '../db/access.repo.js'
import { insertHistory } from '../db/history.repo.js'
import { findDocument } from '../db/documents.repo.js'
import { currentNda } from '../db/nda.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { invalid, limits, plainText, REQUIRED } from '../domain/text.js'
import { accountOut, iso } from '../domain/dto.js'
import { PLEASE_ACCEPT, recordNdaAcceptance } from '../nda-acceptance.js'
import { confirmByLink, issueGrant, ndaSatisfied, validGrant } from '../permissions.js'
import { notifyStaff } from '../request-notify.js'
import { IdParams, PageOf, publicBodyErrors, Reply, staffBodyErrors, staffErrors, staffRowBodyErrors, Said } from './schemas.js'

function requester(body: AccountBody): RequesterInput {
  const workEmail = body.workEmail.trim().toLowerCase()
  const input = {
    firstName: plainText(body.firstName, { field: 'firstName', max: limits.name, required: true }),
    lastName: plainText(body.lastName, { field: 'lastName', max: limits.name, required: true }),
    companyName: plainText(body.companyName, { field: 'companyName', max: limits.title, required: true }),
    workEmail,
    relationship: plainText(body.relationshpLinkedIn, { field: 'relationshpLinkedIn', max: limits.title, required: true }),
  }
  if (!workEmail) throw invalid('workEmail', REQUIRED)
  if (!isValidEmail(workEmail)) throw invalid('workEmail', SpecText.invalidEmail)
  return input
}

export function accessRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites, bus } = deps
  const { staff } = guards(sites)
  const tags = ['trust-center']
  // Per email (within a tenant), on top of the route's per-address limit: the key is set by the handler.
  const emailKeys = new WeakMap<FastifyRequest, string>()
  const perEmail = app.createRateLimit({ max: 5, timeWindow: '1 hour', keyGenerator: (req) => emailKeys.get(req) ?? 'unknown' })
  const requestedDocument = async (documentId: string | undefined, tenantId: string) => {
    if (!documentId) return undefined
    const doc = isUuid(documentId) ? await findDocument(db, tenantId, documentId) : undefined
    if (!doc || doc.visibility === 'internal') throw invalid('documentId', 'This document is not on this trust center')
    return { id: doc.id, name: doc.title || doc.fileName }
  }

  app.post(
    '/useraccessrequest',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' }, fieldMessages: requesterMessages },
      schema: {
        tags,
        body: AccessRequestBody,
        // 200: the same email's pending request already exists; 201: a new request.
        response: { 200: Said, 201: Said, ...publicBodyErrors },
      },
    },
    async (req, reply) => {
      const site = await sites.forPublic(req)
      const input = requester(req.body)
      emailKeys.set(req, `access-request:${site.tenantId}:${input.workEmail}`)
      const limit = await perEmail(req)
      if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, limit.ttlInSeconds) })
      const nda = await currentNda(db, site.tenantId)
      if (nda) {
        if (!req.body.ndaId) throw invalid('ndaId', PLEASE_ACCEPT)
        // Unconfirmed: anyone may type this email. The approval mail's link confirms it (useraccesscheck).
        await recordNdaAcceptance(deps, req, site.tenantId, {
          ndaId: req.body.ndaId,
          name: `${input.firstName} ${input.lastName}`,
          email: input.workEmail,
          confirmed: false,
        })
      }
      // The document asked from: one a visitor may ask for on this site (not internal), else a clear 400.
      const document = await requestedDocument(req.body.documentId, site.tenantId)
      // Asking twice while the first is pending changes nothing: the same request stays in the queue.
      if (await findLiveByEmail(db, site.tenantId, input.workEmail, 'pending')) return { status: true, message: 'Request submitted' }
      const row = await insertRequest(db, site.tenantId, { ...input, ndaId: nda?.id ?? null, documentId: document?.id ?? null })
      await insertHistory(db, site.tenantId, [
        {
          type: 'request',
          email: input.workEmail,
          detail: `Access requested by ${input.firstName} ${input.lastName} (${input.companyName})${document ? ` for ${document.name}` : ''}`,
        },
      ])
      await bus.publish(events.accessRequestCreated(site.tenantId), { tenantId: site.tenantId, requestId: row.id })
      await notifyStaff(deps, req, site.tenantId, {
        name: `${input.firstName} ${input.lastName}`,
        email: input.workEmail,
        company: input.companyName,
        relationship: input.relationship,
        document: document?.name ?? null,
        reviewUrl: `${deps.config.publicUrl.replace(/\/+$/, '')}/account`,
      })
      return reply.status(201).send({ status: true, message: 'Request submitted' })
    },
  )

  app.get(
    '/accountsrequest',
    {
      ...staff,
      schema: {
        tags,
        querystring: TrustPagedQuery,
        response: { 200: PageOf(TrustAccount), ...staffErrors },
      },
    },
    async (req) => {
      const page = req.query.page ?? 1
      const pageSize = req.query.pageSize ?? 10
      const { rows, total } = await listRequests(db, principalOf(req).tenantId, req.query.pageType === 'approved' ? 'approved' : 'pending', page, pageSize)
      return paged(
        rows.map((r) => ({
          ...accountOut(r),
          ndaAccepted: Boolean(r.ndaAccepted),
          ndaConfirmed: Boolean(r.ndaConfirmed),
          document: r.documentId && r.documentTitle ? { _id: r.documentId, title: r.documentTitle } : null,
        })),
        total,
        page,
        pageSize,
      )
    },
  )

  app.put(
    '/accountsapprove/:id',
    {
      ...staff,
      config: { fieldMessages: approveMessages },
      schema: {
        tags,
        params: IdParams,
        body: ApproveBody,
        response: { 200: Said, ...staffRowBodyErrors },
      },
    },
    async (req) => {
      const site = await sites.forStaff(req)
      const request = isUuid(req.params.id) ? await findLiveRequest(db, site.tenantId, req.params.id) : undefined
      if (!request) throw new AppError('NOT_FOUND', { message: 'Access request not found' })
      await issueGrant(deps, req, site, request)
      await recordAudit(db, req, { action: AUDIT.accessApproved, target: request.workEmail })
      return { status: true, message: `Access approved for ${request.workEmail}` }
    },
  )

  app.delete('/accountsrequest/:id', { ...staff, schema: { tags, params: IdParams, response: { 200: Said, ...staffRowBodyErrors } } }, async (req) => {
    const me = principalOf(req)
    const request = isUuid(req.params.id) ? await findLiveRequest(db, me.tenantId, req.params.id) : undefined
    if (!request || !(await deleteRequest(db, me.tenantId, request.id))) throw new AppError('NOT_FOUND', { message: 'Access request not found' })
    if (request.status === 'approved')
      await insertHistory(db, me.tenantId, [{ type: 'approval', email: request.workEmail, detail: `Access revoked by ${me.name ?? 'a staff member'}` }])
    await recordAudit(db, req, { action: request.status === 'approved' ? AUDIT.accessRevoked : AUDIT.accessDenied, target: request.workEmail })
    return { status: true, message: request.status === 'approved' ? `Access removed for ${request.workEmail}` : `Request from ${request.workEmail} denied` }
  })

  app.post(
    '/accounts/save',
    {
      ...staff,
      config: { fieldMessages: requesterMessages },
      schema: { tags, body: AccountBody, response: { 201: Said, ...staffBodyErrors } },
    },
    async (req, reply) => {
      const site = await sites.forStaff(req)
      const input = requester(req.body)
      // One account per email: granting again re-issues that account's link; a pending request of
      // the same email is the one approved.
      const account =
        (await findLiveByEmail(db, site.tenantId, input.workEmail, 'approved')) ??
        (await findLiveByEmail(db, site.tenantId, input.workEmail, 'pending')) ??
        (await insertRequest(db, site.tenantId, { ...input, ndaId: null }))
      await issueGrant(deps, req, site, account)
      await recordAudit(db, req, { action: AUDIT.accessApproved, target: account.workEmail })
      return reply.status(201).send({ status: true, message: SpecText.added })
    },
  )

  app.post(
    '/useraccesscheck',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, fieldMessages: accessCheckMessages },
      schema: {
        tags,
        body: AccessCheckBody,
        // 404: one answer for every refusal, whatever the reason: nothing tells a guess from a revoked token.
        response: { 200: Reply(TrustGrant), 404: AccessCheckRefused, ...errorReplies(400, 413, 415, 429) },
      },
    },
    async (req, reply) => {
      const token = req.body.permissionToken // a well-formed token, by the route's schema
      const site = await sites.forPublic(req).catch(() => undefined)
      const grant = site ? await validGrant(deps, site.tenantId, token) : undefined
      if (!site || !grant) return reply.status(404).send({ status: false })
      await confirmByLink(deps, site.tenantId, grant) // the visitor opened the link mailed to grant.email
      return { status: true, data: { email: grant.email, expiresAt: iso(grant.expiresAt)!, ndaAccepted: await ndaSatisfied(deps, site.tenantId, grant.email) } }
    },
  )
}
