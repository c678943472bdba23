// identity: tenants, users, sessions, password reset, people and invites, JWKS. (Published
// trust-center hosts are the trust-center service's registry.)
// Owns the `identity` schema. An encapsulated plugin (no fastify-plugin): its hooks and rate limits
// cover only its routes. Registered as `server.register(identityPlugin, { prefix: '/api', ...deps })`.
// Its work is system work (sign-in finds a user before any tenant is known; its tables have no
// row-level security and every repository filters by tenant itself); a token narrows it to a tenant.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { auditRoutes, sweepAudit } from '@portal/audit'
import { enterSystem } from '@portal/db'
import { backgroundWork } from './background.js'
import { pruneAttempts } from './db/attempts.repo.js'
import { pruneChallenges } from './db/mfa.repo.js'
import { sweepSessions } from './db/retention.repo.js'
import { pruneSaml } from './db/saml.repo.js'
import { pruneSsoFlows } from './db/sso.repo.js'
import type { IdentityDeps, RouteDeps } from './deps.js'
import { DAY_MS } from './domain/otp.js'
import { pruneWebhookEvents } from './db/webhooks.repo.js'
import { apiKeyRoutes } from './routes/api-keys.js'
import { mfaRoutes } from './routes/mfa.js'
import { passwordRoutes } from './routes/password.js'
import { peopleRoutes } from './routes/people.js'
import { profileRoutes } from './routes/profile.js'
import { registryRoutes } from './routes/registry.js'
import { scimSettingsRoutes } from './routes/scim-token.js'
import { sessionRoutes } from './routes/session.js'
import { signupRoutes } from './routes/signup.js'
import { samlRoutes } from './routes/saml.js'
import { ssoRoutes } from './routes/sso.js'
import { verificationRoutes } from './routes/verification.js'
import { defaultResolveTxt } from './sso/domains.js'
import { secondFactorIn } from './sso/password-policy.js'
import { webhookRoutes } from './routes/webhooks.js'

export const identityPlugin: FastifyPluginAsyncTypebox<IdentityDeps> = async (app, opts) => {
  // Only the deps: register() also passes prefix and friends, which routes must not see.
  const background = backgroundWork(opts.logger)
  const deps: RouteDeps = {
    db: opts.db,
    audit: opts.audit,
    tokens: opts.tokens,
    config: opts.config,
    mail: opts.mail,
    logger: opts.logger,
    apiKeys: opts.apiKeys,
    webhooks: opts.webhooks,
    box: opts.box,
    later: background.later,
    resolveTxt: opts.resolveTxt ?? defaultResolveTxt,
    hasSecondFactor: opts.hasSecondFactor ?? secondFactorIn(opts.db),
  }
  // Rate-limit evidence is kept as long as the longest window that reads it (30 days of wrong codes).
  // Refresh tokens and devices are added at every sign-in and renewal: forgotten when no rule needs them.
  const sweep = setInterval(() => {
    background.later('attempt sweep', () => pruneAttempts(deps.db, new Date(Date.now() - 31 * DAY_MS)))
    background.later('sso flow sweep', () => pruneSsoFlows(deps.db, new Date(Date.now() - 3600_000)))
    background.later('saml sweep', () => pruneSaml(deps.db, new Date()))
    background.later('mfa challenge sweep', () => pruneChallenges(deps.db, new Date(Date.now() - DAY_MS)))
    // Webhook events and their attempts are kept 30 days: enough to look back at and replay.
    background.later('webhook log sweep', () => pruneWebhookEvents(deps.db, new Date(Date.now() - 30 * DAY_MS)))
    background.later('session sweep', async () => {
      const swept = await sweepSessions(deps.db, { now: new Date(), expiredGraceMs: DAY_MS, ...opts.config.retention, batch: 1_000 })
      if (swept.refreshTokens || swept.devices) opts.logger.info(swept, 'session sweep')
    })
    background.later('audit retention', async () => {
      const removed = await sweepAudit(deps.db, opts.config.auditRetentionDays)
      if (removed) opts.logger.info({ removed, days: opts.config.auditRetentionDays }, 'audit retention sweep')
    })
  }, 3600_000)
  sweep.unref()
  app.addHook('onClose', async () => clearInterval(sweep))
  app.addHook('onClose', background.drain) // before the host closes the database
  app.addHook('preValidation', async () => enterSystem())
  sessionRoutes(app, deps)
  signupRoutes(app, deps)
  passwordRoutes(app, deps)
  profileRoutes(app, deps)
  peopleRoutes(app, deps)
  registryRoutes(app, deps)
  verificationRoutes(app, deps)
  scimSettingsRoutes(app, deps)
  ssoRoutes(app, deps)
  samlRoutes(app, deps)
  mfaRoutes(app, deps)
  apiKeyRoutes(app, deps)
  webhookRoutes(app, deps)
  auditRoutes(app, deps)
}
