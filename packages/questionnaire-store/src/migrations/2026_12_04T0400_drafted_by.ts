// Frozen in time: no application types here.
import type { Kysely } from 'kysely'

// Who drafted an answer (issue 25): the model's name for a model's draft ('' for the offline drafter,
// the library or a document's Q&A, named by their source), and when, so the history names the
// drafter with the draft's time instead of the reviewer who replaced it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question')
    .addColumn('drafted_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('drafted_at', 'timestamptz')
    .execute()
}
