// Builds the trust-center service as the host starts it (its module: migrations, /api prefix, health
// route, the site directory, page cache and view counter) on a real server over one database kind,
// with blobs in a temporary folder, an in-process bus and a mailer that records what it sends.
import { createMemoryBus } from '@portal/bus'
import { type Config, loadConfig } from '@portal/config'
import { type Database, schemaDb } from '@portal/db'
import { type AppInstance, createServer, type ServiceContext } from '@portal/http'
import { createRecordingMailer, type RecordingMailer } from '@portal/mail'
import { silentLogger } from '@portal/observability'
import { createFsStore, type BlobStore } from '@portal/storage'
import type { Kysely } from 'kysely'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
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
  const database = await open()
  const dir = await mkdtemp(path.join(tmpdir(), 'tc-harness-'))
  const config = loadConfig({ LOG_LEVEL: 'silent', DB_MIGRATE: 'auto', DATA_DIR: dir, ...env })
  const mail = createRecordingMailer()
  const app = await createServer({ config, logger: silentLogger, tokens })
  const ctx: ServiceContext = {
    config,
    logger: silentLogger,
    server: app,
    tokens,
    db: database,
    mail,
    blobs: blobs(createFsStore(dir)),
    bus: createMemoryBus(),
  }
  const stop = (await module.init(ctx))?.stop
  await app.ready()
  return {
    app,
    ctx,
    db: schemaDb<TrustCenterDb>(database, SCHEMA, { system: true }),
    database,
    mail,
    config,
    close: async () => {
      await app.close()
      await stop?.()
      await database.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
