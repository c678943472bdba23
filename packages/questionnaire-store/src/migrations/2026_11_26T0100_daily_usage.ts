// Frozen in time: no application types here.
import { createDailyUsageTable } from '@portal/db'
import type { Kysely } from 'kysely'

// What each company used per UTC day, against its quota (security.md B29).
export async function up(db: Kysely<any>): Promise<void> {
  await createDailyUsageTable(db, 'questionnaire')
}
