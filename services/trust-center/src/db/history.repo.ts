// The trust center's activity log: views, access requests, approvals, NDA acceptances, downloads.
import { pageWithTotal } from '@portal/db'
import { type Kysely, sql } from 'kysely'
import type { HistoryType, TrustCenterDb } from './schema.js'

type Db = Kysely<TrustCenterDb>

export interface HistoryEntry {
  type: HistoryType
  email?: string | null | undefined
  fileName?: string | null | undefined
  detail?: string | undefined
  /** Events the row stands for (page views counted together); default 1. */
  count?: number | undefined
}

export async function insertHistory(db: Db, tenantId: string, entries: HistoryEntry[]): Promise<void> {
  if (!entries.length) return
  await db
    .insertInto('history')
    .values(
      entries.map((e) => ({
        id: crypto.randomUUID(),
        type: e.type,
        email: e.email ?? null,
        fileName: e.fileName ?? null,
        detail: e.detail ?? '',
        eventCount: e.count ?? 1,
        tenantId,
      })),
    )
    .execute()
}

export async function listHistory(db: Db, tenantId: string, type: HistoryType | undefined, page: number, pageSize: number) {
  let base = db.selectFrom('history').where('tenantId', '=', tenantId)
  if (type) base = base.where('type', '=', type)
  return pageWithTotal(
    base.select(['id', 'type', 'email', 'fileName', 'detail', 'createdAt']).orderBy('createdAt', 'desc').orderBy('id', 'desc'),
    base.select((eb) => eb.fn.countAll<string>().as('n')),
    page,
    pageSize,
  )
}

export interface DayActivity {
  date: string
  views: number
  downloads: number
}

/**
 * Page views and downloads per day over the last `days` days (today included) in time zone `tz`,
 * oldest first; days without activity are left out. An unknown zone is the database's error
 * (invalid_parameter_value), which the caller turns into a 400.
 */
export async function activityPerDay(db: Db, tenantId: string, days: number, tz: string, now: Date): Promise<DayActivity[]> {
  const day = sql<string>`to_char(${sql.ref('createdAt')} at time zone ${tz}, 'YYYY-MM-DD')`
  // Midnight in `tz` of the first day, as an instant: only rows from then on are read (the index on tenant, type, time).
  const since = sql<Date>`((${now}::timestamptz at time zone ${tz})::date - ${days - 1}::integer)::timestamp at time zone ${tz}`
  const rows = await db
    .selectFrom('history')
    .select((eb) => [
      day.as('date'),
      eb.fn.coalesce(eb.fn.sum<string>('eventCount').filterWhere('type', '=', 'view'), sql<string>`0`).as('views'),
      eb.fn.coalesce(eb.fn.sum<string>('eventCount').filterWhere('type', '=', 'download'), sql<string>`0`).as('downloads'),
    ])
    .where('tenantId', '=', tenantId)
    .where('type', 'in', ['view', 'download'])
    .where('createdAt', '>=', since)
    // By position: the day's expression carries the zone as a parameter, and a second copy would be another one.
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute()
  return rows.map((r) => ({ date: r.date, views: Number(r.views), downloads: Number(r.downloads) }))
}
