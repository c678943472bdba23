// Public lookups: the token verification keys. (Published trust-center hosts are answered by the
// trust-center service, which owns the registry: GET /api/fs/check-hostname.)
import { errorReplies, JwksReply } from '@portal/contracts'
import type { AppInstance } from '@portal/http'
import type { IdentityDeps } from '../deps.js'

export function registryRoutes(app: AppInstance, deps: IdentityDeps): void {
  app.get(
    '/.well-known/jwks.json',
    {
      schema: { tags: ['identity'], response: { 200: JwksReply, ...errorReplies(400) } },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=300')
      return deps.tokens.jwks() as JwksReply
    },
  )
}
