import type { EventBus } from '@portal/bus'
import type { Config } from '@portal/config'
import type { Mailer } from '@portal/mail'
import type { Logger } from '@portal/observability'
import type { BlobStore } from '@portal/storage'
import type { Kysely } from 'kysely'
import type { TrustCenterDb } from './db/schema.js'
import type { PageCache } from './page.js'
import type { SiteDirectory } from './sites.js'
import type { ViewCounter } from './views.js'

/** What every route file of the trust-center plugin receives. */
export interface TrustCenterDeps {
  /** Bound to the `trust_center` schema (schemaDb), camelCase in TypeScript. */
  db: Kysely<TrustCenterDb>
  config: Config
  blobs: BlobStore
  bus: EventBus
  mail: Mailer
  logger: Logger
  sites: SiteDirectory
  pages: PageCache
  views: ViewCounter
  /** The clock of token expiry checks (tests move it). */
  now: () => Date
}
