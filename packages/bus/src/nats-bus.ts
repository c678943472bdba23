// Events over NATS core pub/sub (at-most-once, like the memory bus; durable work goes through the
// queue). JSON bodies; connection problems are logged, a failed first connect is UNAVAILABLE.
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import { connect, headers, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node'
import { checkPattern, checkQueue, checkSubject, deliver, encodePayload, publishing } from './subjects.js'
import type { EventBus } from './types.js'

/** How long subscribe waits for the server to confirm the interest before it goes on without. */
const FLUSH_WAIT_MS = 2000

const unavailable = (message: string, cause?: unknown) => new AppError('UNAVAILABLE', { message, cause })

/** `nats://[user:pass@|token@]host[:port]`, or several separated by commas (a cluster). */
function connectOptions(natsUrl: string) {
  const urls = natsUrl
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
  let first: URL
  try {
    first = new URL(urls[0] ?? '')
  } catch {
    throw new AppError('INVALID_REQUEST', { message: 'NATS_URL is not a URL' })
  }
  const user = decodeURIComponent(first.username)
  const pass = decodeURIComponent(first.password)
  const servers = urls.map((u) => {
    const url = new URL(u)
    return `${url.hostname}:${url.port || 4222}`
  })
  return {
    servers,
    display: servers.join(','), // never the credentials
    ...(user && pass ? { user, pass } : user ? { token: user } : {}),
    ...(first.protocol === 'tls:' ? { tls: {} } : {}),
  }
}

async function watchStatus(nc: NatsConnection, connected: { now: boolean }, log?: Logger) {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect') {
      connected.now = false
      log?.warn({ server: s.server }, 'event bus disconnected, reconnecting')
    } else if (s.type === 'reconnect') {
      connected.now = true
      log?.info({ server: s.server }, 'event bus reconnected')
    } else if (s.type === 'error') log?.error({ err: s.error }, 'event bus error')
  }
}

/** Trace context travels in the message's headers (W3C names), only when tracing is on. */
function carrierOf(h: MsgHdrs | undefined): Record<string, string> | undefined {
  const traceparent = h?.get('traceparent')
  if (!traceparent) return undefined
  const tracestate = h?.get('tracestate')
  return { traceparent, ...(tracestate ? { tracestate } : {}) }
}

/**
 * `prefix` (BUS_PREFIX): put before every subject on the wire, so installations sharing a NATS do
 * not hear each other; handlers see the subjects without it.
 * `reconnectWaitMs`: pause between reconnection attempts (tests shorten it). The connection is
 * retried forever: a NATS server down for a minute must not leave a process without its bus (the
 * client's default gives up after 10 tries, and every later publish failed "Event bus closed").
 * While it is away, publishes are buffered by the client and sent on reconnection (events are
 * best-effort; what must not be lost goes through the queue).
 */
export async function createNatsBus(natsUrl: string, log?: Logger, tuning: { reconnectWaitMs?: number; prefix?: string | undefined } = {}): Promise<EventBus> {
  const { display, ...opts } = connectOptions(natsUrl)
  const prefix = tuning.prefix ? `${checkSubject(tuning.prefix)}.` : ''
  let nc: NatsConnection
  try {
    nc = await connect({
      ...opts,
      name: 'trust-portal',
      timeout: 5000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: tuning.reconnectWaitMs ?? 1000,
      reconnectJitter: Math.min(500, tuning.reconnectWaitMs ?? 500),
    })
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    throw unavailable(`Event bus unavailable: cannot connect to NATS at ${display} (${reason})`, err)
  }
  const connected = { now: true }
  void watchStatus(nc, connected, log).catch(() => undefined)
  const gone = () => nc.isClosed() || nc.isDraining()

  return {
    kind: 'nats',
    healthy: async () => connected.now && !gone(),
    async publish(subject, payload) {
      checkSubject(subject)
      const body = encodePayload(payload)
      if (gone()) throw unavailable('Event bus closed')
      await publishing('nats', subject, (carrier) => {
        let h: MsgHdrs | undefined
        if (carrier) {
          h = headers()
          for (const [k, v] of Object.entries(carrier)) h.set(k, v)
        }
        try {
          nc.publish(prefix + subject, body, h ? { headers: h } : undefined)
        } catch (err) {
          throw unavailable('Event bus unavailable', err)
        }
      })
    },
    async subscribe(pattern, handler, opts) {
      if (gone()) throw unavailable('Event bus closed')
      const queue = opts?.queue === undefined ? undefined : checkQueue(opts.queue)
      // The group's name is prefixed too: installations sharing a NATS never share a group's events.
      const sub = nc.subscribe(prefix + checkPattern(pattern), queue === undefined ? undefined : { queue: prefix + queue })
      void (async () => {
        for await (const msg of sub) {
          let payload: Record<string, unknown>
          try {
            payload = msg.json<Record<string, unknown>>()
          } catch (err) {
            log?.warn({ err, subject: msg.subject }, 'event with a body that is not JSON ignored')
            continue
          }
          await deliver(handler, msg.subject.slice(prefix.length), payload, log, { system: 'nats', carrier: carrierOf(msg.headers) })
        }
      })().catch((err: unknown) => log?.error({ err, pattern }, 'event subscription ended'))
      // Round trip to the server: once subscribe resolves, the interest is registered and an event
      // published right after is delivered. Not while NATS is away (the client subscribes again when
      // it is back): a flush then could wait for ever, and a caller (an event stream) must not hang.
      if (connected.now) {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([nc.flush(), new Promise((resolve) => (timer = setTimeout(resolve, FLUSH_WAIT_MS)))])
          .catch((err: unknown) => {
            throw unavailable('Event bus unavailable', err)
          })
          .finally(() => clearTimeout(timer))
      }
      return async () => {
        if (!nc.isClosed()) sub.unsubscribe()
      }
    },
    async close() {
      if (gone()) return nc.closed().then(() => undefined)
      await nc.drain()
    },
  }
}
