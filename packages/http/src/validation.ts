// How every route's params, query, headers and body are validated (Fastify's ajv, with our rules):
// text parts (query, params, headers, multipart fields) arrive as strings and are coerced to the
// declared types; a JSON body already has its types and is taken as sent (no coercion: a number
// where a string is asked is refused, never stored as its digits). No number may be infinite:
// JSON.parse reads 1e400 as Infinity, and ajv coerces "1e400" to Infinity past `maximum`.
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler'
import type { FastifySchema, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify'

export type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null }
type Route = Parameters<FastifySchemaCompiler<FastifySchema>>[0]
type Compile = (route: Route) => Validate

/** The validator's settings for text parts; a JSON body's are the same without coercion. */
export const AJV_OPTIONS = { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true } as const

/** The path (`/a/0/b`) of the first number that is not finite; undefined when there is none. */
export function infinitePath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path
  if (!value || typeof value !== 'object') return undefined
  for (const [key, item] of Object.entries(value)) {
    const found = infinitePath(item, `${path}/${key}`)
    if (found !== undefined) return found
  }
  return undefined
}

/** `validate`, then a refusal of any number it let through (or coerced to) that is not finite. */
function finiteOnly(validate: Validate): Validate {
  const checked: Validate = (data) => {
    if (!validate(data)) {
      checked.errors = validate.errors ?? null
      return false
    }
    const at = infinitePath(data)
    checked.errors =
      at === undefined ? null : [{ keyword: 'type', instancePath: at, schemaPath: '#/type', params: { type: 'number' }, message: 'must be a finite number' }]
    return at === undefined
  }
  return checked
}

/**
 * The server's validator factory (Fastify's `schemaController.compilersFactory.buildValidator`):
 * coercing for text parts, exact for JSON bodies, finite numbers everywhere.
 */
function validatorFactory(externalSchemas: Parameters<ValidatorFactory>[0] = {}): Compile {
  const coercing = AjvCompiler()(externalSchemas, { customOptions: { ...AJV_OPTIONS } }) as Compile
  const exact = AjvCompiler()(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } }) as Compile
  return (route) => finiteOnly(route.httpPart === 'body' ? exact(route) : coercing(route))
}
// Its declared type has the compiler take a bare schema; Fastify calls it with the route, as above.
export const buildValidator = validatorFactory as unknown as ValidatorFactory

const text = AjvCompiler()({}, { customOptions: { ...AJV_OPTIONS } }) as Compile
/** Text parts only: an upload route's params, query and multipart fields, which arrive as strings. */
export const compileTextValidator: Compile = (route) => finiteOnly(text(route))
