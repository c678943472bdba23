// The lease protocol of rows that jobs process (uploaded files, templates, outbounds): the row, not
// the queue, says where the work is. A run claims the row (state 'running' until `leaseUntil`),
// renews the lease while it works, and a row still queued, or running past its lease, is one whose
// job may be lost, which the sweeps queue again. One implementation for every such table; each
// repository names its table, and every write keeps its tenant filter.
import type { ExpressionBuilder, ExpressionWrapper, Kysely, SqlBool } from 'kysely'

/** The columns the protocol reads and writes. */
interface LeasedRow {
  id: string
  tenantId: string
  state: string
  leaseUntil: Date | null
  error: string | null
}
// The tables differ in their other columns; the protocol touches only these.
type Leased = Kysely<Record<string, LeasedRow>>
const leased = <DB>(db: Kysely<DB>) => db as unknown as Leased

/**
 * Queued, or running past its lease: its job may be lost. Leases are set by this process's clock,
 * so they are compared with it too, not with the database's.
 */
export function mayBeLost<DB, TB extends keyof DB>(builder: ExpressionBuilder<DB, TB>): ExpressionWrapper<DB, TB, SqlBool> {
  const eb = builder as unknown as ExpressionBuilder<Record<string, LeasedRow>, string>
  const lost = eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('leaseUntil', '<', new Date())])])
  return lost as unknown as ExpressionWrapper<DB, TB, SqlBool>
}

/**
 * Takes row `id` for a job run: its lease (the time it runs out), or undefined when another run
 * holds a live lease or the row is finished.
 */
export async function claimLease<DB>(db: Kysely<DB>, table: keyof DB & string, tenantId: string, id: string, leaseMs: number): Promise<Date | undefined> {
  const lease = new Date(Date.now() + leaseMs)
  const res = await leased(db)
    .updateTable(table as string)
    .set({ state: 'running', leaseUntil: lease, error: null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where(mayBeLost)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n ? lease : undefined
}

/** Extends a run's lease (`lease`: the one it holds); undefined when the run no longer holds it. */
export async function renewLease<DB>(
  db: Kysely<DB>,
  table: keyof DB & string,
  tenantId: string,
  id: string,
  lease: Date,
  leaseMs: number,
): Promise<Date | undefined> {
  const next = new Date(Date.now() + leaseMs)
  const res = await leased(db)
    .updateTable(table as string)
    .set({ leaseUntil: next })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('leaseUntil', '=', lease)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n ? next : undefined
}
