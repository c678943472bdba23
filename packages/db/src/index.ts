// PostgreSQL through kysely: embedded PGlite (with pgvector) in a data folder, or a real server
// when DATABASE_URL is set. Each service owns one schema and migrates it itself.
import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import type { Logger } from '@portal/observability'
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely'
import { type Migration, Migrator } from 'kysely/migration'
import pg from 'pg'
import { grantAppRole, scopedDialect } from './row-security.js'
import { asOwner } from './tenant-scope.js'

export type { Migration } from 'kysely/migration'
export { createDailyUsageTable, type Quota, spendDaily, spendQuota, type Usage, usageToday } from './daily-usage.js'
export { APP_ROLE, grantAppRole, isolateTenants } from './row-security.js'
export { ALL_TENANTS, asOwner, currentScope, enterTenant, openScope, withTenant, withTenantOf } from './tenant-scope.js'

export interface Database {
  readonly kind: 'pglite' | 'pg'
  readonly root: Kysely<any>
  close(): Promise<void>
}

export interface OpenOptions {
  databaseUrl?: string | undefined
  /** PGlite folder; omitted = in memory. */
  dataDir?: string | undefined
  log?: Logger | undefined
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    pool.on('error', (err) => opts.log?.error({ err }, 'postgres pool error'))
    const root = new Kysely<any>({ dialect: scopedDialect(new PostgresDialect({ pool }), { singleConnection: false }) })
    await sql`select 1`.execute(root) // fail at start-up, with the server's message, not at the first request
    return { kind: 'pg', root, close: once(() => root.destroy()) }
  }
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true })
  const pglite = await PGlite.create(opts.dataDir ?? 'memory://', { extensions: { vector } })
  const root = new Kysely<any>({ dialect: scopedDialect(new PGliteDialect({ pglite }), { singleConnection: true }) })
  return {
    kind: 'pglite',
    root,
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

/** Kysely bound to one service's schema: snake_case in SQL, camelCase in TypeScript. */
export function schemaDb<DB>(db: Database, schema: string): Kysely<DB> {
  return db.root.withSchema(schema).withPlugin(new CamelCasePlugin()) as unknown as Kysely<DB>
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
export function testDatabaseKinds(): Array<['pglite' | 'pg', () => Promise<Database>]> {
  const kinds: Array<['pglite' | 'pg', () => Promise<Database>]> = [['pglite', () => openDatabase({})]]
  const adminUrl = process.env['TEST_DATABASE_URL']
  if (adminUrl) kinds.push(['pg', () => freshPostgres(adminUrl)])
  return kinds
}

/** A new, uniquely named database on the server of `adminUrl`, and how to drop it (tests). */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
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

async function freshPostgres(adminUrl: string): Promise<Database> {
  const scratch = await createScratchDatabase(adminUrl)
  const db = await openDatabase({ databaseUrl: scratch.url })
  return {
    ...db,
    close: once(async () => {
      await db.close()
      await scratch.drop()
    }),
  }
}
