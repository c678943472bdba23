// The trust center's activity log: views, access requests, approvals, NDA acceptances, downloads.
import type { Kysely } from 'kysely'
import type { HistoryType, TrustCenterDb } from './schema.js'

type Db = Kysely<TrustCenterDb>

export interface HistoryEntry {
  type: HistoryType
  email?: string | null | undefined
  fileName?: string | null | undefined
  detail?: string | undefined
}

export async function insertHistory(db: Db, tenantId: string, entries: HistoryEntry[]): Promise<void> {
  if (!entries.length) return
  await db.insertInto('history')
    .values(entries.map((e) => ({ id: crypto.randomUUID(), type: e.type, email: e.email ?? null, fileName: e.fileName ?? null, detail: e.detail ?? '', tenantId })))
    .execute()
}

export async function listHistory(db: Db, tenantId: string, type: HistoryType | undefined, page: number, pageSize: number) {
  let base = db.selectFrom('history').where('tenantId', '=', tenantId)
  if (type) base = base.where('type', '=', type)
  const [rows, count] = await Promise.all([
    base.select(['id', 'type', 'email', 'fileName', 'detail', 'createdAt']).orderBy('createdAt', 'desc').orderBy('id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}
