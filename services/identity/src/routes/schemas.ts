// What every identity route shares besides its contract (@portal/contracts identity-*.ts, account.ts):
// the spec's messages for fields the schema refuses, and the OpenAPI security entry. The reply
// schemas there also make fast-json-stringify drop every property not listed, so tenant ids, hashes
// and other columns cannot leak.
import { AppError, type FieldError } from '@portal/errors'
import type { FastifyRequest, FastifySchemaValidationError, RouteShorthandOptions } from 'fastify'

type SchemaErrorFormatter = NonNullable<RouteShorthandOptions['schemaErrorFormatter']>

/** Routes behind requireAuth, for the OpenAPI document. */
export const bearer = [{ bearer: [] }]

/**
 * The spec's messages for one field: `missing` when it is absent or blank (the schema's required,
 * minLength and `\S` pattern), `invalid` for any other refusal of it (type, length, format).
 */
export interface FieldMessages {
  missing?: string
  invalid?: string
}

const MISSING = new Set(['required', 'minLength', 'pattern'])

const fieldOf = (e: FastifySchemaValidationError): string => {
  const missing = (e.params as { missingProperty?: unknown } | undefined)?.missingProperty
  if (e.keyword === 'required' && typeof missing === 'string') return missing
  return e.instancePath.replace(/^\//, '').replace(/\//g, '.')
}

/**
 * The route's schemaErrorFormatter: the schema validates, and a refused field named here answers
 * with the spec's message for it; other refusals read as the host's ("email must NOT have more than
 * 254 characters"). Either way the contract's 400 envelope, with the field in `errors`.
 */
export function specMessages(fields: Record<string, FieldMessages>): SchemaErrorFormatter {
  return (errors, dataVar) => {
    const first = errors[0]
    if (!first) return new AppError('INVALID_REQUEST')
    const field = fieldOf(first)
    const named = fields[field]
    const spec = named && (MISSING.has(first.keyword) ? named.missing : named.invalid)
    const message = spec ?? `${field || dataVar} ${first.message ?? 'is invalid'}`
    return new AppError('INVALID_REQUEST', { message, errors: [{ field: field || dataVar, message: spec ?? first.message ?? 'is invalid' }] })
  }
}

/**
 * A preValidation hook for forms whose spec rules list every failing field at once (sign-up): the
 * rules see the fields as sent, before the schema (which reports one refusal) runs. A field sent as
 * anything but text is refused here too, so the rules never judge a value the schema would coerce.
 */
export function specRules<F extends string>(fields: readonly F[], rules: (input: Partial<Record<F, string>>) => FieldError[] | Promise<FieldError[]>) {
  return async (req: FastifyRequest): Promise<void> => {
    const body = req.body
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return // the schema refuses it
    const input: Partial<Record<F, string>> = {}
    const problems: FieldError[] = []
    for (const field of fields) {
      const value = (body as Record<string, unknown>)[field]
      if (typeof value === 'string') input[field] = value
      else if (value !== undefined && value !== null) problems.push({ field, message: `${field} must be string` })
    }
    if (!problems.length) problems.push(...(await rules(input)))
    if (problems.length) throw new AppError('INVALID_REQUEST', { message: problems[0]!.message, errors: problems })
  }
}
