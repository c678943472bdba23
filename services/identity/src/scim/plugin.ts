// SCIM 2.0 (RFC 7643/7644) for identity providers (Entra ID, Okta): /scim/v2/Users and /Groups,
// outside /api (providers are given a base URL and append the resource names). Authenticated only by
// the company's SCIM bearer token (token.ts): the company is the token's, never the body's. Answers
// in SCIM's media type and error schema. Registered as
// `server.register(scimPlugin, { prefix: '/scim/v2', ...deps })`; encapsulated: its error and
// not-found handlers, parsers and hooks cover only its routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { isUuid } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { enterSystem } from '@portal/db'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { findScimToken, touchScimToken } from '../db/scim.repo.js'
import type { IdentityDeps } from '../deps.js'
import { groupRoutes } from './group-routes.js'
import { errorBody, SCIM_MEDIA_TYPE, ScimError } from './protocol.js'
import { bearerOf, scimTokenId, scimTokenMatches } from './token.js'
import { userRoutes } from './user-routes.js'

/** A user or group resource, or a PATCH of a few hundred members, fits well within this. */
export const SCIM_BODY_LIMIT = 256 * 1024
/** Requests a minute per route and company token (or per address without a well-formed one). */
export const SCIM_RATE_LIMIT = { max: 600, timeWindow: '1 minute' }
/** The last-used time is written at most this often. */
const TOUCH_EVERY_MS = 60_000
/**
 * Refused SCIM authentications since the process started: logged (with this count), never written to
 * a company's audit log, which anyone sending bad tokens could otherwise fill (security.md).
 */
let authFailures = 0

const tenants = new WeakMap<FastifyRequest, string>()

/** The company whose token authenticated the request (set by the plugin's preHandler). */
export function scimTenantOf(req: FastifyRequest): string {
  const tenantId = tenants.get(req)
  if (!tenantId) throw new ScimError(401, 'A valid SCIM bearer token is required')
  return tenantId
}

export interface ScimRouteDeps extends IdentityDeps {
  /** The resource's URL, as providers are told it (PUBLIC_URL, never the request's host). */
  location(kind: 'Users' | 'Groups', id: string): string
  options: { bodyLimit: number; config: { rateLimit: typeof SCIM_RATE_LIMIT & { keyGenerator: (req: FastifyRequest) => string } } }
}

function scimReplyOf(err: unknown, req: FastifyRequest): { status: number; body: ReturnType<typeof errorBody>; retryAfter?: number } {
  if (err instanceof ScimError) return { status: err.status, body: errorBody(err.status, err.detail, err.scimType) }
  if (err instanceof AppError) {
    const detail = err.code === 'RATE_LIMITED' ? 'Too many requests for this company; please retry later' : err.message
    return { status: err.statusCode, body: errorBody(err.statusCode, detail), ...(err.retryAfter ? { retryAfter: err.retryAfter } : {}) }
  }
  const e = err as { statusCode?: number; code?: string; message?: string }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, body: errorBody(413, `The body is larger than ${SCIM_BODY_LIMIT} bytes`) }
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, body: errorBody(415, 'Send the body as application/scim+json or application/json') }
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
    return { status: 400, body: errorBody(400, 'The body is not valid JSON', 'invalidSyntax') }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return { status: e.statusCode, body: errorBody(e.statusCode, e.message ?? 'Bad request') }
  req.log.error({ err }, 'scim request failed')
  return { status: 500, body: errorBody(500, `Internal server error (request ${req.id})`) }
}

export const scimPlugin: FastifyPluginAsyncTypebox<IdentityDeps> = async (app, opts) => {
  const { db, audit, tokens, config, mail, logger, apiKeys, webhooks, box } = opts // not register()'s prefix and friends
  const deps: IdentityDeps = { db, audit, tokens, config, mail, logger, apiKeys, webhooks, box }
  const base = `${opts.config.publicUrl.replace(/\/+$/, '')}/scim/v2`

  // SCIM's own media type, parsed as the root parses JSON (prototype poisoning refused); NUL refused.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (req, body, done) => {
    parseJson(req, body as string, (err: Error | null, parsed?: unknown) => {
      if (err) return done(err, undefined)
      if (JSON.stringify(parsed).includes('\\u0000')) return done(new ScimError(400, 'Text must not contain NUL characters', 'invalidValue'), undefined)
      done(null, parsed)
    })
  })
  app.setErrorHandler((err, req, reply) => {
    const { status, body, retryAfter } = scimReplyOf(err, req)
    if (retryAfter) reply.header('Retry-After', String(retryAfter))
    if (status === 401) reply.header('WWW-Authenticate', 'Bearer realm="scim"')
    return reply.status(status).type(SCIM_MEDIA_TYPE).send(body)
  })
  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .type(SCIM_MEDIA_TYPE)
      .send(errorBody(404, `No SCIM endpoint at ${req.method} ${req.url.split('?')[0]}`)),
  )
  app.addHook('onSend', async (_req, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(SCIM_MEDIA_TYPE)
    return payload
  })
  // JSON only (the root also parses text and forms, which no SCIM body is).
  app.addHook('onRequest', async (req) => {
    const type = req.headers['content-type']
    if (type !== undefined && !/^application\/(scim\+)?json\s*(;|$)/i.test(type))
      throw new ScimError(415, 'Send the body as application/scim+json or application/json')
  })
  app.addHook('preValidation', async () => enterSystem())
  // The bearer token names the company; nothing else does. Checked before the body is looked at.
  app.addHook('preHandler', async (req) => {
    const bearer = bearerOf(req.headers.authorization)
    const tokenId = scimTokenId(bearer)
    const row = tokenId ? await findScimToken(deps.db, tokenId) : undefined
    // The comparison runs for unknown and malformed tokens too: their answer takes as long.
    if (!scimTokenMatches(bearer ?? '', row?.tokenHash) || !row) {
      authFailures += 1
      req.log.warn({ scimAuthFailures: authFailures, wellFormed: tokenId !== undefined }, 'scim: authentication refused')
      throw new ScimError(401, 'A valid SCIM bearer token is required')
    }
    tenants.set(req, row.tenantId)
    if (!row.tokenLastUsedAt || row.tokenLastUsedAt.getTime() < Date.now() - TOUCH_EVERY_MS) await touchScimToken(deps.db, row.tenantId)
  })

  const routeDeps: ScimRouteDeps = {
    ...deps,
    location: (kind, id) => `${base}/${kind}/${id}`,
    options: {
      bodyLimit: SCIM_BODY_LIMIT,
      // Per company token, so providers shared by many companies do not share one budget.
      config: { rateLimit: { ...SCIM_RATE_LIMIT, keyGenerator: (req) => `scim:${scimTokenId(bearerOf(req.headers.authorization)) ?? req.ip}` } },
    },
  }
  userRoutes(app, routeDeps)
  groupRoutes(app, routeDeps)
}

/** A path id: a uuid, else no such resource (another company's ids answer the same 404). */
export function resourceId(kind: 'User' | 'Group', id: string): string {
  if (!isUuid(id)) throw new ScimError(404, `${kind} ${id.slice(0, 100)} not found`)
  return id
}

/** The query's string parameters (a repeated one is refused). */
export function queryOf(req: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') throw new ScimError(400, `${key} must be given once`, 'invalidValue')
    out[key] = value
  }
  return out
}

export const noContent = (reply: FastifyReply) => reply.status(204).send()
