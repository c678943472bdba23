import type { Kysely } from 'kysely'
import type { QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>
const columns = ['id', 'companyName', 'complianceBucket', 'questionnairesBucket', 'createdAt'] as const

export const listCompanies = (db: Db, tenantId: string) =>
  db.selectFrom('company').select(columns).where('tenantId', '=', tenantId).orderBy('createdAt', 'asc').execute()

export const findCompany = (db: Db, tenantId: string, id: string) =>
  db.selectFrom('company').select(columns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()

export const insertCompany = (db: Db, tenantId: string, input: { companyName: string; complianceBucket: string; questionnairesBucket: string }) =>
  db
    .insertInto('company')
    .values({ ...input, id: crypto.randomUUID(), tenantId })
    .returning(columns)
    .executeTakeFirstOrThrow()

/** Deletes the company and (by cascade) its files and questions; returns what storage and the index must drop. */
export async function deleteCompany(db: Db, tenantId: string, id: string): Promise<{ fileIds: string[]; storageKeys: string[] } | undefined> {
  return db.transaction().execute(async (trx) => {
    const files = await trx.selectFrom('file').select(['id', 'storageKey']).where('tenantId', '=', tenantId).where('companyId', '=', id).execute()
    const res = await trx.deleteFrom('company').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
    if (res.numDeletedRows === 0n) return undefined
    return { fileIds: files.map((f) => f.id), storageKeys: files.map((f) => f.storageKey) }
  })
}
