// Frozen in time: no application types here.
import { type Kysely, sql } from 'kysely'

const now = sql`now()`

// The comments thread of a question (spec: Comment entity); the question's own `comment` column
// keeps the latest one, as the spec's question shape has it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('comment')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('question.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('comment_type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('comment_question_idx').on('comment').columns(['tenant_id', 'question_id', 'created_at']).execute()
}
