// Subject rules shared by both adapters, so the embedded bus refuses what NATS would refuse and
// a subject with a stray space or wildcard fails in development rather than in production.
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
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

/** Payloads travel as JSON objects: anything else is a caller's bug, reported before sending. */
export function encodePayload(payload: Record<string, unknown>): string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new AppError('INVALID_REQUEST', { message: 'Event payload must be an object' })
  try {
    return JSON.stringify(payload)
  } catch (err) {
    throw new AppError('INVALID_REQUEST', { message: 'Event payload is not JSON', cause: err })
  }
}

// A failing subscriber must never break the publisher or the other subscribers.
export async function deliver(handler: EventHandler, subject: string, payload: Record<string, unknown>, log?: Logger): Promise<void> {
  try {
    await handler(subject, payload)
  } catch (err) {
    log?.error({ err, subject }, 'event handler failed')
  }
}
