// @portal/audit: the audit log every service appends to in the request that did the action
// (recordAudit), its schema `audit` and migrations, the admin routes, and retention.
// How to record an entry: docs/audit-api.md.
import { type Database, migrateSchema, schemaDb } from '@portal/db'
import type { Kysely } from 'kysely'
import { migrations } from './migrations/index.js'
import { type AuditDb, SCHEMA } from './schema.js'

export { AUDIT, AUDIT_ACTION_PATTERN, type AuditAction } from '@portal/contracts'
export { canonical, GENESIS, hashEntry } from './chain.js'
export { csvField, csvLine } from './csv.js'
export { exportEntries, listEntries, verifyChain } from './log.repo.js'
export { migrations } from './migrations/index.js'
export { type AuditInput, recordAudit } from './record.js'
export { sweepAudit } from './retention.js'
export { auditRoutes } from './routes.js'
export { type AuditDb, SCHEMA } from './schema.js'

/** The audit schema bound for the request's scope (camelCase in TypeScript). */
export const auditDb = (db: Database, opts: { system?: boolean } = {}): Kysely<AuditDb> => schemaDb<AuditDb>(db, SCHEMA, opts)

const migrated = new WeakMap<Database, Promise<void>>()

/**
 * Migrates schema `audit` (DB_MIGRATE=auto): every service that appends calls it at start, so that a
 * service started alone can record. Once per database in a process: modules starting side by side
 * must not race on the same schema.
 */
export function migrateAudit(db: Database): Promise<void> {
  let done = migrated.get(db)
  if (!done) {
    done = migrateSchema(db, SCHEMA, migrations)
    migrated.set(db, done)
    done.catch(() => migrated.delete(db))
  }
  return done
}
