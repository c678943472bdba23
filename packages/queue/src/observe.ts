// What both adapters do around a job for observability: the producer's trace context travels with
// the job; each attempt runs in a consumer span under it, with the job id, queue and tenant on its
// log lines, and its duration and failures counted. With tracing off only the log fields and the
// metrics remain.
import { metrics, type TraceCarrier, traced, withLogFields } from '@portal/observability'
import { JobNotReadyError } from './types.js'

type System = 'memory' | 'bullmq'

/** Runs `add` in a producer span; `add` gets the carrier to store with the job (undefined: tracing off). */
export function producing<T>(system: System, queue: string, add: (carrier: TraceCarrier | undefined) => Promise<T>): Promise<T> {
  return traced(
    `publish ${queue}`,
    { kind: 'producer', attributes: { 'messaging.system': system, 'messaging.destination.name': queue, 'messaging.operation.type': 'send' } },
    add,
  )
}

/** Runs one attempt of a job in its consumer span and log fields, and measures it. */
export async function consuming<T>(
  system: System,
  queue: string,
  job: { id: string; data: unknown; carrier: TraceCarrier | undefined },
  run: () => Promise<T>,
): Promise<T> {
  const tenantId = (job.data as { tenantId?: unknown } | null)?.tenantId
  const started = performance.now()
  const attributes = { 'messaging.system': system, 'messaging.destination.name': queue, 'messaging.operation.type': 'process', 'messaging.message.id': job.id }
  const observe = (outcome: string) => metrics.jobDuration.observe({ queue, outcome }, (performance.now() - started) / 1000)
  try {
    const result = await withLogFields({ jobId: job.id, queue, ...(typeof tenantId === 'string' ? { tenantId } : {}) }, () =>
      traced(`process ${queue}`, { kind: 'consumer', parent: job.carrier, attributes }, run),
    )
    observe('completed')
    return result
  } catch (err) {
    observe(err instanceof JobNotReadyError ? 'not_ready' : 'failed')
    throw err
  }
}

/** A failed attempt; one that only waits for other work (JobNotReadyError) counts when it was the last. */
export function countFailure(queue: string, err: unknown, final: boolean): void {
  if (final || !(err instanceof JobNotReadyError)) metrics.jobFailures.inc({ queue, final: String(final) })
}

/** The carrier as BullMQ keeps it (opts.telemetry.metadata, a string) and back. */
export const carrierToString = (c: TraceCarrier | undefined): string | undefined => (c ? JSON.stringify(c) : undefined)
export function carrierFromString(s: unknown): TraceCarrier | undefined {
  if (typeof s !== 'string' || !s) return undefined
  try {
    const parsed = JSON.parse(s) as unknown
    return parsed && typeof parsed === 'object' ? (parsed as TraceCarrier) : undefined
  } catch {
    return undefined // written by another tool: ignored
  }
}
