// The question/answer pairs found inside a document, beside its chunks, under the same tenant wall.
// Frozen in time: no application types here.
import { isolateTenants } from '@portal/db'
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('qa_pair')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('document_id', 'uuid', (c) => c.notNull())
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    // The Yes / No / N.A. the answer opens with, if any (carried to a sheet's own option).
    .addColumn('choice', 'text', (c) => c.check(sql`choice in ('yes', 'no', 'na')`))
    .addUniqueConstraint('qa_pair_document_ordinal', ['tenant_id', 'document_id', 'ordinal'])
    .execute()
  // Every tenant table's policy (@portal/db isolateTenants), in the schema the migrator runs in:
  // the one its withSchema puts in front of the table's name.
  const schema = /^select \* from "([^"]+)"\."qa_pair"/.exec(db.selectFrom('qa_pair').selectAll().compile().sql)?.[1] ?? 'public'
  await isolateTenants(db, schema, ['qa_pair'])
}
