// Which routes need a token, said once: where a route is made to authenticate. Such a route runs
// requireAuth first, before its input is validated (a caller without a token learns 401, nothing
// about the body), and its OpenAPI operation declares bearer security, so the document cannot drift
// from what is enforced. A route names requireAuth among its hooks, or its plugin authenticates
// every route it declares (`authenticateRoutes`). Another scheme a route names itself (the refresh
// cookie's) is kept.
import type { FastifyInstance, RouteOptions } from 'fastify'
import { requireAuth } from './auth-hooks.js'

/** The OpenAPI security of a route behind requireAuth (the server's `bearer` scheme). */
export const BEARER_SECURITY = [{ bearer: [] as string[] }]

type Hook = NonNullable<RouteOptions['preHandler']>
const hooksOf = (hooks: Hook | undefined): unknown[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks])
type Security = NonNullable<NonNullable<RouteOptions['schema']>['security']>
const isBearer = (entry: Security[number]) => 'bearer' in entry

/** requireAuth first in the route's preValidation, and bearer security in its document entry. */
function authenticate(route: RouteOptions): void {
  const early = hooksOf(route.preValidation)
  if (!early.includes(requireAuth)) route.preValidation = [requireAuth, ...early] as Hook
  route.schema = { ...route.schema, security: BEARER_SECURITY }
}

/**
 * The server's onRoute hook, for every route: a route that names requireAuth among its preHandlers
 * is authenticated as above; any other declares no bearer security (another scheme it names, the
 * refresh cookie's, stays), whatever its schema said.
 */
export function securityOnRoute(route: RouteOptions): void {
  const late = hooksOf(route.preHandler)
  if (late.includes(requireAuth)) {
    // A new array: routes may share one list of hooks (`{ preHandler: [requireAuth, requireAdmin] }`).
    route.preHandler = late.filter((h) => h !== requireAuth) as Hook
    authenticate(route)
    return
  }
  const declared: Security = route.schema?.security ?? []
  if (!declared.some(isBearer)) return
  const { security: _bearer, ...schema } = route.schema ?? {}
  const others = declared.filter((e) => !isBearer(e))
  route.schema = others.length ? { ...schema, security: others } : schema
}

/**
 * Authenticates every route this plugin declares (its scope only), but those `except` names (a
 * link exchange, say): a plugin of staff routes says so once.
 */
export function authenticateRoutes(app: FastifyInstance, except: (route: RouteOptions) => boolean = () => false): void {
  // Runs after the server's own onRoute hook (a parent's hooks run first), so it has the last word.
  app.addHook('onRoute', (route) => {
    if (!except(route)) authenticate(route)
  })
}
