// The whole public page in one reply. Assembled from every block, serialised once per content
// version and kept in memory: a page view then costs a cached lookup of the site and a string send.
import { createHash } from 'node:crypto'
import { ByteCache } from '@portal/runtime/byte-cache'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { findSettings, findTheme } from './db/branding.repo.js'
import { findOverview, listCompliance, listSecurity } from './db/blocks.repo.js'
import { listDocuments } from './db/documents.repo.js'
import { currentNda } from './db/nda.repo.js'
import type { TrustCenterDb } from './db/schema.js'
import type { Site } from './db/site.repo.js'
import type { SiteDirectory } from './sites.js'
import type { ViewCounter } from './views.js'
import { categoryOut, complianceOut, documentOut, iso, logoPath, themeOut } from './domain/dto.js'

export async function assemblePage(db: Kysely<TrustCenterDb>, site: Site) {
  const t = site.tenantId
  const [settings, theme, overview, security, compliance, documents, nda] = await Promise.all([
    findSettings(db, t),
    findTheme(db, t),
    findOverview(db, t),
    listSecurity(db, t),
    listCompliance(db, t),
    listDocuments(db, t, { includeInternal: false }),
    currentNda(db, t),
  ])
  const { _id: _theme, ...colours } = themeOut(theme)
  return {
    companyTitle: settings?.companyTitle ?? '',
    logo: logoPath(settings?.logoId),
    theme: colours,
    overview: overview ? { subTitle: overview.subTitle, description: overview.description, updatedAt: iso(overview.updatedAt)! } : null,
    security: security.map(categoryOut),
    compliance: compliance.map(complianceOut),
    documents: documents.map(documentOut),
    nda: nda ? { _id: nda.id, updatedAt: iso(nda.createdAt)! } : null,
    cname: site.cname,
  }
}

export interface CachedPage {
  version: number
  /** UTF-8 bytes, so a page view does not encode the string again. */
  body: Buffer
  etag: string
}

/** Bytes of serialised pages kept (each page is bounded by PAGE_WEIGHT_LIMIT, so this is dozens of the largest). */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024

/** Name of the server decoration through which the gateway reads published pages in one process. */
export const PUBLIC_PAGE_DECORATOR = 'trustCenterPublicPage'

/**
 * What GET /api/trustcenteruser would answer on this host, when that answer is cached; records the
 * view of the request's client as that call does.
 */
export type PublicPageReader = (req: FastifyRequest) => Promise<{ etag: string; body: Buffer } | 'not-found' | undefined>

export function publicPageReader(sites: SiteDirectory, pages: PageCache, views: ViewCounter): PublicPageReader {
  return async (req) => {
    const site = await sites.publishedOnHost(req.hostname)
    if (!site) return 'not-found'
    const page = pages.get(site)
    if (!page) return undefined // not built for this version yet: the caller asks the route, which builds it
    await views.visit(req, site.tenantId)
    return { etag: page.etag, body: page.body }
  }
}

/** Serialised pages by tenant, only the current version of each; the least recently read leave past PAGE_CACHE_BYTES. */
export class PageCache {
  private readonly pages = new ByteCache<string, CachedPage>(PAGE_CACHE_BYTES)

  get(site: Site): CachedPage | undefined {
    const hit = this.pages.get(site.tenantId)
    return hit?.version === site.contentVersion ? hit : undefined
  }

  set(site: Site, body: string): CachedPage {
    const page = { version: site.contentVersion, body: Buffer.from(body, 'utf8'), etag: pageTag(site) }
    this.pages.set(site.tenantId, page, page.body.length)
    return page
  }
}

/**
 * The public page's version tag. Weak: the bytes of one version never change, but the tag names
 * the version, not the bytes. The change event carries it (sites.ts), so the gateway knows which
 * tag its next revalidation must see.
 */
export const pageTag = (site: Pick<Site, 'tenantId' | 'contentVersion'>): string =>
  `W/"${createHash('sha256').update(`${site.tenantId}:${site.contentVersion}`).digest('base64url').slice(0, 22)}"`

/** If-None-Match matches this tag (weak comparison; `*` matches anything). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag))
}
