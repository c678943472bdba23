// identity: tenants, users, sessions, password reset, people and invites, JWKS. (Published
// trust-center hosts are the trust-center service's registry.)
// Owns the `identity` schema. An encapsulated plugin (no fastify-plugin): its hooks and rate limits
// cover only its routes. Registered as `server.register(identityPlugin, { prefix: '/api', ...deps })`.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { IdentityDeps } from './deps.js'
import { passwordRoutes } from './routes/password.js'
import { peopleRoutes } from './routes/people.js'
import { profileRoutes } from './routes/profile.js'
import { registryRoutes } from './routes/registry.js'
import { sessionRoutes } from './routes/session.js'
import { signupRoutes } from './routes/signup.js'

export const identityPlugin: FastifyPluginAsyncTypebox<IdentityDeps> = async (app, opts) => {
  // Only the deps: register() also passes prefix and friends, which routes must not see.
  const deps: IdentityDeps = { db: opts.db, tokens: opts.tokens, config: opts.config, mail: opts.mail, logger: opts.logger }
  sessionRoutes(app, deps)
  signupRoutes(app, deps)
  passwordRoutes(app, deps)
  profileRoutes(app, deps)
  peopleRoutes(app, deps)
  registryRoutes(app, deps)
}
