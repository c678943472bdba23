// Frozen in time: no application types here.
import { isolateTenants } from '@portal/db'
import type { Kysely } from 'kysely'

// Row-level security on every tenant table (the chunk table's too): the database's own wall.
export async function up(db: Kysely<any>): Promise<void> {
  await isolateTenants(db, 'questionnaire', ['company', 'file', 'question', 'comment', 'chunk'])
}
