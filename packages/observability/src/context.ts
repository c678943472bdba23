// What a log line and a span know about the work they belong to: the request or job (an
// AsyncLocalStorage of fields), its tenant (read from the database's tenant scope, which this package
// cannot import: the host hands it a reader) and the active trace. Tracing is off, and every helper
// here a plain call, until startTelemetry turns it on.
import { AsyncLocalStorage } from 'node:async_hooks'
import { type Attributes, context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'

export interface LogFields {
  reqId?: string
  jobId?: string
  queue?: string
  /** A job's tenant as its payload names it (the scope's tenant, when entered, wins). */
  tenantId?: string
}

const fields = new AsyncLocalStorage<LogFields>()

/** Runs `fn` with these fields on every log line written inside it (by any logger of this package). */
export const withLogFields = <T>(f: LogFields, fn: () => T): T => fields.run(f, fn)
export const currentLogFields = (): LogFields | undefined => fields.getStore()

let tenantOf: (() => string | undefined) | undefined
/** How log lines learn the tenant of the current work (the host passes packages/db's scope). */
export function setTenantSource(fn: (() => string | undefined) | undefined): void {
  tenantOf = fn
}
export const currentTenant = (): string | undefined => tenantOf?.() ?? fields.getStore()?.tenantId

let tracing = false
/** True once startTelemetry started the SDK: only then do the helpers below create spans. */
export const tracingEnabled = (): boolean => tracing
export function enableTracing(on = true): void {
  tracing = on
}

/** The trace id of the active span, when tracing and a span is active. */
export function currentTraceId(): string | undefined {
  if (!tracing) return undefined
  const sc = trace.getSpan(context.active())?.spanContext()
  return sc && trace.isSpanContextValid(sc) ? sc.traceId : undefined
}

/** W3C trace context (traceparent, tracestate) carried inside a job or an event. */
export type TraceCarrier = Record<string, string>

/** The active context as a carrier; undefined when tracing is off or nothing is active. */
export function traceCarrier(): TraceCarrier | undefined {
  if (!tracing) return undefined
  const carrier: TraceCarrier = {}
  propagation.inject(context.active(), carrier)
  return carrier['traceparent'] ? carrier : undefined
}

export interface TracedOptions {
  kind: 'producer' | 'consumer'
  /** Consumer: the producer's carrier, parent of the span. */
  parent?: TraceCarrier | undefined
  attributes?: Attributes
}

const end = (span: Span, err?: unknown) => {
  if (err !== undefined) {
    span.recordException(err instanceof Error ? err : String(err))
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) })
  }
  span.end()
}

/**
 * Runs `fn` in a producer span (`fn` gets the carrier to send along) or a consumer span whose parent
 * is the carrier that came with the message. With tracing off: `fn(undefined)`, nothing else.
 */
export async function traced<T>(name: string, opts: TracedOptions, fn: (carrier: TraceCarrier | undefined) => Promise<T>): Promise<T> {
  if (!tracing) return fn(undefined)
  const parent = opts.kind === 'consumer' ? (opts.parent ? propagation.extract(ROOT_CONTEXT, opts.parent) : ROOT_CONTEXT) : context.active()
  const kind = opts.kind === 'producer' ? SpanKind.PRODUCER : SpanKind.CONSUMER
  const tracer = trace.getTracer('@portal/observability')
  return tracer.startActiveSpan(name, { kind, ...(opts.attributes ? { attributes: opts.attributes } : {}) }, parent, async (span) => {
    try {
      const result = await fn(opts.kind === 'producer' ? traceCarrier() : undefined)
      end(span)
      return result
    } catch (err) {
      end(span, err)
      throw err
    }
  })
}
