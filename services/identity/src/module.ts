// identity module: the host's only entry into this service. Depends on the server (routes), the
// database (schema `identity`), mail (codes, invites) and tokens (sign, verify, revoke). The bus is
// a dependency because revocations reach other processes through it (wired by the host's tokens).
import { auditDb, migrateAudit } from '@portal/audit'
import { asSystem, schemaDb } from '@portal/db'
import { type ServiceContext, serviceModule, withBackends } from '@portal/http'
import { migrations } from './db/migrations/index.js'
import type { IdentityDb } from './db/schema.js'
import { sendAdminNotices } from './admin-notice.js'
import { identityPlugin } from './plugin.js'
import { scimPlugin } from './scim/plugin.js'
import { type DemoAccount, seedDemoTenant } from './seed.js'

export const SCHEMA = 'identity'

export const identityModule = serviceModule({
  name: 'identity',
  deps: ['server', 'db', 'bus', 'mail', 'tokens'],
  schema: { name: SCHEMA, migrations },
  init: async (ctx) => {
    // The audit log's schema (@portal/audit): every service appends to it, identity serves and sweeps it.
    if (ctx.config.dbMigrate) await migrateAudit(ctx.db)
    const db = schemaDb<IdentityDb>(ctx.db, SCHEMA)
    const audit = auditDb(ctx.db)
    const logger = ctx.logger.child({ svc: 'identity' })
    await ctx.server.register(identityPlugin, {
      prefix: '/api',
      db,
      audit,
      tokens: ctx.tokens,
      config: ctx.config,
      mail: ctx.mail,
      logger,
    })
    // SCIM 2.0 for identity providers: outside /api, as providers append /Users and /Groups to a base URL.
    await ctx.server.register(scimPlugin, { prefix: '/scim/v2', db, audit, tokens: ctx.tokens, config: ctx.config, mail: ctx.mail, logger })
    // Other services' mails for the company's admins (a new access request): only identity knows them.
    const stop = await sendAdminNotices({ bus: ctx.bus, db, mail: ctx.mail, logger })
    return { stop }
  },
})

/**
 * Creates (or finds) the demo tenant `demo` and its admin; the host calls it when its demo rules say
 * so (services/host/src/demo-policy.ts). `password`: DEMO_PASSWORD, else the built-in one.
 */
export async function seedDemo(ctx: ServiceContext, password?: string): Promise<DemoAccount> {
  return asSystem(() => seedDemoTenant(schemaDb<IdentityDb>(withBackends(ctx, ['db']).db, SCHEMA), password))
}
