// Frozen in time: no application types here.
import { isolateTenants } from '@portal/db'
import { type Kysely, sql } from 'kysely'

// Issue 24: the answer library as its own store. `library_entry` holds the rows of imported completed
// questionnaires (source 'import'), and for approved answers (still derived from approved questions)
// only what a person changed: an edit or a retirement, keyed by the question (source 'approved').
// `library_import` keeps an imported file whose columns wait for a person's confirmation.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('library_import')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'uuid')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('check', 'imported', 'failed')`))
    .addColumn('layout', 'jsonb')
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unanswered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(db.fn('now')))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(db.fn('now')))
    .execute()
  await db.schema
    .createTable('library_entry')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'uuid')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('approved', 'import')`))
    .addColumn('import_id', 'uuid')
    .addColumn('question_id', 'uuid')
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('question_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('choice_value', 'text')
    .addColumn('source_file', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sheet', 'text')
    .addColumn('row', 'integer')
    .addColumn('imported_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('retired_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(db.fn('now')))
    .execute()
  await db.schema.createIndex('library_entry_tenant').on('library_entry').columns(['tenant_id', 'retired_at']).execute()
  // One marker per approved question.
  await db.schema
    .createIndex('library_entry_question')
    .on('library_entry')
    .columns(['tenant_id', 'question_id'])
    .unique()
    .where(sql.ref('question_id'), 'is not', null)
    .execute()
  await isolateTenants(db, 'questionnaire', ['library_entry', 'library_import'])
}
