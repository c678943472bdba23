// The audit schema's tables as kysely sees them (camelCase through schemaDb's plugin).
import type { ColumnType } from 'kysely'

export const SCHEMA = 'audit'

export interface EntryTable {
  tenantId: string
  /** bigint: the pg driver gives a string, PGlite a number; read it through Number(). */
  seq: ColumnType<string | number, number, never>
  action: string
  actorId: string | null
  actorEmail: string | null
  target: string | null
  at: ColumnType<Date, Date, never>
  ip: string | null
  userAgent: string | null
  requestId: string | null
  prevHash: string
  hash: string
}

export interface AnchorTable {
  tenantId: string
  seq: ColumnType<string | number, never, never>
  hash: string
  removedAt: ColumnType<Date, never, never>
}

export interface AuditDb {
  entry: EntryTable
  anchor: AnchorTable
}
