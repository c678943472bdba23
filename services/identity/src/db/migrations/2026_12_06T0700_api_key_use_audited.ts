import type { Kysely } from 'kysely'

// When a key's use was last written to the audit log (`apikey.used`, at most once an hour per key):
// a conditional update on it lets one process of many write each hour's entry.
// Frozen in time: this file never imports application types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_key').addColumn('use_audited_at', 'timestamptz').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_key').dropColumn('use_audited_at').execute()
}
