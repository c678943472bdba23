// gateway: the edge of the portal. Serves the built web app with SPA fallback and, for services
// that run in other processes (split mode), forwards the routes they declare to them. Security headers,
// body limits, request ids and the error envelope come from @portal/http's server.
// Two apps share the origin's paths: the staff console (index.html) and, on a host where a trust
// center is published, the public trust-center bundle (trust.html).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { type DeclaredRoute, routeTable, SERVICES } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { ServiceContext } from '@portal/http'
import type { Module } from '@portal/runtime'
import { trustHostLookup } from './trust-hosts.js'
import { trustPages } from './trust-page.js'

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

export const gatewayModule: Module<ServiceContext> = {
  name: 'gateway',
  deps: ['server'],
  init: async ({ server, config, logger }) => {
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
          await proxied.register(httpProxy!, {
            upstream,
            routes,
            httpMethods: methods,
            http2: false,
            // A frozen service must not hold the request: no first byte, or a pause in the answer,
            // longer than GATEWAY_TIMEOUT ends it with 504 (event streams ping every 15 s).
            undici: { headersTimeout: config.gatewayTimeoutMs, bodyTimeout: config.gatewayTimeoutMs },
            replyOptions: {
              // The service sees the gateway's address and its own host name; it learns the client's from
              // these (set here, never passed through from the client) when it trusts the gateway (TRUST_PROXY).
              // The request id goes along too, so the service's log lines carry the gateway's id.
              rewriteRequestHeaders: (req, headers) => ({
                ...headers,
                'x-forwarded-host': req.host,
                'x-forwarded-for': req.ip,
                'x-forwarded-proto': req.protocol,
                'x-request-id': req.id,
              }),
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

    const root = path.resolve(config.webDist)
    const indexFile = path.join(root, 'index.html')
    if (!existsSync(indexFile)) {
      logger.warn({ root }, 'web app not built: run `pnpm --filter @portal/web build`')
      server.setFallback((_req, reply) => reply.status(503).type('text/plain').send('The web app is not built. Run: pnpm --filter @portal/web build'))
      return
    }
    const indexHtml = readFileSync(indexFile)
    // The public bundle is a second entry of the web build; until it is built, every host gets the console.
    const trustFile = path.join(root, 'trust.html')
    const trustHtml = existsSync(trustFile) ? readFileSync(trustFile) : undefined
    if (!trustHtml) logger.warn({ root }, 'web app has no trust.html: trust-center hosts get the staff app')
    const isTrustHost = trustHostLookup(server)
    // The trust center is rendered on the server (trust-page.ts), with robots.txt and sitemap.xml per host.
    const trust = trustHtml ? trustPages(server, { root, trustHtml, publicUrl: config.publicUrl, logger, isTrustHost }) : undefined
    await server.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // Scripts and stylesheets are compressed at build time (web/vite.config.ts): .br / .gz beside them.
      preCompressed: true,
      // The server renderer (dist/server) is the gateway's, not a file for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
      setHeaders: (res, filePath) => {
        // Vite names assets by content hash: safe to cache for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
    // Any other GET path is a client-side route: answer with the app's page for this host.
    server.setFallback(async (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send({ status: false, message: 'Not found' })
      if (trust && (await isTrustHost(req.hostname))) return trust.page(req, reply)
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml)
    })
  },
}
