import { createDailyUsageTable } from '@portal/db'
import type { Kysely } from 'kysely'

// What each company uploaded per UTC day, against its quota (security.md B29).
export async function up(db: Kysely<any>): Promise<void> {
  await createDailyUsageTable(db, 'trust_center')
}
