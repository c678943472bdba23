// Upload routes: their multipart body streams (the file is never whole in memory), so Fastify cannot
// validate it when the request arrives. Such a route takes `uploadValidatorCompiler`, which checks
// its params, query and headers as every route's are and lets the body through; the upload code
// then reads the parts and checks the text fields with `checkFormFields`, against the same TypeBox
// form the OpenAPI document shows, with the same validator settings, and a refusal is answered as a
// JSON route's is (spec-messages.ts, then the error handler).
import type { FieldMessages } from '@portal/contracts'
import type { FastifySchema, FastifySchemaCompiler } from 'fastify'
import { type TObject, type TSchema, Type } from 'typebox'
import { specMessageError, type ValidationError } from './spec-messages.js'
import { compileTextValidator as compile, type Validate } from './validation.js'

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

/**
 * Checks an upload's text fields against the route's form. A refusal is thrown as the validator's
 * error of a JSON route would be, and answered the same way: the spec's message, else its words.
 */
export function checkFormFields(form: TObject, fields: Readonly<Record<string, string>>, messages: FieldMessages = {}): void {
  const validate = validatorOf(form)
  // A copy: the validator removes fields the form does not name and coerces types in place.
  if (validate({ ...fields })) return
  const err: ValidationError = Object.assign(new Error('The upload form was refused'), { validation: validate.errors ?? [], validationContext: 'body' })
  throw specMessageError(err, (path) => (path.length === 1 ? fields[path[0] as string] : undefined), messages)
}
