// Upload routes: their multipart body streams (the file is never whole in memory), so Fastify cannot
// validate it when the request arrives. Such a route takes `uploadValidatorCompiler`, which checks
// its params, query and headers as every route's are and lets the body through; the upload code
// then reads the parts and checks the text fields with `checkFormFields`, against the same TypeBox
// form the OpenAPI document shows, with the same validator settings, and answers a refusal with the
// route's spec message when it has one, in the 400 envelope of a JSON route.
import { AjvCompiler } from '@fastify/ajv-compiler'
import type { FieldMessages } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { FastifySchema, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify'
import { type TObject, type TSchema, Type } from 'typebox'
import { AJV_OPTIONS } from './server.js'
import { pathOf, specRefusal } from './spec-messages.js'

type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null }

const compile = AjvCompiler()({}, { customOptions: { ...AJV_OPTIONS } }) as (route: Parameters<FastifySchemaCompiler<FastifySchema>>[0]) => Validate

/** The validatorCompiler of an upload route: everything but the (multipart) body, as Fastify would. */
export const uploadValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) => (route.httpPart === 'body' ? () => true : compile(route))

const isBinary = (s: TSchema): boolean => {
  const schema = s as { format?: unknown; items?: TSchema }
  return schema.format === 'binary' || (schema.items !== undefined && isBinary(schema.items))
}

// A form's text fields (the form without its file parts), compiled once per form.
const validators = new WeakMap<TObject, Validate>()
function validatorOf(form: TObject): Validate {
  let validate = validators.get(form)
  if (!validate) {
    const text = Type.Object(Object.fromEntries(Object.entries(form.properties).filter(([, s]) => !isBinary(s))))
    validate = compile({ schema: text as FastifySchema, method: 'POST', url: 'multipart form', httpPart: 'body' })
    validators.set(form, validate)
  }
  return validate
}

/** Checks an upload's text fields against the route's form: throws the 400 for the first refused field. */
export function checkFormFields(form: TObject, fields: Readonly<Record<string, string>>, messages: FieldMessages = {}): void {
  // A copy: the validator removes fields the form does not name and coerces types in place.
  const validate = validatorOf(form)
  if (validate({ ...fields })) return
  const first = validate.errors?.[0]
  if (!first) throw new AppError('INVALID_REQUEST', { message: 'Invalid request' })
  const path = pathOf(first)
  const field = path.join('.')
  const message = first.message ?? 'is invalid'
  throw (
    specRefusal(first, path.length === 1 ? fields[path[0] as string] : undefined, messages) ??
    new AppError('INVALID_REQUEST', { message: `${field || 'request'} ${message}`, errors: [{ field, message }] })
  )
}
