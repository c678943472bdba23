// identity: tenants, users, sessions, password reset, people and invites, JWKS.
// Owns the `identity` schema; registered by the host under /api as an encapsulated plugin.
import type { AppInstance } from '@portal/http'
import type { IdentityDeps } from './deps.js'
import { passwordRoutes } from './routes/password.js'
import { peopleRoutes } from './routes/people.js'
import { registryRoutes } from './routes/registry.js'
import { sessionRoutes } from './routes/session.js'
import { signupRoutes } from './routes/signup.js'

export async function identityPlugin(app: AppInstance, deps: IdentityDeps): Promise<void> {
  sessionRoutes(app, deps)
  signupRoutes(app, deps)
  passwordRoutes(app, deps)
  peopleRoutes(app, deps)
  registryRoutes(app, deps)
}
