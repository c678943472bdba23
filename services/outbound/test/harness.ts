// Builds the outbound service as the host starts it (its module: migrations, /api prefix, health route,
// the extract-outbound worker and the minute's sweep) on a real server over one database kind, with a
// test token service, blobs in a temporary folder, an in-process queue and bus, and a mailer that
// records what it sends; with the routes the module declared, a staff session and a request helper.
import { createTestTokenService, type Principal, type TokenService } from '@portal/auth'
import { createMemoryBus } from '@portal/bus'
import { type Config, loadConfig } from '@portal/config'
import { type Database, schemaDb } from '@portal/db'
import { type AppInstance, createServer, type ServiceContext } from '@portal/http'
import { createRecordingMailer, type RecordingMailer } from '@portal/mail'
import { silentLogger } from '@portal/observability'
import { createMemoryQueue } from '@portal/queue'
import { createFsStore } from '@portal/storage'
import type { Kysely } from 'kysely'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { OutboundDb } from '../src/db/schema.js'
import { module, SCHEMA } from '../src/module.js'

/** A route the module registered (HEAD twins left out), with its schema. */
export interface DeclaredRoute {
  method: string
  url: string
  schema: unknown
}

export interface Harness {
  app: AppInstance
  /** The routes the module registered, in order. */
  routes: DeclaredRoute[]
  /** A signed-in, verified staff member of a tenant (a new one unless named). */
  staff(tenantId?: string): Promise<{ token: string; tenantId: string; dbName: string }>
  /** What the module was started with. */
  ctx: ServiceContext
  /** For the tests' own reads and writes: system work, no request scope (the routes get the request-scoped twin). */
  db: Kysely<OutboundDb>
  database: Database
  mail: RecordingMailer
  tokens: TokenService
  config: Config
  close(): Promise<void>
}

export async function buildHarness(open: () => Promise<Database>, env: Record<string, string> = {}): Promise<Harness> {
  const database = await open()
  const dir = await mkdtemp(path.join(tmpdir(), 'outbound-harness-'))
  const config = loadConfig({ PUBLIC_URL: 'https://portal.test', LOG_LEVEL: 'silent', DB_MIGRATE: 'auto', DATA_DIR: dir, ...env })
  const tokens = await createTestTokenService()
  const mail = createRecordingMailer()
  const queue = createMemoryQueue()
  const app = await createServer({ config, logger: silentLogger, tokens })
  const routes: DeclaredRoute[] = []
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url, schema: r.schema })
  })
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
    routes,
    staff: async (tenantId = crypto.randomUUID()) => {
      const dbName = `t_${tenantId.slice(0, 8)}`
      const principal: Principal = {
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
      return { token: (await tokens.issueAccess(principal)).token, tenantId, dbName }
    },
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

export interface Reply {
  status: number
  type: string
  body: Record<string, unknown> & { status?: boolean; message?: string; code?: string; data?: unknown; errors?: unknown }
}

/** A request as the web sends it: JSON (or a raw payload with its type), with the bearer token; the reply parsed when it is JSON. */
export async function call(
  h: Harness,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  })
  const type = String(res.headers['content-type'] ?? '')
  return { status: res.statusCode, type, body: type.startsWith('application/json') && res.body ? res.json() : {} }
}
