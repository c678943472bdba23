import type { AuditDb } from '@portal/audit'
import type { TokenService } from '@portal/auth'
import type { Config } from '@portal/config'
import type { Mailer } from '@portal/mail'
import type { Logger } from '@portal/observability'
import type { Kysely } from 'kysely'
import type { ApiKeyVerifier } from './api-keys.js'
import type { Later } from './background.js'
import type { IdentityDb } from './db/schema.js'
import type { ResolveTxt } from './sso/domains.js'
import type { HasSecondFactor } from './sso/password-policy.js'
import type { SecretBox } from './domain/secret-box.js'
import type { Webhooks } from './webhooks.js'

/** What the identity plugin receives as register() options (route files get them as RouteDeps). */
export interface IdentityDeps {
  /** Bound to the `identity` schema (schemaDb), camelCase in TypeScript. */
  db: Kysely<IdentityDb>
  /** The audit schema (@portal/audit): its admin routes and retention sweep are identity's. */
  audit: Kysely<AuditDb>
  /** Must be the server's own token service (`server.tokens`): revocations have to reach its verifier. */
  tokens: TokenService
  config: Config
  mail: Mailer
  logger: Logger
  /** DNS TXT lookups for domain proofs (node:dns by default; a test gives its own zone). */
  resolveTxt?: ResolveTxt
  /** Whether a user has a second factor (default: a confirmed TOTP or a passkey in the database). */
  hasSecondFactor?: HasSecondFactor
  /** API keys verified here (also the server's tokens.verifyApiKey). */
  apiKeys: ApiKeyVerifier
  /** Outgoing webhooks' deliveries (replay). */
  webhooks: Webhooks
  /** Seals webhook signing secrets (SECRETS_KEY). */
  box: SecretBox
}

/** What every route file receives: the deps, and a queue for work the reply must not wait for. */
export interface RouteDeps extends IdentityDeps {
  later: Later
  resolveTxt: ResolveTxt
  hasSecondFactor: HasSecondFactor
}
