import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application types (kysely's migration guidance).
// Issue 25: the company asking, named on the recipient's page and in the invitation's subject, and
// its logo there (the trust center's public logo path, when it has one). Kept per outbound as they
// were when sent; earlier outbounds have none (the sender's name stands in).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbound')
    .addColumn('sender_company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_logo', 'text')
    .execute()
}
