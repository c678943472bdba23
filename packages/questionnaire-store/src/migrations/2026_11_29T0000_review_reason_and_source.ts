// Frozen in time: no application types here.
import { type Kysely, sql } from 'kysely'

// Why an answer needs review, in words for the reviewer ('' when it does not), and where a draft
// came from: the answer library, the documents (offline drafter) or a model.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question')
    .addColumn('review_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('question')
    .addColumn('answer_source', 'text', (c) => c.notNull().defaultTo('').check(sql`answer_source in ('', 'library', 'documents', 'model')`))
    .execute()
}
