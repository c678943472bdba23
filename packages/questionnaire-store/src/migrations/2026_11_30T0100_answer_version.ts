// Frozen in time: no application types here.
import type { Kysely } from 'kysely'

// Issue 22: an answer's version, bumped by every save (and draft), which a save may name so that it
// is refused when someone else saved first; and who saved the text there now, for the one refused.
// Existing answers start at version 0, saved by no one known ('').
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saved_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}
