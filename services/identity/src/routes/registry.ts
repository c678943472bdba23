// Public lookups: published trust-center hosts (exact match only) and the token verification keys.
import type { AppInstance } from '@portal/http'
import { Type } from 'typebox'
import { findPublishedHost } from '../db/tenants.repo.js'
import type { IdentityDeps } from '../deps.js'

export function registryRoutes(app: AppInstance, deps: IdentityDeps): void {
  app.get('/fs/check-hostname', {
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: {
      tags: ['identity'],
      querystring: Type.Object({ hostname: Type.String({ maxLength: 253 }) }),
      response: {
        200: Type.Object({ status: Type.Boolean(), isSpecialDomain: Type.Boolean(), dbName: Type.String() }),
        404: Type.Object({ status: Type.Boolean(), isSpecialDomain: Type.Boolean() }),
      },
    },
  }, async (req, reply) => {
    // Only a registered, published host is special; the shape of a name proves nothing.
    const host = await findPublishedHost(deps.db, req.query.hostname)
    if (!host) return reply.status(404).send({ status: false, isSpecialDomain: false })
    return { status: true, isSpecialDomain: true, dbName: host.dbName }
  })

  app.get('/.well-known/jwks.json', {
    schema: { tags: ['identity'], response: { 200: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }) } },
  }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300')
    return deps.tokens.jwks() as { keys: Record<string, unknown>[] }
  })
}
