// The one Fastify server of a process. Everything that must cover every route lives here, at the
// root: the error handler (AppError → the contract's envelope), the spec's messages for the fields a
// route names (spec-messages.ts), cookies, rate limiting (opt-in per route), security headers, the
// compression of answers (compression.ts) and the OpenAPI document generated from the route schemas.
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { TokenService } from '@portal/auth'
import type { Config } from '@portal/config'
import { openScope } from '@portal/db'
import { REFRESH_COOKIE } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type Logger, markRequestLogger, metrics, withLogFields } from '@portal/observability'
import { openRedis } from '@portal/queue'
import helmet, { type HelmetOptions } from 'helmet'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify'
import { compressOptions } from './compression.js'
import { closeEventStreams } from './event-stream.js'
import { acceptJson, guardMultipart, isMalformedUpload, malformedUpload, refuseNulInRequest, refuseNulInText } from './input.js'
import { RequestLog } from './request-log.js'
import { securityOnRoute } from './route-security.js'
import { specMessagesOnRoute } from './spec-messages.js'
import { buildValidator } from './validation.js'

export type AppInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>

export type NotFoundHandler = (req: FastifyRequest, reply: FastifyReply) => unknown

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService
    /** Lets the gateway serve the web app for unknown non-API paths. */
    setFallback(handler: NotFoundHandler): void
  }
}

export interface ServerOptions {
  config: Config
  logger: Logger
  tokens: TokenService
}

/** Content-Security-Policy of every HTML page: no inline script, no plugins, no framing. */
export const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
}

/**
 * helmet's headers for these options, computed once. They depend on nothing in the request, and
 * rebuilding them on every request (as @fastify/helmet does) cost a small JSON route about 40 % of
 * its throughput.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as never, res as never, () => {})
  return headers
}

// Network failures, and PostgreSQL's connection (08xxx), shutdown (57P01-57P03) and "too many
// connections" (53300) errors: the database, Redis or another backend is gone for now, which is a
// 503 with Retry-After, not a fault of the request or of the code.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection is closed|Reached the max retries per request limit|Stream isn't writeable)/

/** A backend is unreachable (the error, or any error it was caused by). */
export function isBackendUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : ''
    if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true
    // An AggregateError of connection attempts (IPv4 and IPv6 both refused).
    if (Array.isArray(e.errors) && e.errors.some((x) => isBackendUnavailable(x))) return true
  }
  return false
}

function envelopeFor(err: unknown, req: FastifyRequest): { statusCode: number; body: Record<string, unknown>; retryAfter?: number } {
  if (isMalformedUpload(err)) err = malformedUpload()
  if (err instanceof AppError) {
    return {
      statusCode: err.statusCode,
      body: {
        status: false,
        message: err.message,
        code: err.code,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.data !== undefined ? { data: err.data } : {}),
      },
      ...(err.retryAfter ? { retryAfter: err.retryAfter } : {}),
    }
  }
  const e = err as {
    statusCode?: number
    validation?: { instancePath?: string; params?: { missingProperty?: string }; message?: string }[]
    message?: string
    code?: string
  }
  if (e.validation) {
    const errors = e.validation.map((v) => ({
      field: v.params?.missingProperty ?? (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'is invalid',
    }))
    const first = errors[0]
    return {
      statusCode: 400,
      body: { status: false, message: first ? `${first.field || 'request'} ${first.message}`.trim() : 'Invalid request', code: 'INVALID_REQUEST', errors },
    }
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return { statusCode: e.statusCode, body: { status: false, message: e.message ?? 'Bad request', code: e.code ?? 'INVALID_REQUEST' } }
  }
  if (isBackendUnavailable(err)) {
    return {
      statusCode: 503,
      body: { status: false, message: 'The service is temporarily unavailable; please try again shortly', code: 'UNAVAILABLE' },
      retryAfter: 5,
    }
  }
  // Server fault: the request id lets support find the logged error; no stack reaches the client.
  return { statusCode: 500, body: { status: false, message: `Internal server error (request ${req.id})`, code: 'INTERNAL' } }
}

/**
 * Answers that a shared cache or the browser must not keep: anything asked with credentials (a
 * bearer token, or a cookie: the portal's only cookie is the session's), every error, and every /api
 * answer whose route did not declare itself public (the public trust center page, JWKS, logos).
 */
function mustNotStore(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.headers.authorization !== undefined || req.headers.cookie !== undefined) return true
  if (reply.statusCode >= 400) return true
  if (!req.url.startsWith('/api/')) return false
  return !/\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))
}

/** An id a caller (the gateway, a proxy) gave the request: kept when it is short and plain. */
export function incomingRequestId(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value
  return id && /^[\w.:-]{8,128}$/.test(id) ? id : undefined
}

export async function createServer({ config, logger, tokens }: ServerOptions): Promise<AppInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One info line per request (request-log.ts); Fastify's other request lines at debug.
    logController: new RequestLog(config),
    // The gateway passes its id on (X-Request-Id), so one id follows a request across services.
    genReqId: (req) => incomingRequestId(req.headers['x-request-id']) ?? crypto.randomUUID(),
    // req.log binds the request id itself: the logger's mixin adds it only to other loggers' lines.
    childLoggerFactory: (parent, bindings, opts) => markRequestLogger(parent.child(bindings, opts)),
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: { buildValidator } },
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.decorate('tokens', tokens)
  let fallback: NotFoundHandler | undefined
  app.decorate('setFallback', (handler: NotFoundHandler) => {
    fallback = handler
  })

  app.setErrorHandler((err, req, reply) => {
    const { statusCode, body, retryAfter } = envelopeFor(err, req)
    if (statusCode >= 500) req.log.error({ err }, 'request failed')
    if (retryAfter) reply.header('Retry-After', String(retryAfter))
    return reply.status(statusCode).send(body)
  })
  // A route's `config.fieldMessages`: its schema's refusals answered with the spec's words, after its auth hooks.
  app.addHook('onRoute', specMessagesOnRoute)
  // Who needs a token, said once per route: requireAuth runs before validation, and the document says so.
  app.addHook('onRoute', securityOnRoute)
  app.setNotFoundHandler((req, reply) => {
    // /scim/ is SCIM provisioning's (identity): an unknown path there is a 404, never the web app.
    if (fallback && !req.url.startsWith('/api/') && req.url !== '/api' && !req.url.startsWith('/scim/')) return fallback(req, reply)
    return reply.status(404).send({ status: false, message: 'Not found', code: 'NOT_FOUND' })
  })

  // Each response carries its request id, so a user-reported failure can be found in the logs.
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id)
    if (mustNotStore(req, reply)) reply.header('Cache-Control', 'no-store')
  })

  acceptJson(app)
  // Before any route: the plugin equips each route as it is added (routes added before it are left as they are).
  await app.register(compress, compressOptions)
  await app.register(cookie)
  const security = securityHeaders({
    contentSecurityPolicy,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    hsts: config.cookieSecure ? { maxAge: 15552000, includeSubDomains: false } : false,
  })
  // Each request's database work runs in a tenant scope, filled in once its token or host is checked;
  // a query before that (or in a request that never says) is refused by the driver, a 500 that is logged.
  // Opened once the body is parsed, so no stream callback stands between the scope and the handler.
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      refuseNulInText(req)
      guardMultipart(req)
    } catch (err) {
      return done(err as Error)
    }
    withLogFields({ reqId: req.id }, () => openScope(done))
  })
  // Lines logged while the request runs carry its id, whichever logger writes them (the store is
  // entered again once the body is read: stream callbacks do not keep it).
  app.addHook('onRequest', (req, _reply, done) => withLogFields({ reqId: req.id }, done))
  // By route pattern, never the raw URL: ids in paths would make a series per request.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
    done()
  })
  // Set before any handler runs, so a route may still replace one (a stricter CSP, say).
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(security)
    done()
  })
  // Open event streams would hold the server's close until their clients leave: end them first.
  app.addHook('preClose', (done) => {
    closeEventStreams(app.server)
    done()
  })
  // Before any other hook reads them (auth, rate limits, routes): no NUL in query, params or headers.
  app.addHook('onRequest', refuseNulInRequest)
  // With Redis, the counters are shared by every replica (in memory, each pod would allow the limit
  // again); a Redis away skips the limit rather than failing the request.
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : undefined
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())))
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.queuePrefix}-rate-limit-`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
  })
  await app.register(swagger, {
    openapi: {
      info: { title: 'Trust Portal API', version: '1.0.0', description: 'Trust center and security-questionnaire portal' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE },
        },
      },
    },
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  return app
}
