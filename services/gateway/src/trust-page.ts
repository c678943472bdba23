// The public trust center rendered on the server. On a published host the gateway asks the
// trust-center service for the page's data (GET /api/trustcenteruser, injected into our own server:
// answered in this process, or forwarded by the proxy in split mode; it records the view as the
// browser's call did), renders it with the web build's server entry (web/dist/server/trust-ssr.mjs,
// the same components the browser hydrates) into trust.html, with its stylesheet inlined, and
// answers with a strong ETag over the bytes. The render (and its compression) runs in a worker
// thread (trust-render.ts): a large page takes a second of CPU that the requests of every other
// company must not wait for. The data and the render of each host are kept (page-cache.ts, bounded
// in bytes): a view reaches the service only when the bus said the content changed, or once per
// TRUST_PAGE_REVALIDATE as a safety net, and then with If-None-Match (304: the copy stands). Views
// served from the copy are tallied here and sent to the service in batches (page-views.ts). The
// changelog (GET /api/trust-center/updates/changelog) is asked for on a render: every change
// recorded there also makes a new content version.
// Also robots.txt and sitemap.xml of each published host; other hosts get nothing about any site.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type AppInstance, matches, pickEncoding, type ServiceContext } from '@portal/http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { PageEntry, PublicPageCache } from './page-cache.js'
import type { PageViewTally } from './page-views.js'
import { type Rendered, renderInWorker } from './trust-render.js'

interface TrustPageData {
  companyTitle: string
  cname: string
  overview: { updatedAt: string } | null
  nda: { updatedAt: string } | null
  changelog?: unknown[]
  documents: { createdAt: string }[]
}

/** Paths the public bundle renders in the browser only (the NDA and legal pages): served the shell. */
const CLIENT_ONLY = new Set(['/NDA', '/terms-of-service', '/privacy-policy'])
/** The trust-center service's reader of cached public pages, when it runs in this process (see its page.ts). */
const PUBLIC_PAGE_DECORATOR = 'trustCenterPublicPage'
type PublicPageReader = (req: FastifyRequest) => Promise<{ etag: string; body: Buffer } | 'not-found' | undefined>
/** Changes the page lists (the changelog call has more). */
const PAGE_CHANGES = 10
export const SSR_FILE = path.join('server', 'trust-ssr.mjs')

/** A strong tag over the rendered bytes (made by the render); each encoding has its own (`-br`, `-gz`), as the bytes differ. */
const tagFor = (etag: string, encoding: 'br' | 'gzip' | undefined) => (encoding ? `"${etag}-${encoding === 'br' ? 'br' : 'gz'}"` : `"${etag}"`)

/**
 * trust.html made ready for server rendering: stylesheets inlined (no round trip before the first
 * paint), and the scripts fetched at low priority: the page is readable without them (they only
 * hydrate it), so they must not compete with the document on a slow connection.
 */
export function prepareTemplate(html: string, root: string): string {
  return inlineStyles(html, root)
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"')
}

function inlineStyles(html: string, root: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*?href="(\/assets\/[^"]+\.css)"[^>]*>/g, (whole, href: string) => {
    const file = path.join(root, href)
    if (!file.startsWith(root + path.sep) || !existsSync(file)) return whole
    return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`
  })
}

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The page of a host with no public trust center (never published, or unpublished): a 404 in words. */
export const notAvailable = (reply: FastifyReply) =>
  reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not found</title></head><body><p>This trust center is not available.</p></body></html>',
    )

export interface TrustPageOptions {
  root: string
  trustHtml: Buffer
  publicUrl: string
  logger: ServiceContext['logger']
  isTrustHost: (host: string) => Promise<boolean>
  /** The hosts' data and renders (page-cache.ts). */
  cache: PublicPageCache
  /** Where views served from the cache are counted. */
  views: Pick<PageViewTally, 'count'>
}

/** A host as the cache keys it: lower case, no trailing dot, no port. */
export const hostOf = (req: FastifyRequest) => req.hostname.toLowerCase().replace(/\.$/, '')

export function trustPages(server: AppInstance, opts: TrustPageOptions) {
  const { root, logger, isTrustHost, cache, views } = opts
  // Addresses in the page (canonical, Open Graph, sitemap) use PUBLIC_URL's scheme and port with the
  // trust center's own host name, as its mailed links do: never a port or scheme a request made up.
  const base = new URL(opts.publicUrl)
  const shell = opts.trustHtml
  const template = prepareTemplate(shell.toString('utf8'), root)
  const canRender = template.includes('<div id="root"></div>') && template.includes('<title>Trust Center</title>')
  const ssrFile = path.join(root, SSR_FILE)
  // Whether pages can be rendered on the server at all; checked once, said once.
  let warned = false
  const renderable = () => {
    if (existsSync(ssrFile) && canRender) return true
    if (!warned) logger.warn({ file: ssrFile }, 'web app has no server renderer: trust-center pages are rendered in the browser')
    warned = true
    return false
  }
  /** Questions to the service under way, by host: views arriving meanwhile wait for the same answer. */
  const asking = new Map<string, Promise<PageEntry | { status: number }>>()
  /** Renders under way, by host and version: requests arriving meanwhile wait for the same one. */
  const rendering = new Map<string, Promise<Rendered | undefined>>()

  /**
   * The page's data as the public call answers it (its JSON bytes, unparsed), with that answer's
   * version tag; `notModified` when it is still `knownTag`.
   */
  async function pageData(req: FastifyRequest, knownTag?: string): Promise<{ status: number; json?: Buffer; tag?: string; notModified?: boolean }> {
    const host = hostOf(req)
    // In one process the trust-center service lends its cached reply directly (same bytes, same view count).
    const direct = (server as unknown as Record<string, unknown>)[PUBLIC_PAGE_DECORATOR] as PublicPageReader | undefined
    const cached = direct ? await direct(req) : undefined
    if (cached === 'not-found') return { status: 404 }
    if (cached) return cached.etag === knownTag ? { status: 200, tag: cached.etag, notModified: true } : { status: 200, json: cached.body, tag: cached.etag }
    // The visitor's address goes along: the trust-center service limits views per client.
    const res = await server.inject({
      method: 'GET',
      url: '/api/trustcenteruser',
      headers: { host, ...(knownTag ? { 'if-none-match': knownTag } : {}) },
      remoteAddress: req.ip,
    })
    if (res.statusCode === 304 && knownTag) return { status: 200, tag: knownTag, notModified: true }
    if (res.statusCode !== 200) return { status: res.statusCode }
    return { status: 200, json: res.rawPayload, tag: String(res.headers.etag ?? '') }
  }

  /** Asks the service about this host (with the tag held, if any) and keeps the answer; the entry, or the status it answered. */
  async function revalidate(req: FastifyRequest, host: string): Promise<PageEntry | { status: number }> {
    const held = cache.get(host)
    let data = await pageData(req, held?.tag)
    // The copy left the cache meanwhile: its 304 says nothing we still hold.
    let entry = data.tag && (data.json || data.notModified) ? cache.answered(host, data.tag, data.json) : undefined
    if (!entry && data.notModified) {
      data = await pageData(req)
      entry = data.tag && data.json ? cache.answered(host, data.tag, data.json) : undefined
    }
    if (data.status === 404) cache.drop(host)
    // The service away or refusing (5xx, 429): the copy held still serves, and is asked for again next view.
    else if (!entry && held && data.status !== 200) return held
    return entry ?? { status: data.status }
  }

  /**
   * The host's data: the cached copy while it is fresh, else the service's answer (one question per
   * host at a time). `counted`: the service recorded this view (it was this request's call).
   */
  async function current(req: FastifyRequest, host: string): Promise<{ entry?: PageEntry; status: number; counted: boolean }> {
    const held = cache.get(host)
    if (held && cache.fresh(held)) return { entry: held, status: 200, counted: false }
    const shared = asking.get(host)
    const pending = shared ?? revalidate(req, host).finally(() => asking.delete(host))
    if (!shared) asking.set(host, pending)
    const out = await pending
    return 'tag' in out ? { entry: out, status: 200, counted: !shared } : { status: out.status, counted: !shared }
  }

  /** The parsed data (the sitemap's needs; pages are parsed in the render thread). */
  async function parsedPage(req: FastifyRequest): Promise<TrustPageData | undefined> {
    const { entry } = await current(req, hostOf(req))
    return entry ? (JSON.parse(entry.json.toString('utf8')) as { data: TrustPageData }).data : undefined
  }

  const origin = (req: FastifyRequest) => `${base.protocol}//${hostOf(req)}${base.port ? `:${base.port}` : ''}`

  function send(req: FastifyRequest, reply: FastifyReply, page: Rendered) {
    const encoding = pickEncoding(req.headers['accept-encoding'])
    const etag = tagFor(page.etag, encoding)
    reply.header('ETag', etag).header('Cache-Control', 'public, max-age=0, must-revalidate').header('Vary', 'Accept-Encoding')
    if (matches(req.headers['if-none-match'], etag)) return reply.status(304).send()
    reply.type('text/html; charset=utf-8')
    if (encoding) reply.header('Content-Encoding', encoding)
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body)
  }

  const browserRendered = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(shell)

  /** This version of the host's page, rendered in a worker thread (undefined: the browser renders it). */
  async function render(req: FastifyRequest, host: string, entry: PageEntry): Promise<Rendered | undefined> {
    const key = origin(req)
    const log = await server.inject({ method: 'GET', url: '/api/trust-center/updates/changelog', headers: { host: req.hostname } })
    const changelog = log.statusCode === 200 ? ((log.json() as { data?: unknown[] }).data ?? []).slice(0, PAGE_CHANGES) : undefined
    const out = await renderInWorker({ ssrFile, template, json: entry.json, ...(changelog ? { changelog } : {}), origin: key })
    if ('failed' in out) {
      // The browser renders the page itself then (from the same data call): a visitor still sees it.
      if (out.failed === 'busy') req.log.warn('trust center renders queued: serving the browser-rendered page')
      else req.log.error({ detail: out.failed }, 'trust center server render failed: serving the browser-rendered page')
      return undefined
    }
    cache.rendered(host, entry.tag, out)
    return out
  }

  /** A GET of a page on a published host. */
  async function page(req: FastifyRequest, reply: FastifyReply) {
    const urlPath = req.url.split('?')[0]!
    if (CLIENT_ONLY.has(urlPath) || !renderable()) return browserRendered(reply)
    const host = hostOf(req)
    const { entry, status, counted } = await current(req, host)
    if (status === 404) return notAvailable(reply)
    if (!entry) {
      req.log.warn({ status }, 'trust center data not available: serving the browser-rendered page')
      return browserRendered(reply)
    }
    // A view the service did not see (served from the copy, or sharing another view's call): counted here.
    if (!counted) views.count(host, req.ip)
    if (entry.page) return send(req, reply, entry.page)
    const building = `${host}\n${entry.tag}`
    let pending = rendering.get(building)
    if (!pending) {
      pending = render(req, host, entry).finally(() => rendering.delete(building))
      rendering.set(building, pending)
    }
    const rendered = await pending
    return rendered ? send(req, reply, rendered) : browserRendered(reply)
  }

  // robots.txt: a published trust center may be indexed (its sitemap named); any other host (the
  // staff console, unknown names) asks robots to stay out and names nothing.
  server.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=300')
    if (!(await isTrustHost(req.hostname))) return 'User-agent: *\nDisallow: /\n'
    return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin(req)}/sitemap.xml\n`
  })

  server.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const notFound = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found')
    if (!(await isTrustHost(req.hostname))) return notFound()
    const p = await parsedPage(req)
    if (!p) return notFound()
    const dates = [p.overview?.updatedAt, ...p.documents.map((d) => d.createdAt)].filter((d): d is string => Boolean(d)).sort()
    const lastmod = dates.length ? `<lastmod>${xmlEscape(dates[dates.length - 1]!.slice(0, 10))}</lastmod>` : ''
    const base = origin(req)
    const urls = [`<url><loc>${xmlEscape(`${base}/`)}</loc>${lastmod}</url>`]
    if (p.nda) urls.push(`<url><loc>${xmlEscape(`${base}/NDA`)}</loc><lastmod>${xmlEscape(p.nda.updatedAt.slice(0, 10))}</lastmod></url>`)
    urls.push(`<url><loc>${xmlEscape(`${base}/terms-of-service`)}</loc></url>`, `<url><loc>${xmlEscape(`${base}/privacy-policy`)}</loc></url>`)
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`)
  })

  return { page }
}
