// Builds the outbound service as the host starts it (its module: migrations, /api prefix, health route,
// the extract-outbound worker and the minute's sweep) on a real server over one database kind, with a
// test token service, blobs in a temporary folder, an in-process queue and bus, and a mailer that
// records what it sends; with the routes the module declared, a staff session and a request helper.
import type { TokenService } from '@portal/auth'
import type { Config } from '@portal/config'
import { type Database, schemaDb } from '@portal/db'
import type { AppInstance, ServiceContext } from '@portal/http'
import { type DeclaredRoute, staffPrincipal, startService } from '@portal/http/testing'
import type { RecordingMailer } from '@portal/mail'
import type { Kysely } from 'kysely'
import type { OutboundDb } from '../src/db/schema.js'
import { module, SCHEMA } from '../src/module.js'

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
  const service = await startService(open, {
    env: { PUBLIC_URL: 'https://portal.test', DB_MIGRATE: 'auto', ...env },
    queue: true,
    tmpPrefix: 'outbound-harness-',
    start: (ctx) => module.init(ctx),
  })
  return {
    ...service,
    staff: async (tenantId = crypto.randomUUID()) => {
      const principal = staffPrincipal(tenantId)
      return { token: (await service.tokens.issueAccess(principal)).token, tenantId, dbName: principal.dbName }
    },
    db: schemaDb<OutboundDb>(service.database, SCHEMA, { system: true }),
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
