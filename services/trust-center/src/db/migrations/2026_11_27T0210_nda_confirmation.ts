import type { Kysely } from 'kysely'

// An NDA acceptance is confirmed once the visitor shows they read the inbox of the email they
// accepted under (the access link mailed to it). Rows from before this migration stay unconfirmed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nda_acceptance').addColumn('confirmed_at', 'timestamptz').execute()
}
