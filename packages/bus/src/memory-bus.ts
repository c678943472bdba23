// The in-process bus of the embedded portal. Delivery is asynchronous (never inside publish) and,
// like a NATS subscription, one message at a time per subscriber in publish order.
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import { checkPattern, checkQueue, checkSubject, deliver, encodePayload, publishing, subjectMatches } from './subjects.js'
import type { EventBus, EventHandler } from './types.js'

interface Sub {
  pattern: string
  queue: string | undefined
  handler: EventHandler
  active: boolean
  tail: Promise<void>
}

export function createMemoryBus(log?: Logger): EventBus {
  const subs = new Set<Sub>()
  const pending = new Set<Promise<void>>()
  let closed = false

  return {
    kind: 'memory',
    healthy: async () => !closed,
    async publish(subject, payload) {
      if (closed) throw new AppError('UNAVAILABLE', { message: 'Event bus closed' })
      checkSubject(subject)
      // Encoded once and decoded per subscriber, as over NATS: no handler sees another's mutations.
      const json = encodePayload(payload)
      await publishing('memory', subject, (carrier) => {
        const groupsServed = new Set<string>()
        for (const sub of subs) {
          if (!subjectMatches(sub.pattern, subject)) continue
          // A queue group gets the event once (its first member here; NATS picks one at random).
          if (sub.queue !== undefined) {
            if (groupsServed.has(sub.queue)) continue
            groupsServed.add(sub.queue)
          }
          const run = sub.tail.then(
            () =>
              new Promise<void>((resolve) => {
                setImmediate(() => {
                  // An unsubscribe before delivery drops the message, as NATS does.
                  if (!sub.active) return resolve()
                  void deliver(sub.handler, subject, JSON.parse(json) as Record<string, unknown>, log, { system: 'memory', carrier }).then(resolve)
                })
              }),
          )
          sub.tail = run
          pending.add(run)
          void run.finally(() => pending.delete(run))
        }
      })
    },
    async subscribe(pattern, handler, opts) {
      if (closed) throw new AppError('UNAVAILABLE', { message: 'Event bus closed' })
      const queue = opts?.queue === undefined ? undefined : checkQueue(opts.queue)
      const sub: Sub = { pattern: checkPattern(pattern), queue, handler, active: true, tail: Promise.resolve() }
      subs.add(sub)
      return async () => {
        sub.active = false
        subs.delete(sub)
      }
    },
    async close() {
      closed = true
      // Drain: events already published still reach their subscribers.
      while (pending.size) await Promise.all([...pending])
      subs.clear()
    },
  }
}
