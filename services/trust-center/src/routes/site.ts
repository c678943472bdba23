// Publishing: the tenant's client details, its cname under TRUST_CENTER_DOMAIN, and the public
// registry lookup (check-hostname) the web app and the gateway use to tell trust-center hosts apart.
import { AUDIT, recordAudit } from '@portal/audit'
import {
  AddCnameBody,
  addCnameMessages,
  CheckHostnameFound,
  CheckHostnameMissing,
  CheckHostnameQuery,
  DomainStatus,
  errorReplies,
  PublishReply,
  TrustClientDetails,
  TrustPublicClientDetails,
} from '@portal/contracts'
import { enterSystem } from '@portal/db'
import { AppError } from '@portal/errors'
import { type AppInstance, requireVerified } from '@portal/http'
import { Type } from 'typebox'
import { guards } from '../access-control.js'
import { findSiteByCname, findSiteByHostname, publishSite, recentlyReleased, unpublishSite } from '../db/site.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { normaliseHost, QUARANTINE_MS, RELEASED_NOT_AVAILABLE, siteUrl, subdomainRefusal } from '../domain/hostnames.js'
import { invalid } from '../domain/text.js'
import { Message, publicErrors, Reply, staffBodyErrors, staffErrors } from './schemas.js'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/** `acme` of `acme.<domain>`; undefined for the domain itself, deeper names and other domains. */
function labelUnder(hostname: string, domain: string): string | undefined {
  const host = normaliseHost(hostname)
  const suffix = `.${normaliseHost(domain)}`
  if (host.length > 253 || !host.endsWith(suffix)) return undefined
  const label = host.slice(0, -suffix.length)
  return label && !label.includes('.') ? label : undefined
}

export function siteRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, config, sites, now } = deps
  const { staff, admin } = guards(sites)
  const tags = ['trust-center']
  const urlOf = (hostname: string) => siteUrl(config.publicUrl, hostname)
  /** Could some tenant publish this label now: well-formed, not reserved, not held, not in quarantine. */
  const claimable = async (label: string) =>
    !subdomainRefusal(label) && !(await findSiteByCname(db, label)) && !(await recentlyReleased(db, label, new Date(now().getTime() - QUARANTINE_MS)))

  app.get(
    '/clientDetails',
    {
      ...staff,
      schema: {
        tags,
        response: { 200: Reply(Type.Array(TrustClientDetails)), ...staffErrors },
      },
    },
    async (req) => {
      const site = await sites.forStaff(req)
      return {
        status: true,
        data: [
          {
            _id: site.id,
            maindomain: config.trustCenterDomain,
            cname: site.cname,
            cnamepublish: site.published,
            database: site.dbName,
            complianceBucket: '',
            questionnairesBucket: '',
            fileStorage: '',
          },
        ],
      }
    },
  )

  app.get(
    '/clientDetailsOutside',
    {
      schema: { tags, response: { 200: Reply(Type.Array(TrustPublicClientDetails)), ...publicErrors } },
    },
    async (req) => {
      const site = await sites.forPublic(req)
      return { status: true, data: [{ cname: site.cname, cnamepublish: site.published, maindomain: config.trustCenterDomain }] }
    },
  )

  app.post(
    '/fs/add-cname',
    {
      // Publishing speaks for the company: only an admin whose address is proven (issue 10).
      preHandler: [...admin.preHandler, requireVerified],
      config: { fieldMessages: addCnameMessages },
      schema: {
        tags,
        body: AddCnameBody,
        response: { 200: PublishReply, ...errorReplies(400, 401, 403, 409, 413, 415) },
      },
    },
    async (req) => {
      const subdomain = req.body.subdomain.trim().toLowerCase()
      const refusal = subdomainRefusal(subdomain)
      if (refusal?.code === 'INVALID_REQUEST') throw invalid('subdomain', refusal.message)
      if (refusal) throw new AppError(refusal.code, { message: refusal.message })
      const site = await sites.forStaff(req)
      const holder = await findSiteByCname(db, subdomain)
      if (holder && holder.tenantId !== site.tenantId) throw new AppError('CONFLICT', { message: 'Subdomain is already taken' })
      // A name another tenant gave up stays theirs alone for a while: its visitors and links still point at it.
      const at = now()
      const result = await publishSite(db, site.tenantId, subdomain, config.trustCenterDomain, new Date(at.getTime() - QUARANTINE_MS), at)
      if ('refused' in result) {
        throw new AppError('CONFLICT', { message: result.refused === 'quarantined' ? RELEASED_NOT_AVAILABLE : 'Subdomain is already taken' })
      }
      const published = result.site
      await sites.republished(site.tenantId, [site.hostname])
      req.log.info({ tenantId: site.tenantId, hostname: published.hostname }, 'trust center published')
      await recordAudit(db, req, { action: AUDIT.trustCenterPublished, target: published.hostname })
      return {
        success: true,
        status: true,
        message: 'Cname record has been created, allow 5 minutes for dns to propagate.',
        data: { hostname: published.hostname, url: urlOf(published.hostname) },
      }
    },
  )

  app.post('/fs/remove-cname', { ...admin, schema: { tags, response: { 200: Message, ...staffBodyErrors } } }, async (req) => {
    const site = await sites.forStaff(req)
    await unpublishSite(db, site.tenantId)
    await sites.republished(site.tenantId, [site.hostname])
    req.log.info({ tenantId: site.tenantId, hostname: site.hostname }, 'trust center unpublished')
    await recordAudit(db, req, { action: AUDIT.trustCenterUnpublished, target: site.hostname })
    // The public page now answers as for any unpublished host (404 in words); the cname stays the tenant's.
    return { status: true, message: 'Your trust center is no longer public' }
  })

  app.get(
    '/domainnamestatus',
    {
      ...staff,
      schema: {
        tags,
        response: { 200: Reply(Type.Array(DomainStatus)), ...staffErrors },
      },
    },
    async (req) => {
      const site = await sites.forStaff(req)
      return { status: true, data: [{ hostname: site.hostname, published: site.published, url: urlOf(site.hostname) }] }
    },
  )

  app.get(
    '/fs/check-hostname',
    {
      // The gateway asks from inside the process (loopback, cached per host): its lookups are not limited.
      config: { rateLimit: { max: 120, timeWindow: '1 minute', allowList: (req) => LOOPBACK.has(req.ip) } },
      schema: {
        tags,
        querystring: CheckHostnameQuery,
        // 404: not a published host (`available`: only for `<label>.<TRUST_CENTER_DOMAIN>`).
        response: { 200: CheckHostnameFound, 404: CheckHostnameMissing, ...errorReplies(400, 429) },
      },
    },
    async (req, reply) => {
      enterSystem() // a registry lookup: it looks across tenants
      // Only a registered, published host is special; the shape of a name proves nothing.
      const site = await sites.publishedOnHost(req.query.hostname ?? '')
      if (!site) {
        // A trust center's own host that is not public (unpublished, issue 25): its visitors get a 404 in words.
        const held = await findSiteByHostname(db, normaliseHost(req.query.hostname ?? ''))
        const unpublished = held ? { unpublished: true as const } : {}
        const label = labelUnder(req.query.hostname ?? '', config.trustCenterDomain)
        if (label === undefined) return reply.status(404).send({ status: false, isSpecialDomain: false, ...unpublished })
        return reply.status(404).send({ status: false, isSpecialDomain: false, available: await claimable(label), ...unpublished })
      }
      return { status: true, isSpecialDomain: true, dbName: site.dbName }
    },
  )
}
