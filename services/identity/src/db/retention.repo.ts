// What identity forgets: refresh tokens past their expiry or past the window in which their reuse
// is still detected, and trusted devices that have not signed in for a long time. Every tenant's rows
// at once (system work), in small batches so that no delete holds many row locks or a long
// transaction; SKIP LOCKED lets the sweeps of several identity processes share the work.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export interface RetentionRules {
  now: Date
  /** An expired token is kept this long after its expiry (a renewal racing the expiry is answered as expired, not as unknown). */
  expiredGraceMs: number
  /** A used (replaced or revoked) token is kept this long after its use: presented again meanwhile, it ends its session. */
  reuseWindowMs: number
  /** A device not seen at sign-in for this long is forgotten (the browser is then treated as new). */
  deviceIdleMs: number
  /** Rows per delete statement. */
  batch: number
}

export interface Swept {
  refreshTokens: number
  devices: number
}

const before = (rules: RetentionRules, ms: number) => new Date(rules.now.getTime() - ms)

/** Deletes, batch by batch until none is left, what the rules no longer keep; returns how many rows went. */
export async function sweepSessions(db: Db, rules: RetentionRules): Promise<Swept> {
  const expired = await inBatches(rules.batch, (limit) =>
    db
      .deleteFrom('refreshToken')
      .where('id', 'in', (q) =>
        q.selectFrom('refreshToken').select('id').where('expiresAt', '<', before(rules, rules.expiredGraceMs)).limit(limit).forUpdate().skipLocked(),
      )
      .executeTakeFirst(),
  )
  const used = await inBatches(rules.batch, (limit) =>
    db
      .deleteFrom('refreshToken')
      .where('id', 'in', (q) =>
        q.selectFrom('refreshToken').select('id').where('revokedAt', '<', before(rules, rules.reuseWindowMs)).limit(limit).forUpdate().skipLocked(),
      )
      .executeTakeFirst(),
  )
  const devices = await inBatches(rules.batch, (limit) =>
    db
      .deleteFrom('device')
      .where('id', 'in', (q) =>
        q.selectFrom('device').select('id').where('lastUsedAt', '<', before(rules, rules.deviceIdleMs)).limit(limit).forUpdate().skipLocked(),
      )
      .executeTakeFirst(),
  )
  return { refreshTokens: expired + used, devices }
}

async function inBatches(batch: number, remove: (limit: number) => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let total = 0
  for (;;) {
    const n = Number((await remove(batch)).numDeletedRows)
    total += n
    if (n < batch) return total
  }
}
