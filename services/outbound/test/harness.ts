// Builds the outbound service as the host starts it (its module: migrations, /api prefix, health route,
// the extract-outbound worker and the minute's sweep) on a real server over one database kind, with a
// test token service, blobs in a temporary folder, an in-process queue and bus, and a mailer that
// records what it sends.
import { createTestTokenService, type TokenService } from '@portal/auth'
import { createMemoryBus } from '@portal/bus'
import { type Config, loadConfig } from '@portal/config'
import { type Database, schemaDb } from '@portal/db'
import { type AppInstance, createServer, type ServiceContext } from '@portal/http'
import type { Mailer } from '@portal/mail'
import { silentLogger } from '@portal/observability'
import { createMemoryQueue } from '@portal/queue'
import { createFsStore } from '@portal/storage'
import type { Kysely } from 'kysely'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { OutboundDb } from '../src/db/schema.js'
import { module, SCHEMA } from '../src/module.js'

export interface SentMail {
  to: string
  subject: string
  text: string
  html?: string | undefined
}

export interface FakeMailer extends Mailer {
  sent: SentMail[]
}

export function fakeMailer(): FakeMailer {
  const sent: SentMail[] = []
  return { kind: 'outbox', sent, send: async (m) => void sent.push({ ...m }), close: async () => {} }
}

export interface Harness {
  app: AppInstance
  /** What the module was started with. */
  ctx: ServiceContext
  /** For the tests' own reads and writes: system work, no request scope (the routes get the request-scoped twin). */
  db: Kysely<OutboundDb>
  database: Database
  mail: FakeMailer
  tokens: TokenService
  config: Config
  close(): Promise<void>
}

export async function buildHarness(open: () => Promise<Database>, env: Record<string, string> = {}): Promise<Harness> {
  const database = await open()
  const dir = await mkdtemp(path.join(tmpdir(), 'outbound-harness-'))
  const config = loadConfig({ PUBLIC_URL: 'https://portal.test', LOG_LEVEL: 'silent', DB_MIGRATE: 'auto', DATA_DIR: dir, ...env })
  const tokens = await createTestTokenService()
  const mail = fakeMailer()
  const queue = createMemoryQueue()
  const app = await createServer({ config, logger: silentLogger, tokens })
  const ctx: ServiceContext = {
    config,
    logger: silentLogger,
    server: app,
    tokens,
    db: database,
    mail,
    blobs: createFsStore(dir),
    queue,
    bus: createMemoryBus(),
  }
  const stop = (await module.init(ctx))?.stop
  await app.ready()
  return {
    app,
    ctx,
    db: schemaDb<OutboundDb>(database, SCHEMA, { system: true }),
    database,
    mail,
    tokens,
    config,
    close: async () => {
      await app.close()
      await stop?.()
      await queue.close()
      await database.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
