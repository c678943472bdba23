// Builds the questionnaire plugin on a real server (createServer: error envelope, rate limits, the
// OpenAPI document) over one database kind, with in-process queue and bus, blobs in a temporary
// folder, a test token service, and the list of routes the plugin declared.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestTokenService, type Principal, type TokenService } from '@portal/auth'
import { createMemoryBus } from '@portal/bus'
import { loadConfig } from '@portal/config'
import { asSystem, type Database, migrateSchema, systemView } from '@portal/db'
import { createDrafter } from '@portal/drafting'
import { type AppInstance, createServer } from '@portal/http'
import { silentLogger } from '@portal/observability'
import { migrations, type QuestionnaireDb, questionnaireDb, questionnaireKnowledge, SCHEMA } from '@portal/questionnaire-store'
import { createMemoryQueue } from '@portal/queue'
import { type BlobStore, createFsStore } from '@portal/storage'
import type { RouteOptions } from 'fastify'
import type { Kysely } from 'kysely'
import { questionnairePlugin } from '../src/plugin.js'

export interface DeclaredRoute {
  method: string
  /** Fastify form: /api/questionnaires/:questionnaireId/events */
  url: string
  schema: RouteOptions['schema']
}

export interface Harness {
  app: AppInstance
  /** The routes the questionnaire plugin registered (HEAD twins left out). */
  routes: DeclaredRoute[]
  /** For the tests' own reads and writes, outside any request (system view). */
  db: Kysely<QuestionnaireDb>
  tokens: TokenService
  /** A staff user's token of a tenant of its own. */
  staff(tenantId?: string): Promise<{ token: string; tenantId: string }>
  close(): Promise<void>
}

export interface HarnessOptions {
  /** Wraps the blob store (a folder): a test may make it fail. */
  blobs?: (store: BlobStore) => BlobStore
}

export async function buildHarness(open: () => Promise<Database>, opts: HarnessOptions = {}): Promise<Harness> {
  const database = await open()
  await migrateSchema(database, SCHEMA, migrations)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'questionnaire-test-'))
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
  const tokens = await createTestTokenService()
  const app = await createServer({ config, logger: silentLogger, tokens })
  const routes: DeclaredRoute[] = []
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url, schema: r.schema })
  })
  const knowledge = questionnaireKnowledge(database, config)
  await asSystem(() => knowledge.ready())
  const queue = createMemoryQueue()
  const bus = createMemoryBus()
  await app.register(
    async (scope) =>
      questionnairePlugin(scope, {
        database,
        store: questionnaireDb(database),
        blobs: opts.blobs ? opts.blobs(createFsStore(dataDir)) : createFsStore(dataDir),
        bus,
        queue,
        knowledge,
        drafter: createDrafter(config.llm),
        logger: silentLogger,
        quota: config.quota,
      }),
    { prefix: '/api' },
  )
  await app.ready()
  return {
    app,
    routes,
    db: questionnaireDb(systemView(database)),
    tokens,
    staff: async (tenantId = crypto.randomUUID()) => {
      const principal: Principal = {
        userId: crypto.randomUUID(),
        tenantId,
        dbName: `t_${tenantId.slice(0, 8)}`,
        admin: true,
        inboundUser: false,
        sessionId: crypto.randomUUID(),
        emailVerified: true,
        name: 'Ada Lovelace',
      }
      return { token: (await tokens.issueAccess(principal)).token, tenantId }
    },
    close: async () => {
      await app.close()
      await queue.close()
      await bus.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Reply {
  status: number
  body: Record<string, unknown> & { status?: boolean; message?: string; data?: unknown; errors?: unknown }
}

export async function call(h: Harness, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { body?: unknown; token?: string } = {}): Promise<Reply> {
  const res = await h.app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  })
  return { status: res.statusCode, body: res.body ? res.json() : {} }
}
