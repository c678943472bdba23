// Which tenant a call is about. Staff calls: the token's tenant, whose site row is created on its
// first call. Public calls: the tenant whose site is published on the request's Host (exact match),
// else the one the DbName header names if its site is published; anything else is 404.
//
// Public pages are read far more often than they change, so lookups are cached for a second:
// writes in this process clear the cache at once; another process (split mode, replicas) sees a
// change within that second. Unknown hosts are cached too, so floods of made-up names stay cheap.
//
// Every change a visitor can see is announced on the bus (events.trustCenterChanged): the gateway
// serves public pages from its own cache and learns from it when to ask again (and other replicas
// of this service drop their lookups on it).
import type { TrustCenterChanged } from '@portal/contracts'
import { asSystem, enterTenant } from '@portal/db'
import { AppError } from '@portal/errors'
import { dbNameHeader, principalOf } from '@portal/http'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { TrustCenterDb } from './db/schema.js'
import { bumpContentVersion, ensureSite, findPublishedSiteByHostname, findSite, findSiteByDbName, type Site } from './db/site.repo.js'
import { normaliseHost, QUARANTINE_MS } from './domain/hostnames.js'
import { pageTag } from './page.js'

export type { Site } from './db/site.repo.js'

const LOOKUP_TTL_MS = 1000
const MAX_ENTRIES = 10_000

export const trustCenterNotFound = () => new AppError('NOT_FOUND', { message: 'Trust center not found' })

export class SiteDirectory {
  private readonly lookups = new Map<string, { site: Site | undefined; at: number }>()
  private readonly loading = new Map<string, Promise<Site | undefined>>()
  private readonly known = new Set<string>()
  /** Bumped by forget(): a lookup that started before a change must not store what it read. */
  private generation = 0

  constructor(
    private readonly db: Kysely<TrustCenterDb>,
    private readonly domain: string,
    private readonly now: () => number = Date.now,
    /** Tells the other processes (the gateway's page cache); never throws (a bus away is logged by the caller). */
    private readonly announce: (change: TrustCenterChanged) => Promise<void> = async () => {},
  ) {}

  private cached(key: string, load: () => Promise<Site | undefined>): Promise<Site | undefined> {
    const hit = this.lookups.get(key)
    if (hit && this.now() - hit.at < LOOKUP_TTL_MS) return Promise.resolve(hit.site)
    // When an entry expires under load, the requests waiting for it share one query.
    let pending = this.loading.get(key)
    if (!pending) {
      const generation = this.generation
      pending = load()
        .then((site) => {
          if (generation !== this.generation) return site
          if (this.lookups.size >= MAX_ENTRIES) this.lookups.delete(this.lookups.keys().next().value!)
          this.lookups.delete(key)
          this.lookups.set(key, { site, at: this.now() })
          return site
        })
        .finally(() => this.loading.delete(key))
      this.loading.set(key, pending)
    }
    return pending
  }

  /** A new site's first cname skips names another tenant released since then. */
  private quarantineSince(): Date {
    return new Date(this.now() - QUARANTINE_MS)
  }

  /** The published site on this host name, if any (the name is normalised first). */
  publishedOnHost(hostname: string): Promise<Site | undefined> {
    const host = normaliseHost(hostname)
    if (!host || host.length > 253) return Promise.resolve(undefined)
    return this.cached(`h:${host}`, () => asSystem(() => findPublishedSiteByHostname(this.db, host))) // the registry spans tenants
  }

  /** Resolves a public call's tenant, or throws 404 'Trust center not found'. */
  async forPublic(req: FastifyRequest): Promise<Site> {
    const site = (await this.publishedOnHost(req.hostname)) ?? (await this.publishedByDbName(req))
    if (!site) throw trustCenterNotFound()
    enterTenant(site.tenantId) // row-level security: the rest of the call sees this tenant's rows only
    return site
  }

  private async publishedByDbName(req: FastifyRequest): Promise<Site | undefined> {
    const dbName = dbNameHeader(req)
    const site = dbName ? await this.cached(`d:${dbName}`, () => asSystem(() => findSiteByDbName(this.db, dbName))) : undefined
    return site?.published ? site : undefined
  }

  /** The signed-in caller's site, created on the tenant's first staff call. */
  async forStaff(req: FastifyRequest): Promise<Site> {
    const me = principalOf(req)
    const site = this.known.has(me.tenantId) ? await findSite(this.db, me.tenantId) : undefined
    if (site) return site
    const created = await ensureSite(this.db, me.tenantId, me.dbName, this.domain, this.quarantineSince())
    this.known.add(me.tenantId)
    return created
  }

  /** preHandler of staff routes: every tenant that signs in has a site row before any other query. */
  readonly ensure = async (req: FastifyRequest): Promise<void> => {
    const me = principalOf(req)
    if (this.known.has(me.tenantId)) return
    await ensureSite(this.db, me.tenantId, me.dbName, this.domain, this.quarantineSince())
    this.known.add(me.tenantId)
  }

  /** After any save that the public page shows: new content version, fresh lookups, announced. */
  async changed(tenantId: string): Promise<void> {
    const site = await bumpContentVersion(this.db, tenantId)
    this.forget()
    if (site) await this.announce(changeOf(site, []))
  }

  /** After publishing, renaming or unpublishing: fresh lookups, announced for the new host and the former ones. */
  async republished(tenantId: string, formerHosts: string[]): Promise<void> {
    this.forget()
    const site = await findSite(this.db, tenantId)
    if (site) await this.announce(changeOf(site, formerHosts))
  }

  /** Drops cached lookups (publishing, unpublishing, version bumps). */
  forget(): void {
    this.generation++
    this.lookups.clear()
    this.loading.clear()
  }
}

function changeOf(site: Site, formerHosts: string[]): TrustCenterChanged {
  const hosts = [...new Set([site.hostname, ...formerHosts])]
  return { tenantId: site.tenantId, hosts, published: site.published, etag: pageTag(site) }
}
