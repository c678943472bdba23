// The error envelope every route answers a refusal with (packages/http's error handler renders
// AppError, validation errors and rate limits alike), declared per status so the OpenAPI document
// lists each one a route can answer, and so fast-json-stringify keeps `code` and `errors`.
import { type Static, type TSchema, Type } from 'typebox'

export const FieldProblem = Type.Object({ field: Type.String(), message: Type.String() })
export type FieldProblem = Static<typeof FieldProblem>

/** `{ status: false, message, code, errors? }`: `message` is the spec's text where it names one. */
export const ErrorReply = Type.Object({
  status: Type.Literal(false),
  message: Type.String({ description: "for the user; the spec's text where it names one" }),
  code: Type.String({ description: 'AppError code: INVALID_REQUEST, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED…' }),
  errors: Type.Optional(Type.Array(FieldProblem, { description: 'every failing field, the first one as `message`' })),
})
export type ErrorReply = Static<typeof ErrorReply>

/** Statuses a route may refuse with (410: a link that expired; 413 and 415: a body too large, or not of the type it takes). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503

/** The `response` entries for the refusals a route answers: `{ 400: ErrorReply, 401: ErrorReply }`. */
export function errorReplies<const S extends ErrorStatus>(...statuses: S[]): { [K in S]: typeof ErrorReply } {
  return Object.fromEntries(statuses.map((s) => [s, ErrorReply])) as { [K in S]: typeof ErrorReply }
}

/** A spec message: a fixed text, or one worked out from the value sent (a name that breaks one of several rules). */
export type SpecMessage = string | ((value: unknown) => string)

/**
 * The spec's messages for a route's fields, by field name (a nested one as `a.b`), which the route
 * answers a refusal of its schema with (packages/http, spec-messages.ts), in the 400 envelope above:
 * `missing` when the field is absent or blank (the schema's `required`, or its `minLength` or
 * `pattern` refusing a text of nothing but white space), `invalid` for any other refusal (type,
 * length, format). A refusal with no message here keeps the validator's words ("email must NOT have
 * more than 254 characters").
 */
export type FieldMessages = Readonly<Record<string, { readonly missing?: SpecMessage; readonly invalid?: SpecMessage }>>

/** A success that carries only a message (a deletion, a confirmation), on every service. */
export const MessageReply = Type.Object({ status: Type.Boolean(), message: Type.String() })
export type MessageReply = Static<typeof MessageReply>

/**
 * A file answer (PDF, workbook, attachment), for the OpenAPI document: the bytes under each media
 * type it may have (sent as they are, never serialized).
 */
export const fileReply = (mediaTypes: string | readonly string[], description: string) => ({
  description,
  content: Object.fromEntries([mediaTypes].flat().map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
})

/** A success with `data` (and a message, for some routes): `{status, data, message?}`. */
export const dataReply = <T extends TSchema>(data: T) => Type.Object({ status: Type.Boolean(), data, message: Type.Optional(Type.String()) })

/** The last page a list may ask for: 100 000 rows at the default size, and its offset stays a small integer. */
export const MAX_PAGE = 10_000

/** Paging query of every list: 1-based page (at most MAX_PAGE), pageSize default 10, at most 100. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
})

/** A page of a list: `{status, data, total, totalPages, currentPage}` (packages/http's `paged` makes one). */
export const pageReply = <T extends TSchema>(item: T) =>
  Type.Object({ status: Type.Boolean(), data: Type.Array(item), total: Type.Integer(), totalPages: Type.Integer(), currentPage: Type.Integer() })
export interface Paged<T> {
  status: boolean
  data: T[]
  total: number
  totalPages: number
  currentPage: number
}
