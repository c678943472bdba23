// The whole public page in one reply. Assembled from every block, serialised once per content
// version and kept in memory: a page view then costs a cached lookup of the site and a string send.
import { createHash } from 'node:crypto'
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

const MAX_TENANTS = 1000

/** Name of the server decoration through which the gateway reads published pages in one process. */
export const PUBLIC_PAGE_DECORATOR = 'trustCenterPublicPage'

/** What GET /api/trustcenteruser would answer on this host, when that answer is cached; records the view as that call does. */
export type PublicPageReader = (hostname: string) => Promise<{ etag: string; body: Buffer } | 'not-found' | undefined>

export function publicPageReader(sites: SiteDirectory, pages: PageCache, views: ViewCounter): PublicPageReader {
  return async (hostname) => {
    const site = await sites.publishedOnHost(hostname)
    if (!site) return 'not-found'
    const page = pages.get(site)
    if (!page) return undefined // not built for this version yet: the caller asks the route, which builds it
    views.add(site.tenantId)
    return { etag: page.etag, body: page.body }
  }
}

/** Serialised pages by tenant, valid for one content version; the oldest entry leaves when full. */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>()

  get(site: Site): CachedPage | undefined {
    const hit = this.pages.get(site.tenantId)
    return hit?.version === site.contentVersion ? hit : undefined
  }

  set(site: Site, body: string): CachedPage {
    // Weak: the bytes of one version never change, but the tag names the version, not the bytes.
    const etag = `W/"${createHash('sha256').update(`${site.tenantId}:${site.contentVersion}`).digest('base64url').slice(0, 22)}"`
    const page = { version: site.contentVersion, body: Buffer.from(body, 'utf8'), etag }
    this.pages.delete(site.tenantId)
    if (this.pages.size >= MAX_TENANTS) this.pages.delete(this.pages.keys().next().value!)
    this.pages.set(site.tenantId, page)
    return page
  }
}

/** If-None-Match matches this tag (weak comparison; `*` matches anything). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag))
}
