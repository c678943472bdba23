// The site of each tenant: its registry entry (cname, host, published) and its content version.
// The host lookup is the resolver of public calls, so it is the one query here not scoped by a
// tenant: it finds the tenant, by an exact match on a stored, lowercased host name.
import { type Kysely, sql } from 'kysely'
import { defaultCname, hostnameOf, QUARANTINE_MS } from '../domain/hostnames.js'
import type { TrustCenterDb } from './schema.js'

type Db = Kysely<TrustCenterDb>
const columns = ['tenantId', 'id', 'dbName', 'cname', 'hostname', 'published', 'contentVersion'] as const

export interface Site {
  tenantId: string
  id: string
  dbName: string
  cname: string
  hostname: string
  published: boolean
  contentVersion: number
}

export function findSite(db: Db, tenantId: string): Promise<Site | undefined> {
  return db.selectFrom('site').select(columns).where('tenantId', '=', tenantId).executeTakeFirst()
}

export function findPublishedSiteByHostname(db: Db, hostname: string): Promise<Site | undefined> {
  return db.selectFrom('site').select(columns).where('hostname', '=', hostname).where('published', '=', true).executeTakeFirst()
}

/** The site on this host name, published or not. */
export function findSiteByHostname(db: Db, hostname: string): Promise<Site | undefined> {
  return db.selectFrom('site').select(columns).where('hostname', '=', hostname).executeTakeFirst()
}

export function findSiteByDbName(db: Db, dbName: string): Promise<Site | undefined> {
  return db.selectFrom('site').select(columns).where('dbName', '=', dbName).executeTakeFirst()
}

export function findSiteByCname(db: Db, cname: string): Promise<Site | undefined> {
  return db.selectFrom('site').select(columns).where('cname', '=', cname).executeTakeFirst()
}

/**
 * The tenant's site, created on its first staff call with cname = dbName (lowercased, `_` → `-`).
 * Should another tenant already use that cname, or have released it after `quarantineSince`, the
 * first free `<cname>-2`, `-3`, ... is taken.
 */
export async function ensureSite(
  db: Db,
  tenantId: string,
  dbName: string,
  domain: string,
  quarantineSince: Date = new Date(Date.now() - QUARANTINE_MS),
): Promise<Site> {
  const base = defaultCname(dbName)
  for (let n = 1; n < 100; n++) {
    const existing = await findSite(db, tenantId)
    if (existing) return existing
    const cname = n === 1 ? base : `${base}-${n}`
    if (await quarantinedFor(db, cname, tenantId, quarantineSince)) continue
    // DO NOTHING (not an error) so a concurrent first call, or a taken cname, leaves no aborted transaction.
    const row = await db
      .insertInto('site')
      .values({ tenantId, id: crypto.randomUUID(), dbName, cname, hostname: hostnameOf(cname, domain) })
      .onConflict((oc) => oc.doNothing())
      .returning(columns)
      .executeTakeFirst()
    if (row) return row
  }
  throw new Error(`no free cname for tenant ${tenantId}`)
}

/** Another tenant released this cname after `since`: only that tenant may take it now. */
export async function quarantinedFor(db: Db, cname: string, tenantId: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('releasedCname')
    .select('cname')
    .where('cname', '=', cname)
    .where('tenantId', '<>', tenantId)
    .where('releasedAt', '>', since)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Released by any tenant after `since` (what check-hostname tells the public). */
export async function recentlyReleased(db: Db, cname: string, since: Date): Promise<boolean> {
  const row = await db.selectFrom('releasedCname').select('cname').where('cname', '=', cname).where('releasedAt', '>', since).limit(1).executeTakeFirst()
  return row !== undefined
}

export type PublishResult = { site: Site } | { refused: 'taken' | 'quarantined' }

/**
 * Sets the cname and publishes. A cname left behind is released: held for this tenant alone until
 * the quarantine ends. Refused when another tenant holds the cname (unique index) or released it
 * after `quarantineSince`. `now` stamps the release (tests move it).
 */
export async function publishSite(db: Db, tenantId: string, cname: string, domain: string, quarantineSince: Date, now: Date): Promise<PublishResult> {
  try {
    return await db.transaction().execute(async (tx) => {
      if (await quarantinedFor(tx, cname, tenantId, quarantineSince)) return { refused: 'quarantined' as const }
      const before = await findSite(tx, tenantId)
      const site = await tx
        .updateTable('site')
        .set({ cname, hostname: hostnameOf(cname, domain), published: true, contentVersion: sql`content_version + 1`, updatedAt: sql`now()` })
        .where('tenantId', '=', tenantId)
        .returning(columns)
        .executeTakeFirst()
      if (!site) return { refused: 'taken' as const }
      if (before && before.cname !== cname) {
        await tx
          .insertInto('releasedCname')
          .values({ cname: before.cname, tenantId, releasedAt: now })
          .onConflict((oc) => oc.columns(['cname', 'tenantId']).doUpdateSet({ releasedAt: now }))
          .execute()
      }
      // Taken back (or taken after the quarantine): this tenant's own release of it is over.
      await tx.deleteFrom('releasedCname').where('cname', '=', cname).where('tenantId', '=', tenantId).execute()
      return { site }
    })
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return { refused: 'taken' } // unique_violation: another tenant holds it
    throw err
  }
}

export async function unpublishSite(db: Db, tenantId: string): Promise<void> {
  await db
    .updateTable('site')
    .set({ published: false, contentVersion: sql`content_version + 1`, updatedAt: sql`now()` })
    .where('tenantId', '=', tenantId)
    .execute()
}

/** Every save of a block calls this: the public page's cache and ETag follow the version. */
/** The site with its new content version (undefined: the tenant has no site). */
export function bumpContentVersion(db: Db, tenantId: string): Promise<Site | undefined> {
  return db
    .updateTable('site')
    .set({ contentVersion: sql`content_version + 1`, updatedAt: sql`now()` })
    .where('tenantId', '=', tenantId)
    .returning(columns)
    .executeTakeFirst()
}

/** TRUST_CENTER_DOMAIN changed since the rows were written: their host names follow it. */
export async function refreshHostnames(db: Db, domain: string): Promise<void> {
  await db
    .updateTable('site')
    .set({ hostname: sql`cname || '.' || ${domain}`, contentVersion: sql`content_version + 1` })
    .where('hostname', '<>', sql<string>`cname || '.' || ${domain}`)
    .execute()
}

/** Holds the tenant's site row until the transaction ends: its checked saves run one at a time. */
export async function lockSite(db: Db, tenantId: string): Promise<void> {
  await db.selectFrom('site').select('tenantId').where('tenantId', '=', tenantId).forUpdate().execute()
}
