// The spec's own words for a field that fails its schema. Fastify validates every route against its
// contract (packages/contracts); its message ("questionId must have required property 'questionId'")
// would replace the text the spec gives the field ('Question ID is missing'). A route names those
// texts in `config.fieldMessages` (FieldMessages of @portal/contracts); for such a route the server
// keeps the validation result and judges it in a preHandler placed after every other one of the
// route's, so the auth hooks (preHandler, of the service or of the route) answer 401 or 403 first: no
// token is a 401 whatever the body. A refused field with a message answers 400 with it in the
// contract's envelope; any other refusal goes on to the error handler, in the validator's words.
import type { FieldMessages, SpecMessage } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { FastifyRequest, FastifySchemaValidationError, RouteOptions } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's messages for fields this route's schema refuses (spec-messages.ts). */
    fieldMessages?: FieldMessages
  }
}

/** What the validator throws (Fastify's shape), which the error handler renders in its own words. */
export type ValidationError = Error & { validation?: FastifySchemaValidationError[]; validationContext?: string }

/** The path of the field a refusal is about: the missing property, or where the refused value is. */
function pathOf(v: FastifySchemaValidationError): string[] {
  const path = v.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
  const missing = (v.params as { missingProperty?: unknown } | undefined)?.missingProperty
  if (v.keyword === 'required' && typeof missing === 'string') path.push(missing)
  return path
}

/** The value sent at a path of the part of the request a validation context names. */
function valueAt(req: FastifyRequest, context: string | undefined, path: readonly string[]): unknown {
  let value: unknown = context === 'querystring' ? req.query : context === 'params' ? req.params : context === 'headers' ? req.headers : req.body
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  return value
}

/** Absent, or a text of nothing but white space refused by the rules that say "not blank". */
const isMissing = (v: FastifySchemaValidationError, value: unknown): boolean =>
  v.keyword === 'required' || ((v.keyword === 'minLength' || v.keyword === 'pattern') && typeof value === 'string' && !/\S/.test(value))

/**
 * The error a refusal is answered with: for its first refused field, the spec's message when
 * `messages` has one for that kind of refusal (computed from the value sent, which `valueAt` reads,
 * when it is a function), in the contract's 400 envelope; otherwise the validation error itself,
 * which the error handler renders in the validator's words.
 */
export function specMessageError(err: ValidationError, valueAt: (path: readonly string[]) => unknown, messages: FieldMessages): Error {
  const first = err.validation?.[0]
  if (!first) return err
  const path = pathOf(first)
  const field = path.join('.')
  const value = valueAt(path)
  const named = messages[field]
  const message: SpecMessage | undefined = isMissing(first, value) ? named?.missing : named?.invalid
  if (message === undefined) return err
  const text = typeof message === 'function' ? message(value) : message
  return new AppError('INVALID_REQUEST', { message: text, errors: [{ field, message: text }] })
}

/** The preHandler that answers a route's kept validation error (none: the request goes on). */
async function answerValidation(req: FastifyRequest): Promise<void> {
  const err = req.validationError as ValidationError | undefined
  const messages = req.routeOptions.config.fieldMessages
  if (err) throw messages ? specMessageError(err, (path) => valueAt(req, err.validationContext, path), messages) : err
}

/**
 * onRoute, at the root (createServer): a route with `config.fieldMessages` keeps its validation
 * result, and answers it last among its preHandlers, after every auth hook.
 */
export function specMessagesOnRoute(route: RouteOptions): void {
  if (!route.config?.fieldMessages) return
  route.attachValidation = true
  const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]
  // A new array: routes may share one list of hooks (`{ preHandler: [requireAuth, requireAdmin] }`).
  if (!own.includes(answerValidation)) route.preHandler = [...own, answerValidation]
}
