// Fair turns between companies on one queue. A job names its company (`fairKey`) and a size hint;
// its priority is fixed when it is added, from its company's jobs still in flight (waiting,
// delayed or running, itself included): a company's k-th job in flight goes after every other
// company's (k-1)-th, so one that queued twenty files waits its turn behind another's first.
// Within one round the smaller jobs go first. Both adapters use this one rule; ties run in the
// order they were added. A job without a company keeps priority 0: it goes before every turn
// (BullMQ runs unprioritized jobs first), as before fairness.
import { AppError } from '@portal/errors'

/** Size classes per round: powers of two of the size hint (bytes, pages or questions). */
export const SIZE_CLASSES = 64
/** BullMQ's largest priority (2^21 - 1). */
export const MAX_PRIORITY = 2_097_151
/** Rounds past this share the last one: a company with 32,767 jobs in flight is far behind anyway. */
export const MAX_ROUND = Math.floor(MAX_PRIORITY / SIZE_CLASSES)

/** The size class of a hint: its power of two; no hint (or a bad one) goes last in its round. */
export function sizeClass(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size) || size < 0) return SIZE_CLASSES - 1
  return Math.min(SIZE_CLASSES - 2, Math.floor(Math.log2(size + 1)))
}

/** The priority of a company's `round`-th job in flight (1-based) of this size: 1 .. MAX_PRIORITY. */
export function fairPriority(round: number, size: number | undefined): number {
  const r = Math.min(MAX_ROUND, Math.max(1, Math.floor(round)))
  return (r - 1) * SIZE_CLASSES + sizeClass(size) + 1
}

/** A company key as it goes into a Redis key: BullMQ's separator ':' and odd characters refused. */
export function checkFairKey(key: string): string {
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(key)) throw new AppError('INVALID_REQUEST', { message: `Invalid fairness key: ${key}` })
  return key
}
