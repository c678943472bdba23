// Logging (pino), tracing (OpenTelemetry) and metrics (Prometheus). The OTel SDK starts only when
// an exporter endpoint is configured, so a laptop run pays nothing for it.
import { type DestinationStream, pino, type Logger, type LoggerOptions } from 'pino'
import { currentLogFields, currentTenant, currentTraceId } from './context.js'
import { redactUrl } from './redact-url.js'

export type { Logger } from 'pino'
export {
  currentLogFields,
  currentTraceId,
  type LogFields,
  setTenantSource,
  type TraceCarrier,
  traceCarrier,
  traced,
  tracingEnabled,
  withLogFields,
} from './context.js'
export { collectProcessMetrics, eventLabel, metrics, metricsRegistry, type QueueCounts, renderMetrics } from './metrics.js'
export { startTelemetry, type TelemetryHandle } from './telemetry.js'
export { capabilityPaths, redactUrl } from './redact-url.js'

/** Paths never written to logs: credentials, tokens, codes and document bodies. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.cnfpassword',
  '*.token',
  '*.otp',
  '*.permissionToken',
  '*.inviteToken',
  '*.refreshToken',
  '*.secretKey',
]

/** Fastify's request line ({ req }), with its URL redacted: a logged link must not work. */
export const serializers = {
  req: (req: { method?: string; url?: string; host?: string; ip?: string; params?: unknown; socket?: { remotePort?: number } }) => ({
    method: req.method,
    url:
      req.url === undefined
        ? undefined
        : redactUrl(req.url, req.params && typeof req.params === 'object' ? (req.params as Record<string, unknown>) : undefined),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
}

export interface LoggerConfig {
  logLevel: string
}

// Marks a request's child logger (fastify binds its reqId): the mixin must not add reqId twice.
const REQUEST_BOUND = Symbol('reqId bound')

/** Marks a logger (and its children) as carrying the request id in its bindings already. */
export function markRequestLogger<L extends object>(logger: L): L {
  ;(logger as Record<symbol, unknown>)[REQUEST_BOUND] = true
  return logger
}

/**
 * Fields of the work a line belongs to: the request id (lines of any logger written while a request
 * runs, not only `req.log`), the job id and queue, the tenant once known and the trace id.
 */
function workFields(_obj: object, _level: number, logger: object): object {
  const f = currentLogFields()
  const out: Record<string, unknown> = {}
  if (f?.reqId && !(logger as Record<symbol, unknown>)[REQUEST_BOUND]) out['reqId'] = f.reqId
  if (f?.jobId) {
    out['jobId'] = f.jobId
    out['queue'] = f.queue
  }
  const tenantId = currentTenant()
  if (tenantId) out['tenantId'] = tenantId
  const traceId = currentTraceId()
  if (traceId) out['traceId'] = traceId
  return out
}

/** `destination`: where JSON lines go instead of stdout (tests capture them). */
export function createLogger(cfg: LoggerConfig, options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  // Pretty output only for a person at a terminal; JSON otherwise (fastify/demo server.ts).
  const pretty = !destination && process.stdout.isTTY && process.env['NODE_ENV'] !== 'production'
  const opts: LoggerOptions = {
    level: cfg.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers,
    mixin: workFields,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
    ...options,
  }
  return destination ? pino(opts, destination) : pino(opts)
}

/** A logger that drops everything: tests and tools. */
export const silentLogger: Logger = pino({ level: 'silent' })
