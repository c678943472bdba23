// The activity history: recorded by the server on every view, request, approval, NDA acceptance
// and download (routes/downloads.ts, one row per file it serves); the page may add a view with an email.
// trackdownloadreq is kept for the spec's client but records nothing: a download row is written only
// by the route that served the bytes, never on a client's word.
import { HistorySaveBody, historySaveMessages, TrackDownloadBody, TrustHistoryEntry, TrustPagedQuery, SpecText } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, paged, principalOf } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { guards } from '../access-control.js'
import { insertHistory, listHistory } from '../db/history.repo.js'
import type { HistoryType } from '../db/schema.js'
import type { TrustCenterDeps } from '../deps.js'
import { invalid, limits, plainText } from '../domain/text.js'
import { iso } from '../domain/dto.js'
import { Message, PageOf, publicBodyErrors, staffErrors } from './schemas.js'

const PAGE_TYPES = ['all', 'view', 'request', 'approval', 'download', 'nda'] as const

function optionalEmail(value: string | undefined): string | null {
  const email = value?.trim().toLowerCase()
  if (!email) return null
  if (!isValidEmail(email)) throw invalid('email', SpecText.invalidEmail)
  return email
}

export function historyRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites, views } = deps
  const { staff } = guards(sites)
  const tags = ['trust-center']

  app.post(
    '/trackdownloadreq',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: TrackDownloadBody,
        response: { 201: Message, ...publicBodyErrors },
      },
    },
    async (req, reply) => {
      await sites.forPublic(req)
      // Checked as before (bad input is still a 400), then ignored: the served download was recorded already.
      optionalEmail(req.body.email)
      plainText(req.body.fileName ?? '', { field: 'fileName', max: limits.fileName })
      plainText(req.body.screenType ?? '', { field: 'screenType', max: 100 })
      plainText(req.body.type ?? '', { field: 'type', max: 100 })
      return reply.status(201).send({ status: true })
    },
  )

  app.post(
    '/trustcenterhistroy/save',
    {
      // Limited with every other way a view is recorded (views.ts), not by a limit of its own.
      config: { fieldMessages: historySaveMessages },
      schema: {
        tags,
        body: HistorySaveBody,
        response: { 201: Message, ...publicBodyErrors },
      },
    },
    async (req, reply) => {
      const site = await sites.forPublic(req)
      const retryAfter = await views.allow(req, site.tenantId)
      if (retryAfter) throw new AppError('RATE_LIMITED', { retryAfter })
      await insertHistory(db, site.tenantId, [{ type: 'view', email: optionalEmail(req.body.email), detail: 'Reported by the page' }])
      return reply.status(201).send({ status: true })
    },
  )

  app.get(
    '/trustcenterhistroy',
    {
      ...staff,
      schema: {
        tags,
        querystring: TrustPagedQuery,
        response: { 200: PageOf(TrustHistoryEntry), ...staffErrors },
      },
    },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      const pageType = req.query.pageType || 'all'
      if (!(PAGE_TYPES as readonly string[]).includes(pageType)) throw invalid('pageType', 'Invalid pageType')
      await views.flush(tenantId) // views counted in this process since the last write are included
      const page = req.query.page ?? 1
      const pageSize = req.query.pageSize ?? 10
      const { rows, total } = await listHistory(db, tenantId, pageType === 'all' ? undefined : (pageType as HistoryType), page, pageSize)
      return paged(
        rows.map((r) => ({ _id: r.id, type: r.type, email: r.email, fileName: r.fileName, detail: r.detail, createdAt: iso(r.createdAt)! })),
        total,
        page,
        pageSize,
      )
    },
  )
}
