// Subject rules shared by both adapters, so the embedded bus refuses what NATS would refuse and
// a subject with a stray space or wildcard fails in development rather than in production.
import { AppError } from '@portal/errors'
import { eventLabel, type Logger, metrics, type TraceCarrier, traced } from '@portal/observability'
import type { EventHandler } from './types.js'

const TOKEN = /^[^\s.*>]+$/

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

const invalid = (what: string, value: string) => new AppError('INVALID_REQUEST', { message: `Invalid event ${what}: ${JSON.stringify(value)}` })

/** A concrete subject to publish on: dot-separated tokens, no wildcards, no whitespace. */
export function checkSubject(subject: string): string {
  if (subject.length > 256 || !subject.split('.').every((t) => TOKEN.test(t))) throw invalid('subject', subject)
  return subject
}

/** A subscription pattern: `*` as a whole token anywhere, `>` only as the last token. */
export function checkPattern(pattern: string): string {
  const tokens = pattern.split('.')
  const ok = tokens.every((t, i) => TOKEN.test(t) || t === '*' || (t === '>' && i === tokens.length - 1))
  if (pattern.length > 256 || !ok) throw invalid('pattern', pattern)
  return pattern
}

/** A queue group's name: one subject token. */
export function checkQueue(queue: string): string {
  if (queue.length > 64 || !TOKEN.test(queue)) throw invalid('queue group', queue)
  return queue
}

/** Payloads travel as JSON objects: anything else is a caller's bug, reported before sending. */
export function encodePayload(payload: Record<string, unknown>): string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new AppError('INVALID_REQUEST', { message: 'Event payload must be an object' })
  try {
    return JSON.stringify(payload)
  } catch (err) {
    throw new AppError('INVALID_REQUEST', { message: 'Event payload is not JSON', cause: err })
  }
}

type System = 'memory' | 'nats'
const attributes = (system: System, subject: string, operation: string) => ({
  'messaging.system': system,
  'messaging.destination.name': eventLabel(subject),
  'messaging.operation.type': operation,
})

/** Publishes in a producer span (`send` gets the trace context to carry along) and counts the event. */
export async function publishing(system: System, subject: string, send: (carrier: TraceCarrier | undefined) => void | Promise<void>): Promise<void> {
  await traced(`publish ${eventLabel(subject)}`, { kind: 'producer', attributes: attributes(system, subject, 'send') }, async (carrier) => send(carrier))
  metrics.busPublished.inc({ event: eventLabel(subject) })
}

// A failing subscriber must never break the publisher or the other subscribers. Each delivery runs in
// a consumer span under the publisher's (when the event carried one and tracing is on).
export async function deliver(
  handler: EventHandler,
  subject: string,
  payload: Record<string, unknown>,
  log?: Logger,
  trace?: { system: System; carrier: TraceCarrier | undefined },
): Promise<void> {
  const run = async () => handler(subject, payload)
  try {
    await (trace
      ? traced(`process ${eventLabel(subject)}`, { kind: 'consumer', parent: trace.carrier, attributes: attributes(trace.system, subject, 'process') }, run)
      : run())
  } catch (err) {
    log?.error({ err, subject }, 'event handler failed')
  }
}
