import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application types (kysely's migration guidance).
// Issue 22: an answer's version, bumped by every save, which a save may name so that it is refused
// when a collaborator saved first. Existing answers start at 0.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbound_question')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
