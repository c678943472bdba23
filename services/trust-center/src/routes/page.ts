// The whole page in one request: public (`trustcenteruser`, on a published site, cached per content
// version with a weak ETag) and the signed-in preview (`trustcenter`, published or not).
import type { AppInstance } from '@portal/http'
import type { FastifyReply } from 'fastify'
import { guards } from '../access-control.js'
import type { TrustCenterDeps } from '../deps.js'
import { assemblePage, type CachedPage, notModified } from '../page.js'
import type { Site } from '../sites.js'
import { Type } from 'typebox'
import { publicErrors, Reply, staffErrors, TrustCenterPage } from './schemas.js'

export function pageRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, sites, pages, views } = deps
  const { staff } = guards(sites)
  const tags = ['trust-center']
  const Page = Reply(TrustCenterPage)

  const building = new Map<string, Promise<CachedPage>>()

  /**
   * The serialised reply of this content version, built (through the route's reply schema) on a
   * miss; requests arriving while it is built wait for the same build.
   */
  function pageOf(site: Site, reply: FastifyReply): Promise<CachedPage> {
    const cached = pages.get(site)
    if (cached) return Promise.resolve(cached)
    const key = `${site.tenantId}:${site.contentVersion}`
    let pending = building.get(key)
    if (!pending) {
      pending = assemblePage(db, site)
        .then((data) => pages.set(site, reply.serialize({ status: true, data }) as string))
        .finally(() => building.delete(key))
      building.set(key, pending)
    }
    return pending
  }

  // The body is already serialised through the route's reply schema: it is sent as JSON bytes,
  // which the typed reply (expecting the object) does not model.
  const sendJson = (reply: FastifyReply, body: Buffer) => reply.type('application/json; charset=utf-8').send(body)

  app.get(
    '/trustcenteruser',
    // 304: the page is the one the client holds (If-None-Match), no body.
    { schema: { tags, response: { 200: Page, 304: Type.Null({ description: 'Not modified: the ETag sent is current' }), ...publicErrors } } },
    async (req, reply) => {
      const site = await sites.forPublic(req)
      await views.visit(req, site.tenantId)
      const page = await pageOf(site, reply)
      // The tenant may come from the DbName header on a shared host: caches must key on it too.
      reply.header('ETag', page.etag).header('Cache-Control', 'public, max-age=0, must-revalidate').header('Vary', 'DbName')
      if (notModified(req.headers['if-none-match'], page.etag)) return (reply as FastifyReply).status(304).send()
      return sendJson(reply, page.body)
    },
  )

  app.get('/trustcenter', { ...staff, schema: { tags, response: { 200: Page, ...staffErrors } } }, async (req, reply) => {
    const page = await pageOf(await sites.forStaff(req), reply)
    return sendJson(reply.header('Cache-Control', 'private, no-store'), page.body)
  })
}
