import { isolateTenants } from '@portal/db'
import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application types (kysely's migration guidance).
// Issue 23: how each template's and sent questionnaire's questions were read (sheet, header row,
// column roles, the product's confidence, whether a person confirmed it), and per company the
// mappings people confirmed, by the fingerprint of their form, so the next file of that form reads
// itself. A file read with too little confidence waits in the new state `check`.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['template', 'outbound']) {
    await db.schema.alterTable(table).addColumn('layout', 'jsonb').execute()
    await db.schema.alterTable(table).dropConstraint(`${table}_state_check`).ifExists().execute()
    await db.schema.alterTable(table).addCheckConstraint(`${table}_state_check`, sql`state in ('queued', 'running', 'ready', 'check', 'failed')`).execute()
  }
  await db.schema
    .createTable('layout_memory')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('mapping', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('layout_memory_pk', ['tenant_id', 'fingerprint'])
    .execute()
  await isolateTenants(db, 'outbound', ['layout_memory'])
}
