import type { AuditDb } from '@portal/audit'
import type { TokenService } from '@portal/auth'
import type { Config } from '@portal/config'
import type { Mailer } from '@portal/mail'
import type { Logger } from '@portal/observability'
import type { Kysely } from 'kysely'
import type { Later } from './background.js'
import type { IdentityDb } from './db/schema.js'

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
}

/** What every route file receives: the deps, and a queue for work the reply must not wait for. */
export interface RouteDeps extends IdentityDeps {
  later: Later
}
