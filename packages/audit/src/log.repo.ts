// Reading a company's chain: the console's pages, the verification walk, the export, and retention.
// Every read names its tenant (row-level security is the second wall, not the only one).
import type { AuditBrokenLink, AuditEntry, AuditVerification } from '@portal/contracts'
import { pageWithTotal } from '@portal/db'
import { type Kysely, type Selectable, sql } from 'kysely'
import { GENESIS, hashEntry } from './chain.js'
import type { AuditDb, EntryTable } from './schema.js'

type Row = Selectable<EntryTable>

const toWire = (r: Row): AuditEntry => ({
  seq: Number(r.seq),
  action: r.action,
  actorEmail: r.actorEmail,
  target: r.target,
  at: r.at.toISOString(),
  ip: r.ip,
  userAgent: r.userAgent,
  requestId: r.requestId,
})

/** `%` and `_` in the actor filter are literal characters, not patterns. */
const likeLiteral = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface AuditFilter {
  action?: string | undefined
  actor?: string | undefined
}

export async function listEntries(db: Kysely<AuditDb>, tenantId: string, filter: AuditFilter, page: number, pageSize: number) {
  let q = db.selectFrom('entry').where('tenantId', '=', tenantId)
  if (filter.action) q = q.where('action', '=', filter.action)
  if (filter.actor) q = q.where(sql<boolean>`lower(coalesce(actor_email, '')) like ${likeLiteral(filter.actor)}`)
  const { rows, total } = await pageWithTotal(
    q.selectAll().orderBy('seq', 'desc'),
    q.select((eb) => eb.fn.countAll().as('n')),
    page,
    pageSize,
  )
  return { rows: rows.map(toWire), total }
}

const BATCH = 1000

/** Every entry kept, oldest first, a batch at a time (an export or a verification never holds the whole log). */
async function* entriesInOrder(db: Kysely<AuditDb>, tenantId: string): AsyncGenerator<Row> {
  let after = 0
  for (;;) {
    const rows = await db.selectFrom('entry').selectAll().where('tenantId', '=', tenantId).where('seq', '>', after).orderBy('seq').limit(BATCH).execute()
    for (const r of rows) yield r
    if (rows.length < BATCH) return
    after = Number(rows.at(-1)!.seq)
  }
}

export async function* exportEntries(db: Kysely<AuditDb>, tenantId: string): AsyncGenerator<AuditEntry> {
  for await (const r of entriesInOrder(db, tenantId)) yield toWire(r)
}

/**
 * Walks the chain from the anchor (the last entry retention removed) or the genesis: each entry must
 * follow the previous one's place, carry its hash, and hash to what it stores.
 */
export async function verifyChain(db: Kysely<AuditDb>, tenantId: string): Promise<AuditVerification> {
  const anchor = await db.selectFrom('anchor').select(['seq', 'hash']).where('tenantId', '=', tenantId).executeTakeFirst()
  let expectSeq = anchor ? Number(anchor.seq) + 1 : 1
  let prevHash = anchor?.hash ?? GENESIS
  let checked = 0
  const broken = (r: Row, reason: string): AuditVerification => ({
    ok: false,
    checked,
    firstBroken: { seq: Number(r.seq), at: r.at.toISOString(), action: r.action, reason } satisfies AuditBrokenLink,
  })
  for await (const r of entriesInOrder(db, tenantId)) {
    const seq = Number(r.seq)
    if (seq !== expectSeq) return broken(r, `entry ${expectSeq}${seq > expectSeq + 1 ? ` to ${seq - 1}` : ''} is missing before entry ${seq}`)
    if (r.prevHash !== prevHash) return broken(r, `entry ${seq} does not link to the hash of the entry before it`)
    const recomputed = hashEntry({ ...r, seq, tenantId })
    if (recomputed !== r.hash) return broken(r, `entry ${seq} was changed after it was written: its content no longer matches its hash`)
    checked++
    expectSeq = seq + 1
    prevHash = r.hash
  }
  return { ok: true, checked }
}

/** Retention: removes entries older than `before` (every company) through audit.sweep; returns how many. */
export async function sweepEntries<DB>(db: Kysely<DB>, before: Date): Promise<number> {
  const { rows } = await sql<{ removed: number }>`select audit.sweep(${before}) as removed`.execute(db)
  return Number(rows[0]?.removed ?? 0)
}
