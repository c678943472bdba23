// Builds the trust-center service as the host starts it (its module: migrations, /api prefix, health
// route, the site directory, page cache and view counter) on a real server over one database kind,
// with blobs in a temporary folder, an in-process bus and a mailer that records what it sends.
import type { Config } from '@portal/config'
import { type Database, schemaDb } from '@portal/db'
import type { AppInstance, ServiceContext } from '@portal/http'
import { startService } from '@portal/http/testing'
import type { RecordingMailer } from '@portal/mail'
import type { BlobStore } from '@portal/storage'
import type { Kysely } from 'kysely'
import { SCHEMA, type TrustCenterDb } from '../src/db/schema.js'
import { module } from '../src/module.js'

/** No staff calls in these tests: a verifier that refuses every token is all the server needs. */
export const refusingTokens = { verifyAccess: async () => Promise.reject(new Error('no tokens in this test')) } as unknown as ServiceContext['tokens']

export interface Harness {
  app: AppInstance
  /** What the module was started with. */
  ctx: ServiceContext
  /** For the tests' own reads and writes: system work, no request scope (the routes get the request-scoped twin). */
  db: Kysely<TrustCenterDb>
  database: Database
  mail: RecordingMailer
  config: Config
  close(): Promise<void>
}

/** `tokens`: the verifier of staff tokens (default: one that refuses them all); `blobs`: wraps the blob store (a test may make it fail). */
export async function buildHarness(
  open: () => Promise<Database>,
  env: Record<string, string> = {},
  tokens: ServiceContext['tokens'] = refusingTokens,
  blobs: (store: BlobStore) => BlobStore = (store) => store,
): Promise<Harness> {
  const service = await startService(open, {
    env: { DB_MIGRATE: 'auto', ...env },
    tokens,
    blobs,
    tmpPrefix: 'tc-harness-',
    start: (ctx) => module.init(ctx),
  })
  return { ...service, db: schemaDb<TrustCenterDb>(service.database, SCHEMA, { system: true }) }
}
