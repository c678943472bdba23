// Builds the questionnaire plugin on a real server (startService of @portal/http/testing: error
// envelope, rate limits, the OpenAPI document) over one database kind, with in-process queue and bus,
// blobs in a temporary folder, a test token service, and the list of routes the plugin declared.
import { migrateAudit } from '@portal/audit'
import type { TokenService } from '@portal/auth'
import { asSystem, type Database, migrateSchema, systemView } from '@portal/db'
import { createDrafter, type ModelConfig } from '@portal/drafting'
import { type AppInstance, withBackends } from '@portal/http'
import { type DeclaredRoute, staffPrincipal, startService } from '@portal/http/testing'
import { silentLogger } from '@portal/observability'
import { migrations, type QuestionnaireDb, questionnaireDb, questionnaireKnowledge, SCHEMA } from '@portal/questionnaire-store'
import type { JobQueue } from '@portal/queue'
import type { BlobStore } from '@portal/storage'
import type { Kysely } from 'kysely'
import { questionnairePlugin } from '../src/plugin.js'

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
  /** Wraps the in-process queue: a test may see what is queued. */
  queue?: (queue: JobQueue) => JobQueue
  /** A model for the drafter settings routes (never used to draft here), and their test's timeout. */
  llm?: ModelConfig
  drafterTestTimeoutMs?: number
}

export async function buildHarness(open: () => Promise<Database>, opts: HarnessOptions = {}): Promise<Harness> {
  const service = await startService(open, {
    queue: true,
    tmpPrefix: 'questionnaire-test-',
    ...(opts.blobs ? { blobs: opts.blobs } : {}),
    start: async (context) => {
      const ctx = withBackends(context, ['db', 'blobs', 'bus', 'queue'])
      await migrateSchema(ctx.db, SCHEMA, migrations)
      await migrateAudit(ctx.db) // the exports append to the audit log
      const knowledge = questionnaireKnowledge(ctx.db, ctx.config)
      await asSystem(() => knowledge.ready())
      await ctx.server.register(
        async (scope) =>
          questionnairePlugin(scope, {
            database: ctx.db,
            store: questionnaireDb(ctx.db),
            blobs: ctx.blobs,
            bus: ctx.bus,
            queue: opts.queue ? opts.queue(ctx.queue) : ctx.queue,
            knowledge,
            drafter: createDrafter(ctx.config.llm),
            logger: silentLogger,
            quota: ctx.config.quota,
            ...(opts.llm ? { llm: opts.llm } : {}),
            ...(opts.drafterTestTimeoutMs ? { drafterTestTimeoutMs: opts.drafterTestTimeoutMs } : {}),
          }),
        { prefix: '/api' },
      )
      return undefined
    },
  })
  return {
    app: service.app,
    routes: service.routes,
    db: questionnaireDb(systemView(service.database)),
    tokens: service.tokens,
    staff: async (tenantId = crypto.randomUUID()) => ({ token: (await service.tokens.issueAccess(staffPrincipal(tenantId))).token, tenantId }),
    close: service.close,
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
