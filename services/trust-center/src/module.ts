// trust-center module: the host's entry into this service. Depends on the server (routes), the
// database (schema `trust_center`), blobs (logos, documents), the bus (access-request events),
// mail (access links) and tokens (staff calls). Migrates its schema at start-up.
import { migrateAudit } from '@portal/audit'
import { events, type TrustCenterChanged } from '@portal/contracts'
import { asSystem, schemaDb, withTenant } from '@portal/db'
import { type ServiceContext, serviceModule } from '@portal/http'
import { migrations } from './db/migrations/index.js'
import { SCHEMA, type TrustCenterDb } from './db/schema.js'
import { refreshHostnames } from './db/site.repo.js'
import { PageCache, PUBLIC_PAGE_DECORATOR, publicPageReader } from './page.js'
import { pageEvents } from './page-events.js'
import { trustCenterPlugin } from './plugin.js'
import { seedDemoTrustCenter as seedDemo } from './seed.js'
import { SiteDirectory } from './sites.js'
import { VIEW_LIMIT, ViewCounter } from './views.js'

/** The demo trust center of `npm start`, written in the demo tenant's scope. */
export const seedDemoTrustCenter = (ctx: ServiceContext, tenant: { tenantId: string; dbName: string }) =>
  withTenant(tenant.tenantId, () => seedDemo(ctx, tenant))

export const SERVICE = 'trust-center'

export const module = serviceModule({
  name: SERVICE,
  deps: ['server', 'db', 'blobs', 'bus', 'mail', 'tokens'],
  schema: { name: SCHEMA, migrations },
  init: async (ctx) => {
    // The audit log this service appends to (@portal/audit; identity serves it).
    if (ctx.config.dbMigrate) await migrateAudit(ctx.db)
    const db = schemaDb<TrustCenterDb>(ctx.db, SCHEMA)
    await asSystem(() => refreshHostnames(db, ctx.config.trustCenterDomain)) // every tenant's site: system work
    const logger = ctx.logger.child({ svc: SERVICE })
    const views = new ViewCounter(db, logger, (keyGenerator) => ctx.server.createRateLimit({ ...VIEW_LIMIT, keyGenerator }))
    // Changes a visitor can see are announced (the gateway's page cache); a bus away never fails the save.
    const announce = async (change: TrustCenterChanged) =>
      ctx.bus.publish(events.trustCenterChanged(change.tenantId), { ...change }).catch((err: unknown) => {
        logger.warn({ err, tenantId: change.tenantId }, 'trust center change not announced: the gateway sees it on its next revalidation')
      })
    const sites = new SiteDirectory(db, ctx.config.trustCenterDomain, Date.now, announce)
    const pages = new PageCache()
    const listening = await pageEvents(ctx.bus, sites, views, logger)
    await ctx.server.register(
      async (app) =>
        trustCenterPlugin(app, {
          db,
          config: ctx.config,
          logger,
          views,
          blobs: ctx.blobs,
          bus: ctx.bus,
          mail: ctx.mail,
          sites,
          pages,
          now: () => new Date(),
        }),
      { prefix: '/api' },
    )
    // In one process, the gateway's server-rendered page reads the public page's cached reply here
    // (no request through the whole server per page view); it asks over HTTP when this is not set.
    ctx.server.decorate(PUBLIC_PAGE_DECORATOR, publicPageReader(sites, pages, views))
    return {
      stop: async () => {
        await listening()
        await views.stop()
      },
    }
  },
})
