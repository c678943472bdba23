// Frozen in time: no application types here.
import type { Kysely } from 'kysely'

// Whether a person wrote the answer's text (saved a text that differs from the one before): with
// approval, what "answered" counts (issue 14: a questionnaire drafted in full is not answered).
// Answers with a history were changed by a person before the column (the counts read both).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question')
    .addColumn('person_answer', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}
