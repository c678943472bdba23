// OpenTelemetry: the Node SDK with an OTLP/HTTP (JSON) trace exporter and the instrumentations of
// http, undici (the gateway's forwarding, model calls), fastify, pg and ioredis. It starts only when
// an endpoint is configured, so a laptop run loads none of it and pays nothing.
import { register } from 'node:module'
import type { ClientRequest, IncomingMessage } from 'node:http'
import type { Span } from '@opentelemetry/api'
import { enableTracing } from './context.js'
import { redactUrl } from './redact-url.js'

export interface TelemetryHandle {
  shutdown(): Promise<void>
}

// Modules imported from ESM (our TypeScript runs as ESM through tsx) that import-in-the-middle must
// wrap for their instrumentation to patch them; the others are required from CommonJS (fastify's
// http) or report through diagnostics channels (undici, fastify).
const ESM_HOOKED = ['pg', 'pg-pool', 'ioredis']

/**
 * Spans keep URLs as logs do, and are shipped and kept too: the same redaction as the request log
 * (`url.path`, `url.query` and `url.full` written again over what an instrumentation recorded).
 */
function redactSpanUrl(span: Span, raw: string | undefined, origin?: string): void {
  if (!raw) return
  const url = redactUrl(raw)
  const q = url.indexOf('?')
  span.setAttribute('url.path', q < 0 ? url : url.slice(0, q))
  if (q >= 0) span.setAttribute('url.query', url.slice(q + 1))
  if (origin) span.setAttribute('url.full', `${origin}${url}`)
}

// Probes and scrapes would be most of the spans, and say nothing.
const QUIET_PATHS = /^\/(healthz|readyz|metrics)(\?|$)/

/**
 * Starts the SDK when an endpoint is set. Must run before fastify, pg and ioredis are imported
 * (main.ts imports the portal only afterwards): the loader hook only sees modules loaded later.
 */
export async function startTelemetry(cfg: { otelEndpoint: string | undefined }, serviceName: string): Promise<TelemetryHandle> {
  if (!cfg.otelEndpoint) return { shutdown: async () => {} }
  // Metrics and logs exporters default to OTLP and delay exit when no collector listens.
  process.env['OTEL_METRICS_EXPORTER'] ??= 'none'
  process.env['OTEL_LOGS_EXPORTER'] ??= 'none'
  // In-thread (module.registerHooks) where Node can: the loader thread of module.register costs a
  // round trip per module loaded, seconds at start-up.
  const iitm = await import('import-in-the-middle/register-hooks.mjs')
  if (iitm.supportsSyncHooks()) iitm.register({ include: ESM_HOOKED })
  else register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ESM_HOOKED } })
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
    fastifyOtel,
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
  ])
  const sdk = new NodeSDK({
    ...(process.env['OTEL_SERVICE_NAME'] ? {} : { serviceName }),
    traceExporter: new OTLPTraceExporter({ url: `${cfg.otelEndpoint}/v1/traces` }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => QUIET_PATHS.test(req.url ?? ''),
        requestHook: (span, req) => {
          const out = req as Partial<ClientRequest> // a type only: node:http is loaded after the SDK patches it
          if (out.path !== undefined) redactSpanUrl(span, out.path, `${out.protocol}//${out.host}`)
          else redactSpanUrl(span, (req as IncomingMessage).url)
        },
      }),
      new UndiciInstrumentation({ requestHook: (span, req) => redactSpanUrl(span, req.path, req.origin) }),
      // One span per request, named by its route; one per hook and handler would bury it.
      new fastifyOtel.FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: ({ url }) => QUIET_PATHS.test(url),
        requestHook: (span, req) => redactSpanUrl(span, req.url),
      }),
      // Only inside a trace: BullMQ's polling and start-up queries would each be a trace of their own.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  })
  sdk.start()
  enableTracing()
  return {
    shutdown: async () => {
      enableTracing(false)
      await sdk.shutdown().catch(() => {}) // a missing collector must not fail shutdown
    },
  }
}
