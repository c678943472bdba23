// PGlite runs each statement synchronously inside this process, and a query's promise settles as a
// microtask: a loop of queries (a save of 300 rows, a migration) never lets the event loop serve
// another request, /healthz included, until it ends. This dialect lets the loop breathe: before a
// query, when the previous turn has run longer than a slice, it waits for the event loop's next
// turn. A server database needs none of this (its queries wait on the network).
import type { DatabaseConnection, Dialect, Driver } from 'kysely'

/** How long the queries of one turn of the event loop may run before it is given back (ms). */
const SLICE_MS = 4

export function yieldingDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new YieldingDriver(inner.createDriver()),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  }
}

let turnStarted = performance.now()

/** Waits for the event loop's next turn when this one has run a slice already. */
async function breathe(): Promise<void> {
  if (performance.now() - turnStarted < SLICE_MS) return
  await new Promise<void>((resolve) => setImmediate(resolve))
  turnStarted = performance.now()
}

class YieldingDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>()
  readonly #inner: Driver
  constructor(inner: Driver) {
    this.#inner = inner
  }
  init() {
    return this.#inner.init()
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await this.#inner.acquireConnection()
    let wrapped = this.#wrapped.get(conn)
    if (!wrapped) {
      wrapped = {
        executeQuery: async (query) => {
          await breathe()
          return conn.executeQuery(query)
        },
        streamQuery: (query, chunkSize) => conn.streamQuery(query, chunkSize),
      }
      this.#wrapped.set(conn, wrapped)
      this.#unwrapped.set(wrapped, conn)
    }
    return wrapped
  }
  readonly #unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>()
  #inside(conn: DatabaseConnection): DatabaseConnection {
    return this.#unwrapped.get(conn) ?? conn
  }
  releaseConnection(conn: DatabaseConnection) {
    return this.#inner.releaseConnection(this.#inside(conn))
  }
  beginTransaction(...[conn, settings]: Parameters<Driver['beginTransaction']>) {
    return this.#inner.beginTransaction(this.#inside(conn), settings)
  }
  commitTransaction(conn: DatabaseConnection) {
    return this.#inner.commitTransaction(this.#inside(conn))
  }
  rollbackTransaction(conn: DatabaseConnection) {
    return this.#inner.rollbackTransaction(this.#inside(conn))
  }
  savepoint(...[conn, name, compile]: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.#inner.savepoint!(this.#inside(conn), name, compile)
  }
  rollbackToSavepoint(...[conn, name, compile]: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.#inner.rollbackToSavepoint!(this.#inside(conn), name, compile)
  }
  releaseSavepoint(...[conn, name, compile]: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.#inner.releaseSavepoint!(this.#inside(conn), name, compile)
  }
  destroy() {
    return this.#inner.destroy()
  }
}
