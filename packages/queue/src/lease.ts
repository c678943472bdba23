// A job's lease on the row it works on. The row says who works on it until when; the run renews it
// while it lives, so a run that died (kill -9, a lost machine) loses it within one lease, and the
// queue's redelivery or the periodic sweep can take the row again. A run never ends "done" when it
// found the row taken: it waits (JobNotReadyError) and tries again, so no job completes without
// its work.

/** Long enough to ride out a busy event loop, short enough that a dead run's row is free soon. */
export const LEASE_MS = 60_000

/**
 * Runs `work` while `renew` extends the lease every third of `leaseMs`. `renew` answers false when
 * the lease was lost (taken by another run after it ran out): `onLost` hears it once; the work is
 * not stopped (its writes are idempotent), but its end should not be trusted to be the last.
 */
export async function withLease<T>(renew: () => Promise<boolean>, work: () => Promise<T>, opts: { leaseMs?: number; onLost?: () => void } = {}): Promise<T> {
  let lost = false
  // The timer keeps the caller's async context (its tenant scope).
  const timer = setInterval(
    () => {
      void renew().then(
        (held) => {
          if (!held && !lost) {
            lost = true
            opts.onLost?.()
          }
        },
        () => undefined, // the database away for a moment: the next beat tries again
      )
    },
    (opts.leaseMs ?? LEASE_MS) / 3,
  )
  timer.unref()
  try {
    return await work()
  } finally {
    clearInterval(timer)
  }
}
