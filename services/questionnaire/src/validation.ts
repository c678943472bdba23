// The spec's own messages for fields that fail their schema. Fastify validates every route against
// its contract (packages/contracts questionnaire-*.ts); its default message ("questionId must have
// required property 'questionId'") would replace the text the spec gives a field ('Question ID is
// missing'). A route that lists such fields keeps its validation result for this hook (run after the
// auth hooks, before the handler), which answers 400 with the field's own message; any other
// failure goes on to the error handler of @portal/http as Fastify reported it.
import type { FieldMessages } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify'

/** Failures that mean "missing or blank" (a text field that must not be blank has the pattern `\S`). */
const MISSING = new Set(['required', 'minLength', 'pattern'])

/** The field a validation error is about: a missing property, or the first segment of the path. */
const fieldOf = (v: FastifySchemaValidationError): string =>
  String((v.params as { missingProperty?: unknown } | undefined)?.missingProperty ?? v.instancePath.split('/')[1] ?? '')

/** The part of the request a validation context names. */
const partOf = (req: FastifyRequest, context: string | undefined): unknown =>
  context === 'querystring' ? req.query : context === 'params' ? req.params : context === 'headers' ? req.headers : req.body

/** Route options: validation kept for the preHandler below, which answers with the spec's message where it has one. */
export function specMessages(messages: FieldMessages) {
  return {
    attachValidation: true,
    preHandler: async (req: FastifyRequest) => {
      const err = req.validationError as (Error & { validation?: FastifySchemaValidationError[]; validationContext?: string }) | undefined
      if (!err) return
      const first = err.validation?.[0]
      const field = first ? fieldOf(first) : ''
      const message = messages[field]
      // A fixed text says the field is missing or blank; a text of the value covers any rule.
      if (!message || (typeof message === 'string' && !MISSING.has(first?.keyword ?? ''))) throw err
      const part = partOf(req, err.validationContext)
      const value = part && typeof part === 'object' ? (part as Record<string, unknown>)[field] : undefined
      const text = typeof message === 'function' ? message(value) : message
      throw new AppError('INVALID_REQUEST', { message: text, errors: [{ field, message: text }] })
    },
  }
}
