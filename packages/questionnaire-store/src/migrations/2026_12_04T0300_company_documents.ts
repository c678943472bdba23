// Frozen in time: no application types here.
import { type Kysely, sql } from 'kysely'

// Company-wide documents (issue 25): a compliance document with no client answers every client's
// questionnaires. A questionnaire still always belongs to a client.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('file')
    .alterColumn('company_id', (c) => c.dropNotNull())
    .execute()
  await db.schema.alterTable('file').addCheckConstraint('file_questionnaire_has_client', sql`kind = 'compliance' or company_id is not null`).execute()
  await db.schema.createIndex('file_company_wide_idx').on('file').columns(['tenant_id', 'kind']).where(sql.ref('company_id'), 'is', null).execute()
}
