// Frozen in time: no application types here.
import type { Kysely } from 'kysely'

// One draft job per questionnaire at a time: the run holding it and its lease, and a count of
// drafting requests, so a run that ends sees whether another was asked for meanwhile.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('file')
    .addColumn('draft_requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('draft_run', 'text')
    .addColumn('draft_lease_until', 'timestamptz')
    .execute()
}
