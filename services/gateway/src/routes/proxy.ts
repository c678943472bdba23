// Split mode: the routes of services that run in other processes, forwarded to them. Exactly the
// routes each declares (routeTable, generated from the services themselves: \`pnpm run route-table\`),
// on this server's own router, so any other /api path is the 404 envelope here, as in one process.
import { type DeclaredRoute, routeTable, SERVICES } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { ServiceContext } from '@portal/http'

/** A service that did not answer as the gateway's error: 504 when it was too slow, 502 when unreachable. */
export function upstreamFailure(svc: string, error: { code?: string; statusCode?: number }): AppError {
  const timedOut = error.statusCode === 504 || /TIMEOUT/.test(error.code ?? '')
  return timedOut
    ? new AppError('GATEWAY_TIMEOUT', { message: `The ${svc} service did not answer in time; please try again shortly`, retryAfter: 5 })
    : new AppError('BAD_GATEWAY', { message: `The ${svc} service is not reachable; please try again shortly`, retryAfter: 5 })
}

/**
 * A service's routes grouped by the methods each URL answers: [methods, URLs] pairs, in the table's
 * order, so one proxy serves every URL of a group. HEAD goes with GET by itself (Fastify adds it).
 */
export function routesByMethods(routes: readonly DeclaredRoute[]): [string[], string[]][] {
  const byUrl = new Map<string, Set<string>>()
  for (const { method, url } of routes) byUrl.set(url, (byUrl.get(url) ?? new Set()).add(method))
  const groups = new Map<string, [string[], string[]]>()
  for (const [url, set] of byUrl) {
    const methods = [...set].filter((m) => m !== 'HEAD' || !set.has('GET')).sort()
    const key = methods.join(' ')
    const group = groups.get(key) ?? [methods, []]
    group[1].push(url)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/** The header @fastify/compress leaves a reply uncompressed for. */
const NO_COMPRESSION = 'x-no-compression'
/** Requests the gateway marked itself (not the client). */
const marked = new WeakSet<object>()
const withoutMark = (raw: object, headers: Record<string, unknown>) => {
  if (!marked.has(raw)) return headers
  const { [NO_COMPRESSION]: _mark, ...rest } = headers
  return rest
}

export async function proxyRoutes({ server, config, logger }: Pick<ServiceContext, 'server' | 'config' | 'logger'>): Promise<void> {
  // The proxy is loaded only where a service runs elsewhere (split mode): one process has no use for it.
  const proxying = SERVICES.some((svc) => !config.targets.includes(svc) && config.serviceUrls[svc])
  const httpProxy = proxying ? (await import('@fastify/http-proxy')).default : undefined
  for (const svc of SERVICES) {
    if (config.targets.includes(svc)) continue
    const upstream = config.serviceUrls[svc]
    if (!upstream) continue
    // Exactly the routes the service declares (routeTable, generated from the services themselves),
    // on this server's own router: any other /api path is the 404 envelope here, as in one process.
    // One proxy per set of methods its URLs answer (a GET route answers HEAD too, as Fastify does).
    for (const [methods, routes] of routesByMethods(routeTable[svc])) {
      // The proxy forwards bodies as they came, with its own parsers: the root's JSON parser
      // (packages/http) is removed in this encapsulated context so the proxy can add its own.
      await server.register(async (proxied) => {
        proxied.removeContentTypeParser('application/json')
        // The service compresses its own answers (packages/http compression.ts); the gateway passes
        // them on as they came, never compressing them again (the compression plugin skips a request
        // marked so). The mark is the gateway's own, never forwarded unless the client sent it.
        proxied.addHook('onRequest', (req, _reply, done) => {
          if (req.headers[NO_COMPRESSION] === undefined) {
            req.headers[NO_COMPRESSION] = '1'
            marked.add(req.raw)
          }
          done()
        })
        await proxied.register(httpProxy!, {
          upstream,
          routes,
          httpMethods: methods,
          http2: false,
          // Its "fetching from remote server" and "response received" lines: the request's one
          // line (packages/http request-log.ts) names the service, the forward is noted at debug.
          disableRequestLogging: true,
          // A frozen service must not hold the request: no first byte, or a pause in the answer,
          // longer than GATEWAY_TIMEOUT ends it with 504 (event streams ping every 15 s).
          undici: { headersTimeout: config.gatewayTimeoutMs, bodyTimeout: config.gatewayTimeoutMs },
          replyOptions: {
            // The service sees the gateway's address and its own host name; it learns the client's from
            // these (set here, never passed through from the client) when it trusts the gateway (TRUST_PROXY).
            // The request id goes along too, so the service's log lines carry the gateway's id.
            rewriteRequestHeaders: (req, headers) => {
              req.log.debug({ svc, upstream }, 'gateway forwards')
              return {
                ...withoutMark(req.raw, headers),
                'x-forwarded-host': req.host,
                'x-forwarded-for': req.ip,
                'x-forwarded-proto': req.protocol,
                'x-request-id': req.id,
              }
            },
            onError: (reply, { error }) => {
              reply.request.log.warn({ err: error, svc }, 'gateway: upstream failed')
              reply.send(upstreamFailure(svc, error as { code?: string; statusCode?: number }))
            },
          },
        })
      })
    }
    logger.info({ svc, upstream, routes: routeTable[svc].length }, 'gateway forwards to remote service')
  }
}
