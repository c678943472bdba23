import type { TokenService } from '@portal/auth'
import type { Config } from '@portal/config'
import type { Mailer } from '@portal/mail'
import type { Logger } from '@portal/observability'
import type { Kysely } from 'kysely'
import type { IdentityDb } from './db/schema.js'

/** What every identity route receives through the plugin's options. */
export interface IdentityDeps {
  db: Kysely<IdentityDb>
  tokens: TokenService
  config: Config
  mail: Mailer
  logger: Logger
}
