// Logging (pino) and tracing (OpenTelemetry). The OTel SDK starts only when an exporter endpoint
// is configured, so a laptop run pays nothing for it.
import { pino, type Logger, type LoggerOptions } from 'pino'

export type { Logger } from 'pino'

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

export interface LoggerConfig {
  logLevel: string
}

export function createLogger(cfg: LoggerConfig, options: LoggerOptions = {}): Logger {
  // Pretty output only for a person at a terminal; JSON otherwise (fastify/demo server.ts).
  const pretty = process.stdout.isTTY && process.env['NODE_ENV'] !== 'production'
  return pino({
    level: cfg.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
    ...options,
  })
}

/** A logger that drops everything: tests and tools. */
export const silentLogger: Logger = pino({ level: 'silent' })

export interface TelemetryHandle {
  shutdown(): Promise<void>
}

/**
 * Starts the OpenTelemetry Node SDK with an OTLP/HTTP trace exporter, when an endpoint is set.
 * Must run before fastify is imported for the HTTP/pg instrumentations to attach.
 */
export async function startTelemetry(cfg: { otelEndpoint: string | undefined }, serviceName: string): Promise<TelemetryHandle> {
  if (!cfg.otelEndpoint) return { shutdown: async () => {} }
  // Metrics and logs exporters default to OTLP and delay exit when no collector listens.
  process.env['OTEL_METRICS_EXPORTER'] ??= 'none'
  process.env['OTEL_LOGS_EXPORTER'] ??= 'none'
  const [{ NodeSDK }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ])
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${cfg.otelEndpoint}/v1/traces` }),
  })
  sdk.start()
  return {
    shutdown: async () => {
      await sdk.shutdown().catch(() => {}) // a missing collector must not fail shutdown
    },
  }
}
