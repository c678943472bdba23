// What identity routes share besides their contract (@portal/contracts identity-*.ts, account.ts):
// the sign-up forms' rules that list every failing field. The reply schemas there also make fast-json-stringify drop every property not listed, so tenant ids, hashes
// and other columns cannot leak. A field's own spec message for a refusal of its schema is named in
// the route's `config.fieldMessages` (@portal/http).
import { AppError, type FieldError } from '@portal/errors'
import type { FastifyRequest } from 'fastify'

/**
 * A preValidation hook for forms whose spec rules list every failing field at once (sign-up): the
 * rules see the fields as sent, before the schema (which reports one refusal) runs. A field sent as
 * anything but text is refused here too, so the rules never judge a value the schema would coerce.
 * Identity's own: it runs before the schema and before any auth hook, which suits only a form sent
 * without a token; a field's message for a refusal of its schema is `config.fieldMessages`.
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
