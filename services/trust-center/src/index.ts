// trust-center module: the host's entry into this service. Depends on the server (routes), the
// database (schema `trust_center`), blobs (logos, documents), the bus (access-request events),
// mail (access links) and tokens (staff calls). Migrates its schema at start-up.
import { migrateSchema, schemaDb } from '@portal/db'
import { need, type ServiceContext } from '@portal/http'
import type { Module } from '@portal/runtime'
import { migrations } from './db/migrations/index.js'
import { SCHEMA, type TrustCenterDb } from './db/schema.js'
import { refreshHostnames } from './db/site.repo.js'
import { PageCache } from './page.js'
import { trustCenterPlugin } from './plugin.js'
import { SiteDirectory } from './sites.js'
import { ViewCounter } from './views.js'

export { type DemoTrustCenter, seedDemoTrustCenter } from './demo/seed.js'
export { migrations } from './db/migrations/index.js'
export { SCHEMA, type TrustCenterDb } from './db/schema.js'

export const SERVICE = 'trust-center'

export const module: Module<ServiceContext> = {
  name: SERVICE,
  deps: ['server', 'db', 'blobs', 'bus', 'mail', 'tokens'],
  init: async (ctx) => {
    const database = need(ctx.db, 'db')
    if (ctx.config.dbMigrate) await migrateSchema(database, SCHEMA, migrations)
    const db = schemaDb<TrustCenterDb>(database, SCHEMA)
    await refreshHostnames(db, ctx.config.trustCenterDomain)
    const logger = ctx.logger.child({ svc: SERVICE })
    const views = new ViewCounter(db, logger)
    ctx.server.get(`/api/${SERVICE}/healthz`, { schema: { hide: true } }, async () => ({ status: true, service: SERVICE }))
    await ctx.server.register(
      async (app) =>
        trustCenterPlugin(app, {
          db, config: ctx.config, logger, views,
          blobs: need(ctx.blobs, 'blobs'), bus: need(ctx.bus, 'bus'), mail: need(ctx.mail, 'mail'),
          sites: new SiteDirectory(db, ctx.config.trustCenterDomain), pages: new PageCache(), now: () => new Date(),
        }),
      { prefix: '/api' },
    )
    return { stop: () => views.stop() }
  },
}
