// Work a reply must not wait for: sending a reset code exists only for real accounts, so doing it
// before answering would make their answers slower (security.md B7). It runs after the handler, as
// system work (it looks up an account by email), and the server's close waits for it.
import { asSystem } from '@portal/db'
import type { Logger } from '@portal/observability'

export type Later = (what: string, work: () => Promise<unknown>) => void

export function backgroundWork(logger: Logger): { later: Later; drain: () => Promise<void> } {
  const pending = new Set<Promise<unknown>>()
  const later: Later = (what, work) => {
    // setImmediate: not a microtask of the handler, so the reply is sent first.
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => asSystem(work))
      .catch((err: unknown) => logger.error({ err }, `${what} failed`))
      .finally(() => pending.delete(run))
    pending.add(run)
  }
  return { later, drain: async () => void (await Promise.allSettled([...pending])) }
}
