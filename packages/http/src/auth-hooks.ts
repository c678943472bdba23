// Authentication for every service's protected routes. The tenant comes from the verified token;
// the spec's DbName header is only checked against it, never trusted on its own (security.md B1).
import { isApiKey, type Principal } from '@portal/auth'
import { enterTenant } from '@portal/db'
import { AppError } from '@portal/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { adminScopeFor, scopeFor } from './api-key-scopes.js'

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal
  }
}

const DB_NAME = /^[a-z0-9_]{3,63}$/
const RESERVED = new Set(['postgres', 'template0', 'template1', 'admin', 'root'])

/** The DbName header, validated; undefined when absent. */
export function dbNameHeader(req: FastifyRequest): string | undefined {
  const raw = req.headers['dbname']
  if (raw === undefined || raw === '') return undefined
  const value = Array.isArray(raw) ? raw[0] : raw
  if (!value || !DB_NAME.test(value) || RESERVED.has(value)) throw new AppError('INVALID_TENANT', { message: 'Invalid DbName header' })
  return value
}

export async function requireAuth(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = req.headers.authorization
  if (!header || !/^Bearer\s+\S+$/i.test(header)) throw new AppError('UNAUTHENTICATED')
  const bearer = header.replace(/^Bearer\s+/i, '')
  const principal = isApiKey(bearer) ? await verifyKey(req, bearer) : await req.server.tokens.verifyAccess(bearer)
  const dbName = dbNameHeader(req)
  if (dbName !== undefined && dbName !== principal.dbName) {
    req.log.warn({ tenant: principal.dbName, dbName, userId: principal.userId }, 'security: DbName header disagrees with token')
    throw new AppError('TENANT_MISMATCH', { message: 'DbName does not match your account' })
  }
  req.principal = principal
  enterTenant(principal.tenantId) // row-level security: this request's queries see this tenant's rows only
}

/** An API key's principal, if its scopes cover this route (packages/http api-key-scopes.ts). */
async function verifyKey(req: FastifyRequest, key: string): Promise<Principal> {
  const verify = req.server.tokens.verifyApiKey
  if (!verify) throw new AppError('UNAUTHENTICATED', { message: 'API keys are not accepted here' })
  const principal = await verify(key)
  const needed = scopeFor(req.method, req.routeOptions.url)
  if (!needed) throw new AppError('FORBIDDEN', { message: 'API keys cannot call this route' })
  if (!principal.apiKey?.scopes.includes(needed)) throw new AppError('FORBIDDEN', { message: `This API key lacks the scope ${needed} this call needs` })
  return principal
}

export async function requireAdmin(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.principal) throw new AppError('UNAUTHENTICATED')
  const key = req.principal.apiKey
  if (key) {
    // An admin-only route takes a key only with its area's admin scope; identity's never do.
    const needed = adminScopeFor(req.method, req.routeOptions.url)
    if (!needed) throw new AppError('FORBIDDEN', { message: 'API keys cannot use this admin-only route' })
    if (!key.scopes.includes(needed)) throw new AppError('FORBIDDEN', { message: `This API key lacks the scope ${needed} this admin-only call needs` })
    return
  }
  if (!req.principal.admin) throw new AppError('FORBIDDEN', { message: 'Only admins can do this' })
}

/** Staff users only: an inbound user's token is limited to its own outbound's routes. */
export async function requireStaff(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.principal) throw new AppError('UNAUTHENTICATED')
  if (req.principal.inboundUser) throw new AppError('FORBIDDEN')
}

export const NOT_VERIFIED_MESSAGE = 'Please verify your email address first: use the link we emailed you.'

/**
 * Only users who proved their address (the token's `ev` claim): what speaks for the company to the
 * outside (publishing a trust center, invites, outbound questionnaires). Signing in and preparing
 * need no proof. After verifying, a renewed token carries the claim.
 */
export async function requireVerified(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.principal) throw new AppError('UNAUTHENTICATED')
  // Its own code: a client whose address was verified in another browser renews its token and retries.
  if (!req.principal.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', { message: NOT_VERIFIED_MESSAGE })
}

/** The principal of a request that passed requireAuth. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('UNAUTHENTICATED')
  return req.principal
}
