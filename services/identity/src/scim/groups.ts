// SCIM groups: a display name, an externalId and members (the company's users). Membership of the
// group named like the company's admin-group setting makes a member an admin (roles.ts).
import type { ScimGroupRow } from '../db/scim.repo.js'
import { GROUP_SCHEMA, invalidValue, isObject, optionalString, ScimError } from './protocol.js'
import type { PatchOperation } from './users.js'

export interface GroupInput {
  displayName: string
  externalId: string | null
  members: string[]
}

function memberIds(value: unknown): string[] {
  if (value === undefined || value === null) return []
  const list = Array.isArray(value) ? value : [value]
  return list.map((item) => {
    const id = isObject(item) ? item.value : undefined
    if (typeof id !== 'string' || !id) throw invalidValue('each member must be an object with the user id as value')
    return id
  })
}

export function groupInputOf(body: unknown): GroupInput {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a SCIM Group resource (a JSON object)', 'invalidSyntax')
  const displayName = optionalString(body.displayName, 'displayName')?.trim()
  if (!displayName) throw invalidValue('displayName is required')
  return { displayName, externalId: optionalString(body.externalId, 'externalId') ?? null, members: memberIds(body.members) }
}

/** What a group PATCH does, in order. */
export type GroupChange =
  | { kind: 'rename'; displayName: string }
  | { kind: 'externalId'; externalId: string | null }
  | { kind: 'add'; members: string[] }
  | { kind: 'remove'; members: string[] | 'all' }
  | { kind: 'set'; members: string[] }

// members[value eq "<id>"]: Okta's and Entra's (with its SCIM-compliant flag) way to remove one.
const MEMBER_FILTER = /^members\[\s*value\s+eq\s+("(?:[^"\\]|\\.)*")\s*\]$/i

function changesAt(op: PatchOperation['op'], path: string, value: unknown): GroupChange[] {
  const filtered = MEMBER_FILTER.exec(path)
  if (filtered) {
    if (op !== 'remove') throw new ScimError(400, 'A filtered members path can only be removed', 'invalidPath')
    return [{ kind: 'remove', members: [String(JSON.parse(filtered[1]!))] }]
  }
  switch (path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:Group:/i, '').toLowerCase()) {
    case 'members':
      if (op === 'add') return [{ kind: 'add', members: memberIds(value) }]
      if (op === 'replace') return [{ kind: 'set', members: memberIds(value) }]
      return [{ kind: 'remove', members: value === undefined || value === null ? 'all' : memberIds(value) }]
    case 'displayname': {
      const displayName = op === 'remove' ? undefined : optionalString(value, 'displayName')?.trim()
      if (!displayName) throw new ScimError(400, 'displayName is required', op === 'remove' ? 'mutability' : 'invalidValue')
      return [{ kind: 'rename', displayName }]
    }
    case 'externalid':
      return [{ kind: 'externalId', externalId: op === 'remove' ? null : (optionalString(value, 'externalId') ?? null) }]
    case 'id':
      return [] // read-only; Okta sends it back inside its value object
    default:
      throw new ScimError(400, `The path ${JSON.stringify(path)} is not an attribute of a group`, 'invalidPath')
  }
}

export function groupChanges(operations: PatchOperation[]): GroupChange[] {
  return operations.flatMap(({ op, path, value }) => {
    if (path !== undefined) return changesAt(op, path, value)
    if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget')
    if (!isObject(value)) throw invalidValue('An operation without a path needs an object value')
    return Object.entries(value).flatMap(([key, item]) => changesAt(op, key, item))
  })
}

export function groupResource(row: ScimGroupRow, members: { userId: string; display: string }[] | undefined, location: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(members
      ? { members: members.map((m) => ({ value: m.userId, display: m.display, $ref: location.replace(/\/Groups\/[^/]+$/, `/Users/${m.userId}`) })) }
      : {}),
    meta: { resourceType: 'Group', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location },
  }
}
