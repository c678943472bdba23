// Row-level security: the application role, the scoped driver that sets role and tenant on every
// connection it hands out, and the two migration steps (a table's policy, the role's grants).
// security.md B1: FORCE ROW LEVEL SECURITY, the tenant set by the server, an app role without BYPASSRLS.
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, sql, type TransactionSettings } from 'kysely'
import { ALL_TENANTS, asSystem, currentScope, requireScope } from './tenant-scope.js'

/** The role queries run as: no login, no BYPASSRLS; the connecting user switches to it. */
export const APP_ROLE = 'portal_app'

/**
 * Creates the app role when missing (unless `create` is false: DB_MIGRATE=off, a TARGET=migrate run
 * made it) and tells whether this connection may switch to it: a member of it, or the role itself
 * when DATABASE_URL logs in as portal_app. A connecting user without the right to create or join it
 * (a managed database, say) runs as itself: the policies still hold for it, as the tables FORCE them
 * on their owner.
 */
async function appRoleUsable(conn: DatabaseConnection, create: boolean): Promise<boolean> {
  if (create) {
    await conn.executeQuery(
      CompiledQuery.raw(`do $$ begin
    if not exists (select from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} nologin; end if;
  exception when duplicate_object or unique_violation or insufficient_privilege then null; end $$`),
    )
  }
  const exists = await conn.executeQuery<{ ok: boolean }>(CompiledQuery.raw(`select exists (select from pg_roles where rolname = '${APP_ROLE}') as ok`))
  if (!exists.rows[0]?.ok) return false
  const member = await conn.executeQuery<{ ok: boolean }>(CompiledQuery.raw(`select pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') as ok`))
  return member.rows[0]?.ok === true
}

/**
 * What a query without a scope gets: a connection that refuses every statement with the scope error.
 * (Throwing from acquireConnection instead would leave kysely's own single-connection lock held.)
 */
class RefusingConnection implements DatabaseConnection {
  constructor(readonly error: Error) {}
  executeQuery<R>(): Promise<QueryResult<R>> {
    return Promise.reject(this.error)
  }
  // biome-ignore lint/correctness/useYield: refuses before yielding anything
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw this.error
  }
}

/** One holder at a time (PGlite has a single connection: setting and query must not interleave). */
class Mutex {
  #tail: Promise<void> = Promise.resolve()
  acquire(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((r) => (release = r))
    const ready = this.#tail.then(() => release)
    this.#tail = this.#tail.then(() => next)
    return ready
  }
}

export interface ScopeOptions {
  singleConnection: boolean
  /**
   * false: the tenant policies admit every row (`app.tenant_id` is '*' in every scope, which is
   * still required), so tests can prove that the code filters by tenant itself. Never in production.
   */
  rowSecurity?: boolean
  /** false: never create the app role (DB_MIGRATE=off); use it when it exists. Default true. */
  createAppRole?: boolean
}

class ScopedDriver implements Driver {
  readonly #inner: Driver
  readonly #lock: Mutex | undefined
  readonly #rowSecurity: boolean
  readonly #createAppRole: boolean
  #role: string | undefined
  #ready: Promise<void> | undefined
  /** What each connection is set to now: set again only when the scope differs. */
  readonly #settings = new WeakMap<DatabaseConnection, string>()
  readonly #held = new Map<DatabaseConnection, () => void>()

  constructor(inner: Driver, opts: ScopeOptions) {
    this.#inner = inner
    this.#lock = opts.singleConnection ? new Mutex() : undefined
    this.#rowSecurity = opts.rowSecurity !== false
    this.#createAppRole = opts.createAppRole !== false
  }

  /** Once, whichever Kysely (the scoped root or its system twin) asks first. */
  init(): Promise<void> {
    this.#ready ??= this.#init()
    return this.#ready
  }

  async #init(): Promise<void> {
    await this.#inner.init()
    const conn = await this.#inner.acquireConnection()
    try {
      this.#role = (await appRoleUsable(conn, this.#createAppRole)) ? APP_ROLE : undefined
    } finally {
      await this.#inner.releaseConnection(conn)
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Before any connection is taken: a query without a scope is refused, whatever the database.
    let scope: ReturnType<typeof requireScope>
    try {
      scope = requireScope()
    } catch (err) {
      return new RefusingConnection(err as Error)
    }
    const tenant = this.#rowSecurity ? scope.tenant : ALL_TENANTS
    const release = await this.#lock?.acquire()
    try {
      const conn = await this.#inner.acquireConnection()
      const role = scope.owner || !this.#role ? 'none' : this.#role
      const setting = `${role}/${tenant}`
      if (this.#settings.get(conn) !== setting) {
        await conn.executeQuery(CompiledQuery.raw(`select set_config('role', $1, false), set_config('app.tenant_id', $2, false)`, [role, tenant]))
        this.#settings.set(conn, setting)
      }
      if (release) this.#held.set(conn, release)
      return conn
    } catch (err) {
      release?.()
      throw err
    }
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    if (conn instanceof RefusingConnection) return
    try {
      await this.#inner.releaseConnection(conn)
    } finally {
      const release = this.#held.get(conn)
      this.#held.delete(conn)
      release?.()
    }
  }

  beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    return conn instanceof RefusingConnection ? Promise.reject(conn.error) : this.#inner.beginTransaction(conn, settings)
  }
  commitTransaction(conn: DatabaseConnection) {
    return this.#inner.commitTransaction(conn)
  }
  rollbackTransaction(conn: DatabaseConnection) {
    return conn instanceof RefusingConnection ? Promise.resolve() : this.#inner.rollbackTransaction(conn)
  }
  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.#inner.savepoint!(...args)
  }
  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.#inner.rollbackToSavepoint!(...args)
  }
  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.#inner.releaseSavepoint!(...args)
  }
  destroy() {
    return this.#inner.destroy()
  }
}

/**
 * The system twin's driver: a query that no code scoped runs as system work instead of failing; an
 * explicit scope (a tenant's, the owner's) still applies. The root Kysely closes the shared driver.
 */
class SystemDriver implements Driver {
  constructor(readonly inner: ScopedDriver) {}
  init() {
    return this.inner.init()
  }
  acquireConnection() {
    return currentScope().kind === 'none' ? asSystem(() => this.inner.acquireConnection()) : this.inner.acquireConnection()
  }
  releaseConnection(conn: DatabaseConnection) {
    return this.inner.releaseConnection(conn)
  }
  beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(conn, settings)
  }
  commitTransaction(conn: DatabaseConnection) {
    return this.inner.commitTransaction(conn)
  }
  rollbackTransaction(conn: DatabaseConnection) {
    return this.inner.rollbackTransaction(conn)
  }
  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.inner.savepoint(...args)
  }
  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.inner.rollbackToSavepoint(...args)
  }
  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.inner.releaseSavepoint(...args)
  }
  async destroy() {}
}

/**
 * A dialect whose connections carry the scope's role and tenant, and the dialect of its system twin:
 * the same driver (one pool, one PGlite lock) where unscoped queries are system work, for tools and tests.
 */
export function scopedDialects(inner: Dialect, opts: ScopeOptions): { scoped: Dialect; system: Dialect } {
  const driver = new ScopedDriver(inner.createDriver(), opts)
  const dialect = (make: () => Driver): Dialect => ({
    createAdapter: () => inner.createAdapter(),
    createDriver: make,
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  })
  return { scoped: dialect(() => driver), system: dialect(() => new SystemDriver(driver)) }
}

/** A tenant table's policy: rows of the scope's tenant, or every row in system work ('*'). Idempotent. */
export async function isolateTenants(db: Kysely<any>, schema: string, tables: string[]): Promise<void> {
  for (const t of tables) {
    const table = sql.id(schema, t)
    await sql`alter table ${table} enable row level security`.execute(db)
    await sql`alter table ${table} force row level security`.execute(db)
    await sql`drop policy if exists tenant_isolation on ${table}`.execute(db)
    // Compared as text: an unset or odd setting matches nothing, rather than failing a uuid cast.
    await sql`create policy tenant_isolation on ${table}
      using (current_setting('app.tenant_id', true) = '*' or tenant_id::text = current_setting('app.tenant_id', true))
      with check (current_setting('app.tenant_id', true) = '*' or tenant_id::text = current_setting('app.tenant_id', true))`.execute(db)
  }
}

/** The app role's rights on a schema's tables and sequences, when the role exists. Idempotent. */
export async function grantAppRole(db: Kysely<any>, schema: string): Promise<void> {
  const { rows } = await sql<{ ok: boolean }>`select exists (select from pg_roles where rolname = ${APP_ROLE}) as ok`.execute(db)
  if (!rows[0]?.ok) return
  const s = sql.id(schema)
  const role = sql.id(APP_ROLE)
  await sql`grant usage on schema ${s} to ${role}`.execute(db)
  await sql`grant select, insert, update, delete on all tables in schema ${s} to ${role}`.execute(db)
  await sql`grant usage, select, update on all sequences in schema ${s} to ${role}`.execute(db)
  await narrowAppRole(db, schema)
}

/** A table's comment `portal_app may: select, insert` limits the app role to those rights (the audit log: append-only). */
const MAY = /^portal_app may: ((?:select|insert|update|delete)(?:, (?:select|insert|update|delete))*)$/

async function narrowAppRole(db: Kysely<any>, schema: string): Promise<void> {
  const { rows } = await sql<{ name: string; note: string }>`select c.relname as name, obj_description(c.oid, 'pg_class') as note
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p') and obj_description(c.oid, 'pg_class') like 'portal_app may:%'`.execute(db)
  for (const { name, note } of rows) {
    const rights = MAY.exec(note)?.[1]
    if (!rights) throw new Error(`table ${schema}.${name}: its comment "${note}" does not name the app role's rights as "portal_app may: select, insert"`)
    const table = sql.id(schema, name)
    await sql`revoke all on ${table} from ${sql.id(APP_ROLE)}`.execute(db)
    await sql`grant ${sql.raw(rights)} on ${table} to ${sql.id(APP_ROLE)}`.execute(db)
  }
}
