// The tenant a query runs for, carried with the async work of a request or a job. Row-level security
// reads it (`app.tenant_id`, set by the scoped driver) so that Postgres itself refuses another tenant's
// rows, even to a query that forgot its filter: the second wall of architecture.md.
// Outside a tenant scope (sign-in, public host lookups, start-up sweeps, tests) the setting is '*' and
// the repositories' own tenant filters are the wall; migrations run as the schema owner.
import { AsyncLocalStorage } from 'node:async_hooks'

interface Scope {
  tenantId?: string
  owner?: boolean
}

const scopes = new AsyncLocalStorage<Scope>()

/** The `app.tenant_id` of work outside any tenant: every row is visible to the app role. */
export const ALL_TENANTS = '*'

/** Runs `fn` with its queries limited to one tenant's rows. */
export const withTenant = <T>(tenantId: string, fn: () => T): T => scopes.run({ tenantId }, fn)

/** Runs `fn` as the schema owner: migrations and other DDL. */
export const asOwner = <T>(fn: () => T): T => scopes.run({ owner: true }, fn)

/** Opens a scope whose tenant is known later: a request's, once its token or host is checked. */
export const openScope = <T>(fn: () => T): T => scopes.run({}, fn)

/** Sets the tenant of the scope opened by `openScope`; a scope never changes tenant. */
export function enterTenant(tenantId: string): void {
  const scope = scopes.getStore()
  if (!scope || scope.owner) return
  if (scope.tenantId && scope.tenantId !== tenantId) throw new Error('a request serves one tenant')
  scope.tenantId = tenantId
}

export function currentScope(): { tenant: string; owner: boolean } {
  const scope = scopes.getStore()
  return { tenant: scope?.tenantId ?? ALL_TENANTS, owner: scope?.owner === true }
}

/** Runs a job's work in the scope of the tenant its payload names (jobs carry `tenantId`). */
export function withTenantOf<T>(payload: unknown, fn: () => T): T {
  const tenantId = (payload as { tenantId?: unknown } | null)?.tenantId
  return typeof tenantId === 'string' ? withTenant(tenantId, fn) : fn()
}
