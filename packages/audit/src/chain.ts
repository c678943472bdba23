// The hash chain: each entry's hash is SHA-256 over a canonical serialization of its fields and the
// previous entry's hash, so changing, removing or reordering any entry breaks every link after it.
import { createHash } from 'node:crypto'

/** The previous hash of a company's first entry (when retention has removed nothing yet). */
export const GENESIS = '0'.repeat(64)

/** The fields an entry's hash covers, in this order. */
export interface ChainedFields {
  tenantId: string
  seq: number
  action: string
  actorId: string | null
  actorEmail: string | null
  target: string | null
  at: Date
  ip: string | null
  userAgent: string | null
  requestId: string | null
  prevHash: string
}

/**
 * A JSON array in a fixed order (no key-order ambiguity), the time as ISO-8601 in milliseconds (what
 * both JavaScript and timestamptz keep exactly), absent values as null.
 */
export function canonical(f: ChainedFields): string {
  return JSON.stringify(['v1', f.tenantId, f.seq, f.action, f.actorId, f.actorEmail, f.target, f.at.toISOString(), f.ip, f.userAgent, f.requestId, f.prevHash])
}

export const hashEntry = (f: ChainedFields): string => createHash('sha256').update(canonical(f)).digest('hex')
