import type { EventBus } from '@portal/bus'
import type { Config } from '@portal/config'
import type { Database } from '@portal/db'
import type { Mailer } from '@portal/mail'
import type { Logger } from '@portal/observability'
import type { JobQueue } from '@portal/queue'
import type { BlobStore, VirusScanner } from '@portal/storage'
import type { TokenService } from '@portal/auth'
import type { Kysely } from 'kysely'
import type { OutboundDb } from './db/schema.js'

/** What the outbound plugin receives (route files get the same). */
export interface OutboundDeps {
  database: Database
  /** Bound to the `outbound` schema (schemaDb), camelCase in TypeScript. */
  db: Kysely<OutboundDb>
  blobs: BlobStore
  /** Scans what outsiders attach before it is stored (CLAMAV_URL; without it, content checks only). */
  scanner: VirusScanner
  bus: EventBus
  queue: JobQueue
  mail: Mailer
  tokens: TokenService
  config: Config
  logger: Logger
}
