// Frozen in time: no application types here.
import { isolateTenants } from '@portal/db'
import { type Kysely, sql } from 'kysely'

// Issue 23: how each questionnaire was read (its sheet, header row, column roles, the product's
// confidence, whether a person confirmed it), and per company the mappings people confirmed, by the
// fingerprint of their form (sheet name and header cells), so the next file of that form reads itself.
// A questionnaire read with too little confidence waits in the new state `check`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').addColumn('layout', 'jsonb').execute()
  await db.schema.alterTable('file').dropConstraint('file_state_check').ifExists().execute()
  await db.schema.alterTable('file').addCheckConstraint('file_state_check', sql`state in ('queued', 'running', 'ready', 'check', 'failed')`).execute()
  await db.schema
    .createTable('layout_memory')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('mapping', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(db.fn('now')))
    .addPrimaryKeyConstraint('layout_memory_pk', ['tenant_id', 'fingerprint'])
    .execute()
  await isolateTenants(db, 'questionnaire', ['layout_memory'])
}
