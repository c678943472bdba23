// PostgreSQL through kysely: embedded PGlite (with pgvector and btree_gin) in a data folder, or a real server
// when DATABASE_URL is set. Each service owns one schema and migrates it itself.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { vector } from '@electric-sql/pglite-pgvector'
import type { Logger } from '@portal/observability'
import { CamelCasePlugin, type Dialect, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely'
import { type Migration, Migrator } from 'kysely/migration'
import { grantAppRole, scopedDialects } from './row-security.js'
import { asOwner, asSystem } from './tenant-scope.js'
import { yieldingDialect } from './yielding.js'

export type { Migration } from 'kysely/migration'
export { createDailyUsageTable, type Quota, refundDaily, spendDaily, spendQuota, type Usage, usageToday } from './daily-usage.js'
export { claimLease, mayBeLost, renewLease } from './leases.js'
export { pageWithTotal } from './paging.js'
export { APP_ROLE, grantAppRole, isolateTenants } from './row-security.js'
export {
  ALL_TENANTS,
  asOwner,
  asSystem,
  currentScope,
  enterSystem,
  enterTenant,
  openScope,
  requireScope,
  type ScopeKind,
  TenantScopeError,
  withTenant,
  withTenantOf,
} from './tenant-scope.js'

export interface Database {
  readonly kind: 'pglite' | 'pg'
  /** Every query needs a scope (withTenant, asSystem, a request's): none is a TenantScopeError. */
  readonly root: Kysely<any>
  /** The same connections; a query outside any scope is system work: tools and tests that look across tenants. */
  readonly system: Kysely<any>
  close(): Promise<void>
}

export interface OpenOptions {
  databaseUrl?: string | undefined
  /** PGlite folder; omitted = in memory. */
  dataDir?: string | undefined
  log?: Logger | undefined
  /** false (DB_ROW_SECURITY=off, tests only): policies admit every row; scopes are still required. */
  rowSecurity?: boolean | undefined
  /**
   * false (DB_MIGRATE=off): the app role is not created at start-up; a TARGET=migrate run made it,
   * and DATABASE_URL is that role (or a member of it). Default true.
   */
  createAppRole?: boolean | undefined
}

function kyselies(inner: Dialect, singleConnection: boolean, opts: OpenOptions) {
  const { scoped, system } = scopedDialects(inner, { singleConnection, rowSecurity: opts.rowSecurity !== false, createAppRole: opts.createAppRole !== false })
  return { root: new Kysely<any>({ dialect: scoped }), system: new Kysely<any>({ dialect: system }) }
}

/**
 * PGlite's start parameters with a smaller buffer cache: one embedded user does not need
 * Postgres' 128 MB of shared buffers, and they are resident memory (measured: 304 MB RSS for PGlite
 * alone with 128 MB, 176 MB with 16 MB).
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/** A new PGlite data folder, made in a child process so that initdb's memory leaves with it (pglite-init.mjs). */
async function initPglite(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-init.mjs', import.meta.url))
  const child = spawn(process.execPath, [script, JSON.stringify({ dataDir, startParams: PGLITE_START })], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`PGlite could not create ${dataDir} (exit ${code}): ${stderr.slice(-500)}`))))
  })
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.rowSecurity === false) opts.log?.warn('DB_ROW_SECURITY=off: the tenant policies admit every row (a test setting)')
  if (opts.databaseUrl) {
    // A database that does not answer a connection within 5 s is down for this request (a 503), not a hang.
    const { default: pg } = await import('pg') // only where a server is used: the embedded portal never loads it
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 })
    pool.on('error', (err) => opts.log?.error({ err }, 'postgres pool error'))
    // A connection cut while checked out but between queries emits 'error' on its client, which the
    // pool only listens for while the client is idle: unheard, it would end the process. The query
    // that runs next on it fails on its own (a 503), and the pool drops the client.
    pool.on('connect', (client) => client.on('error', (err) => opts.log?.warn({ err }, 'postgres connection lost')))
    const { root, system } = kyselies(new PostgresDialect({ pool }), false, opts)
    await asSystem(() => sql`select 1`.execute(root)) // fail at start-up, with the server's message, not at the first request
    return { kind: 'pg', root, system, close: once(() => root.destroy()) }
  }
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true })
  if (opts.dataDir && !existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await initPglite(opts.dataDir)
  const pglite = await PGlite.create(opts.dataDir ?? 'memory://', { extensions: { vector, btree_gin }, startParams: PGLITE_START })
  const { root, system } = kyselies(yieldingDialect(new PGliteDialect({ pglite })), true, opts)
  return {
    kind: 'pglite',
    root,
    system,
    close: once(async () => {
      await root.destroy()
      if (!pglite.closed) await pglite.close()
    }),
  }
}

/** Shutdown paths may overlap (a failed start, then the host's stop): closing twice is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined
  return () => (done ??= fn())
}

/** The database as tools and tests use it outside any request: its root is the system twin. Never in services. */
export function systemView(db: Database): Database {
  return { kind: db.kind, root: db.system, system: db.system, close: () => db.close() }
}

/**
 * Kysely bound to one service's schema: snake_case in SQL, camelCase in TypeScript. `system: true`
 * binds the system twin (tools and tests only: application code says asSystem where it means it).
 */
export function schemaDb<DB>(db: Database, schema: string, opts: { system?: boolean } = {}): Kysely<DB> {
  return (opts.system ? db.system : db.root).withSchema(schema).withPlugin(new CamelCasePlugin()) as unknown as Kysely<DB>
}

/**
 * Creates the schema if missing and runs the service's migrations in it, as the schema owner; names
 * the failing migration. Then grants the app role its rights on what the migrations made.
 */
export function migrateSchema(db: Database, schema: string, migrations: Record<string, Migration>): Promise<void> {
  return asOwner(() => migrateAsOwner(db, schema, migrations))
}

async function migrateAsOwner(db: Database, schema: string, migrations: Record<string, Migration>): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db.root)
  const migrator = new Migrator({
    db: db.root.withSchema(schema),
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new Error(`migration of schema "${schema}" failed${failed ? ` at ${failed}` : ''}: ${(error as Error).message}`, { cause: error })
  }
  await grantAppRole(db.root, schema)
}

/** Test databases: PGlite in memory always; a fresh database on TEST_DATABASE_URL when set. */
export function testDatabaseKinds(opts: { rowSecurity?: boolean } = {}): Array<['pglite' | 'pg', () => Promise<Database>]> {
  const kinds: Array<['pglite' | 'pg', () => Promise<Database>]> = [['pglite', () => openDatabase({ rowSecurity: opts.rowSecurity })]]
  const adminUrl = process.env['TEST_DATABASE_URL']
  if (adminUrl) kinds.push(['pg', () => freshPostgres(adminUrl, opts.rowSecurity)])
  return kinds
}

/** A new, uniquely named database on the server of `adminUrl`, and how to drop it (tests). */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

async function freshPostgres(adminUrl: string, rowSecurity: boolean | undefined): Promise<Database> {
  const scratch = await createScratchDatabase(adminUrl)
  const db = await openDatabase({ databaseUrl: scratch.url, rowSecurity })
  return {
    ...db,
    close: once(async () => {
      await db.close()
      await scratch.drop()
    }),
  }
}
