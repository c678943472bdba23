// Retention (AUDIT_RETENTION_DAYS, for the whole installation): the hourly sweep removes older entries
// through audit.sweep, which keeps each company's last removed hash as its anchor.
import type { Kysely } from 'kysely'
import { sweepEntries } from './log.repo.js'

const DAY_MS = 86_400_000

/** Removes entries older than `days` (0: keeps everything); returns how many went. */
export function sweepAudit<DB>(db: Kysely<DB>, days: number, now = new Date()): Promise<number> {
  if (days <= 0) return Promise.resolve(0)
  return sweepEntries(db, new Date(now.getTime() - days * DAY_MS))
}
