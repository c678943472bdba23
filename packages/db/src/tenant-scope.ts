// The tenant a query runs for, carried with the async work of a request or a job. Row-level security
// reads it (`app.tenant_id`, set by the scoped driver) so that Postgres itself refuses another tenant's
// rows, even to a query that forgot its filter: the second wall of architecture.md.
// There is no default: a query outside any scope is a programming error, and the driver refuses it
// (TenantScopeError) rather than reading every tenant. Work that spans tenants says so: `asSystem`
// (start-up sweeps, host and registry lookups, sign-in and the rest of identity, which has no tenant
// tables), where the repositories' own tenant filters are the wall; migrations run `asOwner`.
import { AsyncLocalStorage } from 'node:async_hooks'

interface Scope {
  tenantId?: string
  owner?: boolean
  system?: boolean
}

const scopes = new AsyncLocalStorage<Scope>()

/** The `app.tenant_id` of system work: every row is visible to the app role. */
export const ALL_TENANTS = '*'

/** A query ran where no code said whose data it is for. */
export class TenantScopeError extends Error {
  override name = 'TenantScopeError'
}

const missing = (where: string) =>
  new TenantScopeError(
    `database query without a tenant scope (${where}): run it in withTenant(tenantId, …), ` +
      "enter the request's tenant (requireAuth, the public site lookup), or mark cross-tenant work with asSystem(…) / enterSystem()",
  )

/** Runs `fn` with its queries limited to one tenant's rows. */
export function withTenant<T>(tenantId: string, fn: () => T): T {
  if (!tenantId || tenantId === ALL_TENANTS) throw new TenantScopeError(`withTenant needs a tenant id, got "${tenantId}"`)
  return scopes.run({ tenantId }, fn)
}

/** Runs `fn` as cross-tenant system work (sweeps, registry lookups): every row is visible. */
export const asSystem = <T>(fn: () => T): T => scopes.run({ system: true }, fn)

/** Runs `fn` as the schema owner: migrations and other DDL. */
export const asOwner = <T>(fn: () => T): T => scopes.run({ owner: true }, fn)

/** Opens a scope whose tenant is known later: a request's, once its token or host is checked. */
export const openScope = <T>(fn: () => T): T => scopes.run({}, fn)

function openedScope(what: string): Scope {
  const scope = scopes.getStore()
  if (!scope) throw new TenantScopeError(`${what} outside a request scope (openScope)`)
  return scope
}

/**
 * Sets the tenant of the scope opened by `openScope`. A scope never changes tenant; a system scope
 * may narrow to one tenant (a public call once its host is resolved), never the reverse.
 */
export function enterTenant(tenantId: string): void {
  const scope = openedScope('enterTenant')
  if (scope.owner) return
  if (!tenantId || tenantId === ALL_TENANTS) throw new TenantScopeError(`enterTenant needs a tenant id, got "${tenantId}"`)
  if (scope.tenantId && scope.tenantId !== tenantId) throw new TenantScopeError('a request serves one tenant')
  scope.tenantId = tenantId
  scope.system = false
}

/** Marks the request's scope as system work (identity's routes, public routes before their tenant is known). */
export function enterSystem(): void {
  const scope = openedScope('enterSystem')
  if (scope.owner) return
  if (scope.tenantId) throw new TenantScopeError('a request that serves a tenant cannot become system work')
  scope.system = true
}

export type ScopeKind = 'tenant' | 'system' | 'owner' | 'none'

/** What the current async context is allowed to see; `none` when no code said. */
export function currentScope(): { kind: ScopeKind; tenant: string | undefined } {
  const scope = scopes.getStore()
  if (scope?.owner) return { kind: 'owner', tenant: undefined }
  if (scope?.tenantId) return { kind: 'tenant', tenant: scope.tenantId }
  if (scope?.system) return { kind: 'system', tenant: ALL_TENANTS }
  return { kind: 'none', tenant: undefined }
}

/** The scope a query runs in, or a TenantScopeError that names the situation. */
export function requireScope(): { tenant: string; owner: boolean } {
  const scope = scopes.getStore()
  if (scope?.owner) return { tenant: ALL_TENANTS, owner: true }
  if (scope?.tenantId) return { tenant: scope.tenantId, owner: false }
  if (scope?.system) return { tenant: ALL_TENANTS, owner: false }
  throw missing(scope ? 'a request whose tenant was never entered' : 'outside any request or job')
}

/**
 * Runs a job's work in the scope of the tenant its payload names (jobs carry `tenantId`). A payload
 * without one runs with no scope at all, whatever the context that queued it: its queries fail.
 */
export function withTenantOf<T>(payload: unknown, fn: () => T): T {
  const tenantId = (payload as { tenantId?: unknown } | null)?.tenantId
  return typeof tenantId === 'string' && tenantId ? withTenant(tenantId, fn) : scopes.exit(fn)
}
