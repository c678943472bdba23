// identity module: the host's only entry into this service.
import { migrateSchema, schemaDb } from '@portal/db'
import { need, type ServiceContext } from '@portal/http'
import type { Module } from '@portal/runtime'
import { migrations } from './db/migrations/index.js'
import type { IdentityDb } from './db/schema.js'
import { identityPlugin } from './plugin.js'
import { type DemoAccount, seedDemoTenant } from './seed.js'

export const SCHEMA = 'identity'

export const identityModule: Module<ServiceContext> = {
  name: 'identity',
  // bus: revocations (logout, password change) must reach every process that verifies tokens.
  deps: ['server', 'db', 'bus', 'mail', 'tokens'],
  init: async (ctx) => {
    const database = need(ctx.db, 'db')
    if (ctx.config.dbMigrate) await migrateSchema(database, SCHEMA, migrations)
    await ctx.server.register(
      async (app) =>
        identityPlugin(app, {
          db: schemaDb<IdentityDb>(database, SCHEMA),
          tokens: ctx.tokens,
          config: ctx.config,
          mail: need(ctx.mail, 'mail'),
          logger: ctx.logger.child({ svc: 'identity' }),
        }),
      { prefix: '/api' },
    )
    return undefined
  },
}

/** Seeds (or finds) the demo tenant; the host calls it in TARGET=all with SEED_DEMO. */
export async function seedDemo(ctx: ServiceContext): Promise<DemoAccount> {
  return seedDemoTenant(need(ctx.db, 'db'))
}

export type { DemoAccount } from './seed.js'
export { identityPlugin } from './plugin.js'
export { migrations } from './db/migrations/index.js'
