import { type Kysely, sql } from 'kysely'

// How many events one history row stands for: page views are written as one row per tenant every
// few seconds ("Page loaded 37 times"), so the dashboard's views per day add this column up instead
// of reading the words. Earlier view rows get their count back from their detail; every other row is one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('history')
    .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(1).check(sql`event_count >= 1`))
    .execute()
  // Through the builder, so the migrator's schema applies (raw SQL would not be qualified).
  await db
    .updateTable('history')
    .set({ event_count: sql`coalesce(substring(detail from '^Page loaded ([0-9]{1,9}) times$')::integer, 1)` })
    .where('type', '=', 'view')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('history').dropColumn('event_count').execute()
}
