import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application types (kysely's migration guidance).
// Issue 25: the company asking, named on the recipient's page and in the invitation's subject.
// Kept per outbound as it was when sent; earlier outbounds have none (the sender's name stands in).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbound')
    .addColumn('sender_company', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}
