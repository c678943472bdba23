// identity module: the host's only entry into this service. Depends on the server (routes), the
// database (schema `identity`), mail (codes, invites) and tokens (sign, verify, revoke). The bus is
// a dependency because revocations reach other processes through it (wired by the host's tokens),
// and because webhooks hear the events they send on it; the queue runs the webhooks' deliveries.
import { auditDb, migrateAudit } from '@portal/audit'
import { asSystem, schemaDb } from '@portal/db'
import { type ServiceContext, serviceModule, withBackends } from '@portal/http'
import type { IdentityDeps } from './deps.js'
import { migrations } from './db/migrations/index.js'
import type { IdentityDb } from './db/schema.js'
import { sendAdminNotices } from './admin-notice.js'
import { apiKeyVerifier } from './api-keys.js'
import { secretBox } from './domain/secret-box.js'
import { identityPlugin } from './plugin.js'
import { scimPlugin } from './scim/plugin.js'
import { loadSecretsKey } from './secrets-key.js'
import { startWebhooks } from './webhooks.js'
import { type DemoAccount, seedDemoTenant } from './seed.js'

export const SCHEMA = 'identity'

/**
 * The module with the optional dependencies given: a test's DNS zone (resolveTxt), its own
 * second-factor check (hasSecondFactor). `identityModule` is it with the defaults.
 */
export const identityModuleWith = (extra: Pick<IdentityDeps, 'resolveTxt' | 'hasSecondFactor'>) =>
  serviceModule({
    name: 'identity',
    deps: ['server', 'db', 'bus', 'mail', 'tokens', 'queue'],
    schema: { name: SCHEMA, migrations },
    init: async (ctx) => {
      // The audit log's schema (@portal/audit): every service appends to it, identity serves and sweeps it.
      if (ctx.config.dbMigrate) await migrateAudit(ctx.db)
      const db = schemaDb<IdentityDb>(ctx.db, SCHEMA)
      const audit = auditDb(ctx.db)
      const logger = ctx.logger.child({ svc: 'identity' })
      // Keys are found by hash before any tenant is known: system work, as sign-in is.
      const apiKeys = apiKeyVerifier(schemaDb<IdentityDb>(ctx.db, SCHEMA, { system: true }), ctx.tokens, logger)
      ctx.tokens.verifyApiKey = apiKeys.verify
      // One key seals every secret read back: SSO client secrets, TOTP seeds, webhook signing secrets.
      const box = secretBox(await loadSecretsKey(ctx.config))
      const webhooks = await startWebhooks({ bus: ctx.bus, queue: ctx.queue, db, config: ctx.config, box, logger })
      const deps = { db, audit, tokens: ctx.tokens, config: ctx.config, mail: ctx.mail, logger, apiKeys, webhooks, box, ...extra }
      await ctx.server.register(identityPlugin, { prefix: '/api', ...deps })
      // SCIM 2.0 for identity providers: outside /api, as providers append /Users and /Groups to a base URL.
      await ctx.server.register(scimPlugin, { prefix: '/scim/v2', ...deps })
      // Other services' mails for the company's admins (a new access request): only identity knows them.
      const stopNotices = await sendAdminNotices({ bus: ctx.bus, db, mail: ctx.mail, logger })
      return {
        stop: async () => {
          await stopNotices()
          await webhooks.stop()
          await apiKeys.stop()
        },
      }
    },
  })

export const identityModule = identityModuleWith({})

/**
 * Creates (or finds) the demo tenant `demo` and its admin; the host calls it when its demo rules say
 * so (services/host/src/demo-policy.ts). `password`: DEMO_PASSWORD, else the built-in one.
 */
export async function seedDemo(ctx: ServiceContext, password?: string): Promise<DemoAccount> {
  return asSystem(() => seedDemoTenant(schemaDb<IdentityDb>(withBackends(ctx, ['db']).db, SCHEMA), password))
}
