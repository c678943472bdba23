// Where staff are told about new access requests (issue 25): an address in the tenant's settings
// row, '' meaning the company's admins. Its own file: the rest of the settings row is the editor's.
import { type Kysely, sql } from 'kysely'
import type { TrustCenterDb } from './schema.js'

type Db = Kysely<TrustCenterDb>

export async function findRequestEmail(db: Db, tenantId: string): Promise<string> {
  const row = await db.selectFrom('settings').select('accessRequestEmail').where('tenantId', '=', tenantId).executeTakeFirst()
  return row?.accessRequestEmail ?? ''
}

/** Creates the settings row when there is none yet (its other fields empty, as the editor's first save does). */
export async function saveRequestEmail(db: Db, tenantId: string, email: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ id: crypto.randomUUID(), tenantId, companyTitle: '', contactEmail: '', logoId: null, accessRequestEmail: email })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet({ accessRequestEmail: email, updatedAt: sql`now()` }))
    .execute()
}
