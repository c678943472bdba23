// Frozen in time: no application types here.
import type { Kysely } from 'kysely'

// A draft's evidence by reference (issue 26): the passages shown beside a draft are chunks of this
// schema already, so a question keeps their ids, places and a short excerpt, not ~2 KB of their text
// again. retrieved_narrative keeps only what no chunk holds (a known answer's origin); rows drafted
// before keep their whole text there and an empty list here, and read as they did.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question')
    .addColumn('evidence', 'jsonb', (c) => c.notNull().defaultTo('[]'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question').dropColumn('evidence').execute()
}
