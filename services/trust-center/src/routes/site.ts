// Publishing: the tenant's client details, its cname under TRUST_CENTER_DOMAIN, and the public
// registry lookup (check-hostname) the web app and the gateway use to tell trust-center hosts apart.
import { AppError } from '@portal/errors'
import type { AppInstance } from '@portal/http'
import { Type } from 'typebox'
import { guards } from '../access-control.js'
import { findSiteByCname, publishSite, unpublishSite } from '../db/site.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { isValidSubdomain, RESERVED_SUBDOMAINS, siteUrl } from '../domain/hostnames.js'
import { invalid } from '../domain/text.js'
import { bearer, Message, Reply } from './schemas.js'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

export function siteRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, config, sites } = deps
  const { staff, admin } = guards(sites)
  const tags = ['trust-center']
  const urlOf = (hostname: string) => siteUrl(config.publicUrl, hostname)

  app.get('/clientDetails', {
    ...staff,
    schema: {
      tags, security: bearer,
      response: {
        200: Reply(Type.Array(Type.Object({
          _id: Type.String(), maindomain: Type.String(), cname: Type.String(), cnamepublish: Type.Boolean(), database: Type.String(),
          complianceBucket: Type.String(), questionnairesBucket: Type.String(), fileStorage: Type.String(),
        }))),
      },
    },
  }, async (req) => {
    const site = await sites.forStaff(req)
    return {
      status: true,
      data: [{ _id: site.id, maindomain: config.trustCenterDomain, cname: site.cname, cnamepublish: site.published, database: site.dbName, complianceBucket: '', questionnairesBucket: '', fileStorage: '' }],
    }
  })

  app.get('/clientDetailsOutside', {
    schema: { tags, response: { 200: Reply(Type.Array(Type.Object({ cname: Type.String(), cnamepublish: Type.Boolean(), maindomain: Type.String() }))) } },
  }, async (req) => {
    const site = await sites.forPublic(req)
    return { status: true, data: [{ cname: site.cname, cnamepublish: site.published, maindomain: config.trustCenterDomain }] }
  })

  app.post('/fs/add-cname', {
    ...admin,
    schema: {
      tags, security: bearer,
      body: Type.Object({ subdomain: Type.Optional(Type.String({ maxLength: 253 })) }),
      response: {
        200: Type.Object({ success: Type.Boolean(), status: Type.Boolean(), message: Type.String(), data: Type.Object({ hostname: Type.String(), url: Type.String() }) }),
      },
    },
  }, async (req) => {
    const subdomain = (req.body.subdomain ?? '').trim().toLowerCase()
    if (!isValidSubdomain(subdomain)) throw invalid('subdomain', 'Invalid subdomain')
    const site = await sites.forStaff(req)
    const holder = await findSiteByCname(db, subdomain)
    if (RESERVED_SUBDOMAINS.has(subdomain) || (holder && holder.tenantId !== site.tenantId)) {
      throw new AppError('CONFLICT', { message: 'Subdomain is already taken' })
    }
    const published = await publishSite(db, site.tenantId, subdomain, config.trustCenterDomain)
    if (!published) throw new AppError('CONFLICT', { message: 'Subdomain is already taken' })
    sites.forget()
    req.log.info({ tenantId: site.tenantId, hostname: published.hostname }, 'trust center published')
    return {
      success: true,
      status: true,
      message: 'Cname record has been created, allow 5 minutes for dns to propagate.',
      data: { hostname: published.hostname, url: urlOf(published.hostname) },
    }
  })

  app.post('/fs/remove-cname', { ...admin, schema: { tags, security: bearer, response: { 200: Message } } }, async (req) => {
    const site = await sites.forStaff(req)
    await unpublishSite(db, site.tenantId)
    sites.forget()
    return { status: true }
  })

  app.get('/domainnamestatus', {
    ...staff,
    schema: { tags, security: bearer, response: { 200: Reply(Type.Array(Type.Object({ hostname: Type.String(), published: Type.Boolean(), url: Type.String() }))) } },
  }, async (req) => {
    const site = await sites.forStaff(req)
    return { status: true, data: [{ hostname: site.hostname, published: site.published, url: urlOf(site.hostname) }] }
  })

  app.get('/fs/check-hostname', {
    // The gateway asks from inside the process (loopback, cached per host): its lookups are not limited.
    config: { rateLimit: { max: 120, timeWindow: '1 minute', allowList: (req) => LOOPBACK.has(req.ip) } },
    schema: {
      tags,
      querystring: Type.Object({ hostname: Type.Optional(Type.String({ maxLength: 253 })) }),
      response: {
        200: Type.Object({ status: Type.Boolean(), isSpecialDomain: Type.Boolean(), dbName: Type.String() }),
        404: Type.Object({ status: Type.Boolean(), isSpecialDomain: Type.Boolean() }),
      },
    },
  }, async (req, reply) => {
    // Only a registered, published host is special; the shape of a name proves nothing.
    const site = await sites.publishedOnHost(req.query.hostname ?? '')
    if (!site) return reply.status(404).send({ status: false, isSpecialDomain: false })
    return { status: true, isSpecialDomain: true, dbName: site.dbName }
  })
}
