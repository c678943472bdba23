// A company's use per UTC day, spent against its quota (security.md B29). One upsert that only
// applies when the new totals stay within the limits, so concurrent uploads cannot overshoot.
import { type Kysely, sql } from 'kysely'
import type { QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>

export interface Usage {
  files?: number
  bytes?: number
  drafts?: number
}

export type Quota = Required<Usage>

/** Adds `use` to today's totals if they stay within `quota`; false, with nothing added, if not. */
export async function spendQuota(db: Db, tenantId: string, use: Usage, quota: Quota): Promise<boolean> {
  const files = use.files ?? 0
  const bytes = use.bytes ?? 0
  const drafts = use.drafts ?? 0
  if (files > quota.files || bytes > quota.bytes || drafts > quota.drafts) return false
  const row = await db.insertInto('dailyUsage')
    .values({ tenantId, day: sql<string>`(now() at time zone 'utc')::date`, files, bytes: String(bytes), drafts })
    .onConflict((oc) => oc.columns(['tenantId', 'day'])
      .doUpdateSet({
        files: sql<number>`daily_usage.files + excluded.files`,
        bytes: sql<string>`daily_usage.bytes + excluded.bytes`,
        drafts: sql<number>`daily_usage.drafts + excluded.drafts`,
      })
      .where(sql<boolean>`daily_usage.files + excluded.files <= ${quota.files}
        and daily_usage.bytes + excluded.bytes <= ${quota.bytes}
        and daily_usage.drafts + excluded.drafts <= ${quota.drafts}`))
    .returning('tenantId')
    .executeTakeFirst()
  return row !== undefined
}

/** Today's totals (UTC), zero when nothing was used. */
export async function usageToday(db: Db, tenantId: string): Promise<Quota> {
  const row = await db.selectFrom('dailyUsage').select(['files', 'bytes', 'drafts'])
    .where('tenantId', '=', tenantId).where('day', '=', sql<string>`(now() at time zone 'utc')::date`)
    .executeTakeFirst()
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0), drafts: row?.drafts ?? 0 }
}
