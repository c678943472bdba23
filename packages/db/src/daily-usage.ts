// A tenant's use per UTC day, spent against its quota (security.md B29). Each service keeps a
// `daily_usage` table in its own schema; one upsert applies only while the new totals stay within
// the limits, so concurrent requests cannot overshoot, and a refused spend adds nothing.
import { AppError } from '@portal/errors'
import { type Kysely, sql } from 'kysely'
import { isolateTenants } from './row-security.js'

export interface Usage {
  files?: number
  bytes?: number
  drafts?: number
}

export type Quota = Required<Usage>

/** The migration step that creates a schema's `daily_usage` table, with its tenant policy. */
export async function createDailyUsageTable(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'daily_usage')} (
    tenant_id uuid not null, day date not null,
    files integer not null default 0, bytes bigint not null default 0, drafts integer not null default 0,
    primary key (tenant_id, day))`.execute(db)
  await isolateTenants(db, schema, ['daily_usage'])
}

/** Adds `use` to today's totals if they stay within `quota`; false, with nothing added, if not. */
export async function spendDaily(db: Kysely<any>, schema: string, tenantId: string, use: Usage, quota: Quota): Promise<boolean> {
  const files = use.files ?? 0
  const bytes = use.bytes ?? 0
  const drafts = use.drafts ?? 0
  if (files > quota.files || bytes > quota.bytes || drafts > quota.drafts) return false
  const { rows } = await sql<{ ok: number }>`
    insert into ${sql.id(schema, 'daily_usage')} as u (tenant_id, day, files, bytes, drafts)
    values (${tenantId}, (now() at time zone 'utc')::date, ${files}, ${bytes}, ${drafts})
    on conflict (tenant_id, day) do update
      set files = u.files + excluded.files, bytes = u.bytes + excluded.bytes, drafts = u.drafts + excluded.drafts
      where u.files + excluded.files <= ${quota.files} and u.bytes + excluded.bytes <= ${quota.bytes} and u.drafts + excluded.drafts <= ${quota.drafts}
    returning 1 as ok`.execute(db)
  return rows.length === 1
}

/**
 * Gives back what a request spent and then did not use (an upload that failed half-way keeps
 * nothing, so it counts for nothing). Never below zero: a refund after midnight UTC comes off the
 * new day, which may hold less.
 */
export async function refundDaily(db: Kysely<any>, schema: string, tenantId: string, use: Usage): Promise<void> {
  await sql`
    update ${sql.id(schema, 'daily_usage')}
    set files = greatest(0, files - ${use.files ?? 0}), bytes = greatest(0, bytes - ${use.bytes ?? 0}), drafts = greatest(0, drafts - ${use.drafts ?? 0})
    where tenant_id = ${tenantId} and day = (now() at time zone 'utc')::date`.execute(db)
}

/** Today's totals (UTC), zero when nothing was used. */
export async function usageToday(db: Kysely<any>, schema: string, tenantId: string): Promise<Quota> {
  const { rows } = await sql<{ files: number; bytes: string; drafts: number }>`
    select files, bytes, drafts from ${sql.id(schema, 'daily_usage')}
    where tenant_id = ${tenantId} and day = (now() at time zone 'utc')::date`.execute(db)
  return { files: rows[0]?.files ?? 0, bytes: Number(rows[0]?.bytes ?? 0), drafts: rows[0]?.drafts ?? 0 }
}

const secondsToUtcMidnight = (now = new Date()) =>
  Math.max(1, Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000))

/** Spends `use`, or refuses the call: 429 QUOTA_EXCEEDED, in words, with Retry-After to the next UTC day. */
export async function spendQuota(db: Kysely<any>, schema: string, tenantId: string, use: Usage, quota: Quota, what: string): Promise<void> {
  if (await spendDaily(db, schema, tenantId, use, quota)) return
  throw new AppError('QUOTA_EXCEEDED', {
    message: `Your company has reached today's limit of ${what}. Please try again tomorrow.`,
    retryAfter: secondsToUtcMidnight(),
  })
}
