// SCIM 2.0 wire pieces (RFC 7643/7644): schema URNs, the media type, errors in SCIM's error schema,
// filters (`attr eq "value"`, the only operator identity providers send to find a resource) and
// list paging by startIndex and count.

export const SCIM_MEDIA_TYPE = 'application/scim+json; charset=utf-8'
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User'
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group'
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse'
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error'

/** RFC 7644 §3.12's scimType values this server answers with. */
export type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'uniqueness' | 'mutability' | 'noTarget' | 'tooMany'

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail)
  }
}

/** The error resource: `status` is a string in RFC 7644 §3.12's examples. */
export const errorBody = (status: number, detail: string, scimType?: string) => ({
  schemas: [ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
})

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue')
export const notFound = (kind: 'User' | 'Group', id: string) => new ScimError(404, `${kind} ${id} not found`)

export interface Filter {
  /** As written, e.g. `userName` or `emails[type eq "work"].value`. */
  attribute: string
  value: string
}

// attribute path (with an optional value filter in brackets), `eq`, a JSON string.
const EQ = /^\s*([A-Za-z][\w.:-]*(?:\[[^\]]*\])?(?:\.[A-Za-z]\w*)?)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i

/** `attr eq "value"`; anything else is invalidFilter (never turned into SQL). */
export function parseFilter(filter: string | undefined): Filter | undefined {
  if (filter === undefined || filter.trim() === '') return undefined
  if (filter.length > 1000) throw new ScimError(400, 'The filter is too long', 'invalidFilter')
  const match = EQ.exec(filter)
  if (!match) throw new ScimError(400, 'Only filters of the form attribute eq "value" are supported', 'invalidFilter')
  let value: unknown
  try {
    value = JSON.parse(match[2]!)
  } catch {
    throw new ScimError(400, 'The filter value is not a valid quoted string', 'invalidFilter')
  }
  return { attribute: match[1]!, value: String(value) }
}

export interface Paging {
  /** 1-based, as SCIM counts. */
  startIndex: number
  count: number
}

export const MAX_COUNT = 200

function integerParam(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^-?\d{1,9}$/.test(raw)) throw invalidValue(`${name} must be an integer`)
  return Number(raw)
}

/** RFC 7644 §3.4.2.4: startIndex below 1 counts as 1, a negative count as 0; count is capped. */
export function parsePaging(query: { startIndex?: string; count?: string }): Paging {
  const startIndex = Math.max(1, integerParam('startIndex', query.startIndex, 1))
  const count = Math.min(MAX_COUNT, Math.max(0, integerParam('count', query.count, 100)))
  return { startIndex, count }
}

export const listBody = (resources: unknown[], total: number, paging: Paging) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  startIndex: paging.startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
})

/** `true`/`false`, or the strings Entra ID sends ("True", "False"), or its `[{value}]` wrapping. */
export function booleanValue(value: unknown, name: string): boolean {
  const v = Array.isArray(value) && value.length === 1 && value[0] && typeof value[0] === 'object' ? (value[0] as { value?: unknown }).value : value
  if (typeof v === 'boolean') return v
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true'
  throw invalidValue(`${name} must be true or false`)
}

/** A string attribute, or undefined when absent or null; anything else is invalidValue. */
export function optionalString(value: unknown, name: string, max = 256): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalidValue(`${name} must be a string`)
  if (value.length > max) throw invalidValue(`${name} must be at most ${max} characters`)
  return value
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
