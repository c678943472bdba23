// Frozen in time: no application types here.
import { type Kysely, sql } from 'kysely'

// What the drafter proposed, kept beside what people made of it (issue 24: the drafter's track record),
// and a fourth origin of drafts: a question/answer pair found in a document. Rows drafted before this
// release whose text no person changed still hold their draft: it is recorded from them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question')
    .addColumn('draft_recorded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('draft_answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('draft_choice', 'text')
    .execute()
  await db
    .updateTable('question')
    .set({ draft_recorded: true, draft_answer: sql.ref('answer'), draft_choice: sql.ref('choice_value') })
    .where('drafted', '=', true)
    .where('answer_source', '<>', '')
    .where('person_answer', '=', false)
    .where(sql`jsonb_array_length(answer_history)`, '=', 0)
    .execute()
  await db.schema.alterTable('question').dropConstraint('question_answer_source_check').ifExists().execute()
  await db.schema
    .alterTable('question')
    .addCheckConstraint('question_answer_source_check', sql`answer_source in ('', 'library', 'pair', 'documents', 'model')`)
    .execute()
}
