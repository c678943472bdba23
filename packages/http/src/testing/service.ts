// A service started in its tests as the host starts it: a real server (createServer: error envelope,
// rate limits, the OpenAPI document) over one database kind, blobs in a temporary folder, an
// in-process bus (and queue, when asked), a mailer that records what it sends, and the routes the
// service declared. Test-only, exported with `@portal/http/testing`: the services' harnesses differ
// only in how they register themselves (`start`) and what they add on top.
import { createTestTokenService, type Principal, type TokenService } from '@portal/auth'
import { createMemoryBus } from '@portal/bus'
import { type Config, loadConfig } from '@portal/config'
import { type Database, migrateSchema } from '@portal/db'
import { createRecordingMailer, type Mailer, type RecordingMailer } from '@portal/mail'
import { silentLogger } from '@portal/observability'
import { createMemoryQueue } from '@portal/queue'
import type { Stoppable } from '@portal/runtime'
import { type BlobStore, createFsStore } from '@portal/storage'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ServiceContext } from '../index.js'
import { type AppInstance, createServer } from '../server.js'

/** A route the service registered (HEAD twins left out), with its schema. */
export interface DeclaredRoute {
  method: string
  url: string
  schema: unknown
}

export interface ServiceHarnessOptions {
  /** The configuration's environment, over LOG_LEVEL=silent and DATA_DIR (the temporary folder). */
  env?: Record<string, string>
  /** The verifier (and issuer) of tokens; a test token service unless given. */
  tokens?: TokenService
  /** The mailer the service gets; the recording one unless given. */
  mail?: Mailer
  /** Whether the context gets an in-process queue. */
  queue?: boolean
  /** Wraps the blob store (a folder): a test may make it fail. */
  blobs?: (store: BlobStore) => BlobStore
  /** Names the temporary folder. */
  tmpPrefix?: string
  /** Registers the service: its module's init, or its plugin. */
  start(ctx: ServiceContext): Promise<Stoppable | undefined>
}

export interface ServiceHarness {
  app: AppInstance
  /** The routes the service registered, in order. */
  routes: DeclaredRoute[]
  /** What the service was started with. */
  ctx: ServiceContext
  database: Database
  /** The recording mailer (the service got it unless the options named another). */
  mail: RecordingMailer
  tokens: TokenService
  config: Config
  /** Stops the server, the service, the queue and the database, and removes the temporary folder. */
  close(): Promise<void>
}

export async function startService(open: () => Promise<Database>, opts: ServiceHarnessOptions): Promise<ServiceHarness> {
  const database = await open()
  const dir = await mkdtemp(path.join(tmpdir(), opts.tmpPrefix ?? 'service-harness-'))
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, ...opts.env })
  const tokens = opts.tokens ?? (await createTestTokenService())
  const mail = createRecordingMailer()
  const queue = opts.queue ? createMemoryQueue() : undefined
  const app = await createServer({ config, logger: silentLogger, tokens })
  const routes: DeclaredRoute[] = []
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url, schema: r.schema })
  })
  const store = createFsStore(dir)
  const ctx: ServiceContext = {
    config,
    logger: silentLogger,
    server: app,
    tokens,
    db: database,
    mail: opts.mail ?? mail,
    blobs: opts.blobs ? opts.blobs(store) : store,
    ...(queue ? { queue } : {}),
    bus: createMemoryBus(),
  }
  const stop = (await opts.start(ctx))?.stop
  await app.ready()
  return {
    app,
    routes,
    ctx,
    database,
    mail,
    tokens,
    config,
    close: async () => {
      await app.close()
      await stop?.()
      await queue?.close()
      await ctx.bus?.close()
      await database.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** A signed-in, verified admin of the tenant (staff of the console), as the tokens carry one. */
export function staffPrincipal(tenantId: string, dbName = `t_${tenantId.slice(0, 8)}`): Principal {
  return {
    userId: crypto.randomUUID(),
    tenantId,
    dbName,
    admin: true,
    inboundUser: false,
    sessionId: crypto.randomUUID(),
    emailVerified: true,
    name: 'Ada Lovelace',
    email: 'ada@acme.example',
  }
}

/** Runs the schema's migrations again and lists those recorded as applied: a rerun must change nothing. */
export async function rerunMigrations(database: Database, schema: string, migrations: Parameters<typeof migrateSchema>[2]): Promise<string[]> {
  await migrateSchema(database, schema, migrations)
  const applied = await database.system.withSchema(schema).selectFrom('kysely_migration').select('name').orderBy('name').execute()
  return applied.map((r: { name: string }) => r.name)
}
