// Events between services: in-process for the embedded portal, NATS when NATS_URL is set.
// Subjects are `<tenant>.<thing>.<happened>`; payloads carry ids, never document text.
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import { connect } from '@nats-io/transport-node'

export type EventHandler = (subject: string, payload: Record<string, unknown>) => void | Promise<void>

export interface EventBus {
  readonly kind: 'memory' | 'nats'
  publish(subject: string, payload: Record<string, unknown>): Promise<void>
  /** NATS wildcards: `*` one token, `>` the rest. Returns an unsubscribe function. */
  subscribe(pattern: string, handler: EventHandler): Promise<() => Promise<void>>
  close(): Promise<void>
}

export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.')
  const s = subject.split('.')
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i
    if (i >= s.length) return false
    if (p[i] !== '*' && p[i] !== s[i]) return false
  }
  return p.length === s.length
}

// A failing subscriber must never break the publisher or the other subscribers.
async function deliver(handler: EventHandler, subject: string, payload: Record<string, unknown>, log?: Logger) {
  try {
    await handler(subject, payload)
  } catch (err) {
    log?.error({ err, subject }, 'event handler failed')
  }
}

export function createMemoryBus(log?: Logger): EventBus {
  const subs = new Set<{ pattern: string; handler: EventHandler }>()
  return {
    kind: 'memory',
    async publish(subject, payload) {
      const copy = structuredClone(payload)
      for (const sub of subs) {
        if (subjectMatches(sub.pattern, subject)) setImmediate(() => void deliver(sub.handler, subject, copy, log))
      }
    },
    async subscribe(pattern, handler) {
      const sub = { pattern, handler }
      subs.add(sub)
      return async () => void subs.delete(sub)
    },
    async close() {
      subs.clear()
    },
  }
}

export async function createNatsBus(natsUrl: string, log?: Logger): Promise<EventBus> {
  const url = new URL(natsUrl)
  let nc: Awaited<ReturnType<typeof connect>>
  try {
    nc = await connect({
      servers: `${url.hostname}:${url.port || 4222}`,
      ...(url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : {}),
      name: 'trust-portal',
      timeout: 5000,
    })
  } catch (err) {
    throw new AppError('UNAVAILABLE', { message: `Event bus unavailable at ${url.host}`, cause: err })
  }
  return {
    kind: 'nats',
    async publish(subject, payload) {
      nc.publish(subject, JSON.stringify(payload))
    },
    async subscribe(pattern, handler) {
      const sub = nc.subscribe(pattern)
      void (async () => {
        for await (const msg of sub) {
          let payload: Record<string, unknown>
          try {
            payload = msg.json<Record<string, unknown>>()
          } catch (err) {
            log?.warn({ err, subject: msg.subject }, 'event with a body that is not JSON ignored')
            continue
          }
          await deliver(handler, msg.subject, payload, log)
        }
      })()
      return async () => sub.unsubscribe()
    },
    async close() {
      await nc.drain()
    },
  }
}

export async function createBus(cfg: { natsUrl?: string | undefined }, log?: Logger): Promise<EventBus> {
  return cfg.natsUrl ? createNatsBus(cfg.natsUrl, log) : createMemoryBus(log)
}
