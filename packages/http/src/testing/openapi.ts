// Reading a service's OpenAPI document in its contract tests (issue 15, "contracts first"): the
// document's types, its operations by 'METHOD /path', the JSON schema of a request or reply, and
// the facts the tests assert on (required paths, property names, declared statuses). Test-only:
// exported as `@portal/http/testing`, never from the package's main entry.
import type { AppInstance } from '../server.js'

/** A JSON schema, as far as the contract tests read one. */
export interface Schema {
  type?: string | string[]
  format?: string
  required?: string[]
  properties?: Record<string, Schema>
  items?: Schema
  enum?: unknown[]
  anyOf?: Schema[]
  allOf?: Schema[]
}
/** A route's parameter: where it goes (`path`, `query`, …), its name, whether it is required. */
export interface Parameter {
  in: string
  name: string
  required?: boolean
}
/** A request body or a reply: a schema by media type. */
export type Content = { content?: Record<string, { schema?: Schema }> }
/** One operation of the document. */
export interface Operation {
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean } & Content
  responses: Record<string, Content>
}
/** The document, as far as the contract tests read it. */
export type Doc = { paths: Record<string, Record<string, Operation>> }
/** The methods the services route. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export const JSON_TYPE = 'application/json'

/** The document the app serves at /api/docs/json. */
export async function readDoc(app: AppInstance): Promise<Doc> {
  return (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc
}

/** The document's operations by 'METHOD /path' (the path as OpenAPI writes it: `{id}`). */
export function operationsOf(doc: Doc): Map<string, Operation> {
  return new Map(Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op] as const)))
}

/** The document's operations, as `operationsOf` keys them. */
export const readOperations = async (app: AppInstance) => operationsOf(await readDoc(app))

/** The keys of the operations listed under a tag, sorted. */
export const taggedKeys = (operations: Map<string, Operation>, tag: string) =>
  [...operations]
    .filter(([, op]) => op.tags?.includes(tag))
    .map(([key]) => key)
    .sort()

/** The 'METHOD /path' key of a Fastify route, its `:param` written as OpenAPI's `{param}`. */
export const routeKey = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`

/** A 'METHOD /path' key split into its method and path. */
export const splitKey = (key: string) => key.split(' ') as [Method, string]

/** A request to the key's route: its method, and its path with each `{param}` a fresh UUID, then `query`. */
export function sampleRequest(key: string, query = '') {
  const [method, path] = splitKey(key)
  return { method, url: `${path.replace(/\{[^}]+\}/g, crypto.randomUUID())}${query}` }
}

/** The schema of a request body or reply under a media type (JSON unless named). */
export const jsonSchema = (part: Content | undefined, media = JSON_TYPE) => part?.content?.[media]?.schema

/** The statuses an operation declares, in the document's order. */
export const declaredStatuses = (op: Operation) => Object.keys(op.responses).map(Number)

/** The success (2xx) statuses an operation declares, as the document writes them. */
export const successStatuses = (op: Operation) => Object.keys(op.responses).filter((s) => s.startsWith('2'))

/** Every other status an operation declares (not 2xx), as the document writes them. */
export const otherStatuses = (op: Operation) => Object.keys(op.responses).filter((s) => !s.startsWith('2'))

/** The operation's parameters in one place (`path`, `query`, …). */
export const parametersIn = (op: Operation, where: string) => (op.parameters ?? []).filter((p) => p.in === where)

/** The names of the operation's required parameters in one place. */
export const requiredParameters = (op: Operation, where: string) =>
  parametersIn(op, where)
    .filter((p) => p.required)
    .map((p) => p.name)

/** The operation's path parameters as `[name, required]`. */
export const pathParameters = (op: Operation) => parametersIn(op, 'path').map((p) => [p.name, p.required])

/**
 * What an operation requires of a request: its JSON body's type and required fields (undefined:
 * no JSON body), its required query fields, and its path parameters as `[name, required]`.
 */
export function inputOf(op: Operation) {
  const body = jsonSchema(op.requestBody)
  return { body: body && { type: body.type, required: body.required ?? [] }, query: requiredParameters(op, 'query'), path: pathParameters(op) }
}

/**
 * Required fields of a schema as dotted paths (`data.x`, `data[].y`), through objects and array
 * items; with `throughAnyOf`, also through each branch of an `anyOf` (a nullable object).
 */
export function requiredPaths(schema: Schema | undefined, { throughAnyOf = false, prefix = '' } = {}): string[] {
  if (!schema) return []
  if (schema.items) return requiredPaths(schema.items, { throughAnyOf, prefix: `${prefix}[]` })
  if (throughAnyOf && schema.anyOf) return schema.anyOf.flatMap((s) => requiredPaths(s, { throughAnyOf, prefix }))
  const paths: string[] = []
  for (const name of schema.required ?? []) {
    const at = prefix ? `${prefix}.${name}` : name
    paths.push(at, ...requiredPaths(schema.properties?.[name], { throughAnyOf, prefix: at }))
  }
  return paths
}

/** The JSON reply an operation declares under `status`: its type and its required paths (options as for `requiredPaths`). */
export function replyFields(op: Operation, status: number, options: { throughAnyOf?: boolean } = {}) {
  const reply = jsonSchema(op.responses[String(status)])
  return { type: reply?.type, required: requiredPaths(reply, options) }
}

/** Every property name anywhere in a schema. */
export function propertyNames(schema: Schema | undefined): string[] {
  if (!schema) return []
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, s]) => [name, ...propertyNames(s)]),
    ...propertyNames(schema.items),
    ...(schema.anyOf ?? []).flatMap(propertyNames),
  ]
}

/** Every property name anywhere in the operation's JSON replies, of every status. */
export const replyPropertyNames = (op: Operation) => Object.values(op.responses).flatMap((r) => propertyNames(jsonSchema(r)))

/** The names of a schema's own properties, sorted: the fields a reply written through it has. */
export const fieldNames = (schema: Schema) => Object.keys(schema.properties!).sort()

/** Those of `fields` the schema does not mark required. */
export const notRequired = (schema: Schema, fields: string[]) => fields.filter((f) => !schema.required?.includes(f))

/** The properties of a schema typed `object` with no properties declared (the serializer would write them empty). */
export const bareObjects = (schema: Schema) =>
  Object.entries(schema.properties ?? {})
    .filter(([, field]) => field.type === 'object' && Object.keys(field.properties ?? {}).length === 0)
    .map(([name]) => name)

/**
 * How a declared reply reads under a media type: JSON as its type, whether it requires `status` and
 * its bare object fields; any other media (a file, a stream) as its type only.
 */
export function replyShape(schema: Schema | undefined, media: string) {
  if (media !== JSON_TYPE) return { type: schema?.type }
  return { type: schema?.type, requiresStatus: schema?.required?.includes('status'), bareObjects: bareObjects(schema ?? {}) }
}

/** What an operation declares for success: its 2xx statuses, the media types (sorted) of its reply under `status`, and that reply's shape under each. */
export function successReply(op: Operation, status: number) {
  const reply = op.responses[String(status)]
  const media = Object.keys(reply?.content ?? {}).sort()
  return { successes: successStatuses(op), media, shapes: media.map((type) => replyShape(jsonSchema(reply, type), type)) }
}

/** The JSON reply an operation declares for each of `statuses`: its status, required fields and property names. */
export const repliesOf = (op: Operation, statuses: string[]) =>
  statuses.map((status) => {
    const schema = jsonSchema(op.responses[status])
    return { status, required: schema?.required, properties: Object.keys(schema?.properties ?? {}) }
  })

/**
 * An error reply as the contract tests read it: its required paths, the values its `status` may
 * take, and the required paths of its `errors` (see `requiredPaths` for `throughAnyOf`).
 */
export function envelopeOf(schema: Schema | undefined, options: { throughAnyOf?: boolean } = {}) {
  return {
    required: requiredPaths(schema, options),
    status: schema?.properties?.['status']?.enum,
    errors: requiredPaths(schema?.properties?.['errors'], options),
  }
}

/** Whether a reply body is the error envelope: `status: false`, a message and a code. */
export const isErrorEnvelope = (body: Record<string, unknown>) =>
  body['status'] === false && typeof body['message'] === 'string' && typeof body['code'] === 'string'

/** The 400 that names a field failing its schema, with the message the spec gives it. */
export const invalidRequest = (field: string, message: string) => ({ status: false, code: 'INVALID_REQUEST', message, errors: [{ field, message }] })

/** A request body to probe a route with: what it is, its headers, its payload (none: no body). */
export type BodyProbe = [string, Record<string, string>, string | undefined]

/**
 * Bad bodies for every route: none, an empty object, the service's own JSON payloads (named),
 * malformed JSON, text, XML, and JSON over the 1 MB limit.
 */
export function badBodies(own: [string, unknown][]): BodyProbe[] {
  const json = { 'content-type': JSON_TYPE }
  return [
    ['no body', {}, undefined],
    ['empty object', json, '{}'],
    ...own.map(([name, body]): BodyProbe => [name, json, JSON.stringify(body)]),
    ['malformed JSON', json, '{"a":'],
    ['text', { 'content-type': 'text/plain' }, 'x'],
    ['xml', { 'content-type': 'application/xml' }, '<a/>'],
    ['too large', json, JSON.stringify({ email: 'x'.repeat(1_100_000) })],
  ]
}
