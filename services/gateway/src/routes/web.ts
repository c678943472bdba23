// The web app: the built console (index.html) with a fallback for its client-side routes, and, on a
// host where a trust center is published, the public trust center rendered on the server
// (trust-page.ts) with robots.txt and sitemap.xml. Scripts and styles are served pre-compressed.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { ServiceContext } from '@portal/http'
import { TRUST_PAGE_VIEWS_SUBJECT } from '@portal/contracts'
import { faviconRoute } from '../favicon.js'
import { PublicPageCache } from '../page-cache.js'
import { PageViewTally } from '../page-views.js'
import { followTrustChanges } from '../trust-changes.js'
import { trustHostStates } from '../trust-hosts.js'
import { notAvailable, trustPages } from '../trust-page.js'

/** Stops what the web routes run beside requests (the bus subscription, the views tally). */
export type StopWeb = () => Promise<void>

export async function webRoutes({ server, config, logger, bus }: Pick<ServiceContext, 'server' | 'config' | 'logger' | 'bus'>): Promise<StopWeb> {
  const root = path.resolve(config.webDist)
  const indexFile = path.join(root, 'index.html')
  faviconRoute(server)
  if (!existsSync(indexFile)) {
    logger.warn({ root }, 'web app not built: run `pnpm --filter @portal/web build`')
    server.setFallback((_req, reply) => reply.status(503).type('text/plain').send('The web app is not built. Run: pnpm --filter @portal/web build'))
    return async () => {}
  }
  const indexHtml = readFileSync(indexFile)
  // The public bundle is a second entry of the web build; until it is built, every host gets the console.
  const trustFile = path.join(root, 'trust.html')
  const trustHtml = existsSync(trustFile) ? readFileSync(trustFile) : undefined
  if (!trustHtml) logger.warn({ root }, 'web app has no trust.html: trust-center hosts get the staff app')
  const hostState = trustHostStates(server, { ttlMs: config.trustPageRevalidateMs })
  const isTrustHost = async (host: string) => (await hostState(host)) === 'published'
  // The trust center is rendered on the server (trust-page.ts) and kept per host (page-cache.ts),
  // with robots.txt and sitemap.xml per host; the bus tells both caches what changed.
  const cache = new PublicPageCache(config.trustPageRevalidateMs)
  const views = new PageViewTally(async (batch) => {
    if (bus) await bus.publish(TRUST_PAGE_VIEWS_SUBJECT, { ...batch })
  }, logger)
  const listening = bus ? await followTrustChanges(bus, hostState, cache, logger) : async () => {}
  if (bus?.kind !== 'nats' && !config.targets.includes('trust-center'))
    logger.warn({ revalidateMs: config.trustPageRevalidateMs }, 'no NATS_URL: trust-center changes reach the public pages only as each copy is revalidated')
  const trust = trustHtml ? trustPages(server, { root, trustHtml, publicUrl: config.publicUrl, logger, isTrustHost, cache, views }) : undefined
  await server.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    // Scripts and stylesheets are compressed at build time (web/vite.precompress.ts): .br / .gz beside them.
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
    const state = await hostState(req.hostname)
    if (trust && state === 'published') return trust.page(req, reply)
    // A trust center's host that is not public (unpublished): a 404 in words, not the staff app.
    if (state === 'unpublished') return notAvailable(reply)
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml)
  })
  return async () => {
    await listening()
    await views.stop()
  }
}
