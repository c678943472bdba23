// SCIM users ↔ portal users. The portal signs people in by email: the sign-in address is userName
// when that is an email (Okta), else the primary work email (Entra ID's userName is often a UPN or
// any string). Attributes the portal keeps: userName, externalId, name, emails, active; others the
// providers send by default (title, phoneNumbers, addresses, locale, the enterprise extension, a
// password) are accepted and not kept (RFC 7644 §3.3: the provider's view of what it sent is
// not the service's record). Unknown PATCH operations and unparsable paths are refused, not skipped.
import { isValidEmail } from '@portal/mail'
import type { ScimUserRow } from '../db/scim.repo.js'
import { normaliseEmail } from '../domain/rules.js'
import { booleanValue, invalidValue, isObject, optionalString, ScimError, USER_SCHEMA } from './protocol.js'

/** What a create or replace sets. */
export interface UserInput {
  userName: string
  externalId: string | null
  email: string
  firstName: string
  lastName: string
  active: boolean
}

interface EmailValue {
  value: string
  type?: string
  primary?: boolean
}

function emailsOf(value: unknown): EmailValue[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalidValue('emails must be a list')
  return value.map((item) => {
    if (!isObject(item)) throw invalidValue('each email must be an object with a value')
    const address = optionalString(item.value, 'emails.value', 320)
    if (address === undefined) throw invalidValue('each email must have a value')
    return {
      value: address,
      type: optionalString(item.type, 'emails.type'),
      primary: item.primary === true || item.primary === 'True' || item.primary === 'true',
    }
  })
}

/** The sign-in address: userName when it is one, else the primary (or work, or first) email. */
export function signInEmail(userName: string, emails: EmailValue[]): string {
  const fromName = normaliseEmail(userName)
  if (isValidEmail(fromName)) return fromName
  const chosen = emails.find((e) => e.primary) ?? emails.find((e) => e.type?.toLowerCase() === 'work') ?? emails[0]
  const email = chosen ? normaliseEmail(chosen.value) : ''
  if (!isValidEmail(email)) throw invalidValue('userName or the primary email must be an email address: members sign in with it')
  return email
}

function namesOf(resource: Record<string, unknown>): { firstName: string; lastName: string } {
  const name = isObject(resource.name) ? resource.name : {}
  const given = optionalString(name.givenName, 'name.givenName')
  const family = optionalString(name.familyName, 'name.familyName')
  if (given !== undefined || family !== undefined) return { firstName: (given ?? '').trim(), lastName: (family ?? '').trim() }
  // Only a display name: its first word is the first name.
  const display = (optionalString(resource.displayName, 'displayName') ?? optionalString(name.formatted, 'name.formatted') ?? '').trim()
  const [first = '', ...rest] = display.split(/\s+/)
  return { firstName: first, lastName: rest.join(' ') }
}

/** A full user resource (POST, PUT). */
export function userInputOf(body: unknown): UserInput {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a SCIM User resource (a JSON object)', 'invalidSyntax')
  const userName = optionalString(body.userName, 'userName')?.trim()
  if (!userName) throw invalidValue('userName is required')
  const emails = emailsOf(body.emails)
  return {
    userName,
    externalId: optionalString(body.externalId, 'externalId') ?? null,
    email: signInEmail(userName, emails),
    ...namesOf(body),
    active: body.active === undefined || body.active === null ? true : booleanValue(body.active, 'active'),
  }
}

/** The current state as a UserInput, for PATCH to change. */
export function userInputFromRow(row: ScimUserRow): UserInput {
  return {
    userName: row.userName ?? row.email,
    externalId: row.externalId ?? null,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    active: row.deactivatedAt === null,
  }
}

const PATH = /^(?:urn:ietf:params:scim:schemas:core:2\.0:User:)?([A-Za-z][\w]*)(?:\[([^\]]*)\])?(?:\.([A-Za-z]\w*))?$/

/** Applies one attribute change (a PATCH operation's path and value) to `user`. */
function applyUserPath(user: UserInput, op: 'add' | 'replace' | 'remove', path: string, value: unknown): void {
  // The enterprise extension and other schemas' attributes: accepted, not kept.
  if (/^urn:/i.test(path) && !/^urn:ietf:params:scim:schemas:core:2\.0:User:/i.test(path)) return
  const match = PATH.exec(path)
  if (!match) throw new ScimError(400, `The path ${JSON.stringify(path)} is not a supported attribute path`, 'invalidPath')
  const attribute = match[1]!.toLowerCase()
  const sub = match[3]?.toLowerCase()
  const removing = op === 'remove'
  switch (attribute) {
    case 'active':
      if (removing) throw new ScimError(400, 'active cannot be removed', 'mutability')
      user.active = booleanValue(value, 'active')
      return
    case 'username': {
      const name = removing ? undefined : optionalString(value, 'userName')?.trim()
      if (!name) throw new ScimError(400, 'userName is required', removing ? 'mutability' : 'invalidValue')
      user.userName = name
      return
    }
    case 'externalid':
      user.externalId = removing ? null : (optionalString(value, 'externalId') ?? null)
      return
    case 'displayname':
      return // the portal shows first and last names; they come from name
    case 'name': {
      if (sub === 'givenname') user.firstName = removing ? '' : (optionalString(value, 'name.givenName') ?? '').trim()
      else if (sub === 'familyname') user.lastName = removing ? '' : (optionalString(value, 'name.familyName') ?? '').trim()
      else if (sub === undefined && isObject(value)) Object.assign(user, namesOf({ name: value }))
      else if (sub === undefined && removing) Object.assign(user, { firstName: '', lastName: '' })
      return // name.formatted, middleName, honorifics: not kept
    }
    case 'emails': {
      if (removing) return // the sign-in address stays: a member without one could not sign in
      if (sub === 'value' || (sub === undefined && typeof value === 'string')) {
        // emails[type eq "work"].value: the address itself
        const address = optionalString(Array.isArray(value) ? (value[0] as { value?: unknown })?.value : value, 'emails.value', 320)
        if (address !== undefined && !isValidEmail(normaliseEmail(user.userName))) user.email = signInEmail(user.userName, [{ value: address, primary: true }])
        return
      }
      const emails = emailsOf(Array.isArray(value) ? value : [value])
      if (emails.length && !isValidEmail(normaliseEmail(user.userName))) user.email = signInEmail(user.userName, emails)
      return
    }
    default:
      return // title, phoneNumbers, addresses, locale, groups (read-only here): not kept
  }
}

/**
 * RFC 7644 §3.5.2 PATCH, in the shapes providers send: `op` in any case; a `path`, or none and a value
 * object whose keys are paths (Okta's `{active: false}`, Entra's `{"name.givenName": …}`).
 */
export function patchUser(user: UserInput, operations: PatchOperation[]): UserInput {
  const next = { ...user }
  for (const { op, path, value } of operations) {
    if (path !== undefined) applyUserPath(next, op, path, value)
    else if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget')
    else if (isObject(value)) for (const [key, item] of Object.entries(value)) applyUserPath(next, op, key, item)
    else throw invalidValue('An operation without a path needs an object value')
  }
  // An email userName is the sign-in address; any other keeps the address the emails gave.
  if (isValidEmail(normaliseEmail(next.userName))) next.email = normaliseEmail(next.userName)
  return next
}

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove'
  path?: string
  value?: unknown
}

/** The PatchOp message's operations, checked; `op` in any case (Entra ID sends "Replace"). */
export function patchOperations(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a SCIM PatchOp message', 'invalidSyntax')
  const ops = body.Operations ?? body.operations
  if (!Array.isArray(ops) || ops.length === 0) throw new ScimError(400, 'Operations must be a non-empty list', 'invalidSyntax')
  if (ops.length > 1000) throw new ScimError(400, 'At most 1000 operations in one request', 'tooMany')
  return ops.map((item) => {
    if (!isObject(item)) throw new ScimError(400, 'Each operation must be an object', 'invalidSyntax')
    const op = typeof item.op === 'string' ? item.op.toLowerCase() : ''
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw new ScimError(400, `Unknown operation ${JSON.stringify(item.op)}: use add, replace or remove`, 'invalidSyntax')
    const path = optionalString(item.path, 'path', 1000)?.trim()
    return { op, ...(path ? { path } : {}), value: item.value }
  })
}

export function userResource(row: ScimUserRow, groups: { id: string; displayName: string }[], location: string) {
  const userName = row.userName ?? row.email
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName,
    name: { givenName: row.firstName, familyName: row.lastName, formatted: `${row.firstName} ${row.lastName}`.trim() },
    displayName: `${row.firstName} ${row.lastName}`.trim() || userName,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.deactivatedAt === null,
    groups: groups.map((g) => ({ value: g.id, display: g.displayName, $ref: location.replace(/\/Users\/[^/]+$/, `/Groups/${g.id}`) })),
    roles: row.admin ? [{ value: 'admin', primary: true }] : [],
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: (row.updatedAt ?? row.createdAt).toISOString(),
      location,
    },
  }
}
