// SCIM provisioning's rows: the company's token and admin group, the provider's names for users, its
// groups and members. Every query names the tenant; the token lookup is the only one that finds it.
import { type Kysely, sql } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export function findScimConfig(db: Db, tenantId: string) {
  return db
    .selectFrom('scimConfig')
    .select(['tenantId', 'tokenId', 'tokenCreatedAt', 'tokenLastUsedAt', 'adminGroup'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst()
}

/** The bearer token's row by its public id (the caller compares the hash in constant time). */
export function findScimToken(db: Db, tokenId: string) {
  return db.selectFrom('scimConfig').select(['tenantId', 'tokenHash', 'tokenLastUsedAt']).where('tokenId', '=', tokenId).executeTakeFirst()
}

/** A new token replaces the company's previous one at once. */
export async function replaceScimToken(db: Db, tenantId: string, token: { tokenId: string; tokenHash: string }): Promise<void> {
  const values = { ...token, tokenCreatedAt: new Date(), tokenLastUsedAt: null }
  await db
    .insertInto('scimConfig')
    .values({ tenantId, ...values })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
    .execute()
}

export async function revokeScimToken(db: Db, tenantId: string): Promise<boolean> {
  const res = await db
    .updateTable('scimConfig')
    .set({ tokenId: null, tokenHash: null, tokenCreatedAt: null, tokenLastUsedAt: null })
    .where('tenantId', '=', tenantId)
    .where('tokenId', 'is not', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

export async function touchScimToken(db: Db, tenantId: string): Promise<void> {
  await db.updateTable('scimConfig').set({ tokenLastUsedAt: new Date() }).where('tenantId', '=', tenantId).execute()
}

export async function setAdminGroup(db: Db, tenantId: string, adminGroup: string): Promise<void> {
  await db
    .insertInto('scimConfig')
    .values({ tenantId, tokenId: null, tokenHash: null, tokenCreatedAt: null, adminGroup })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet({ adminGroup }))
    .execute()
}

// ---- users ------------------------------------------------------------------------------------

/** A portal user as SCIM sees them: userName is the provider's, else the sign-in email. */
const scimUserQuery = (db: Db, tenantId: string) =>
  db
    .selectFrom('user as u')
    .leftJoin('scimUser as s', 's.userId', 'u.id')
    .select(['u.id', 'u.email', 'u.firstName', 'u.lastName', 'u.admin', 'u.deactivatedAt', 'u.createdAt', 's.userName', 's.externalId', 's.updatedAt'])
    .where('u.tenantId', '=', tenantId)
    .where('u.inboundUser', '=', false)

export type ScimUserRow = Awaited<ReturnType<typeof findScimUser>> & {}

export function findScimUser(db: Db, tenantId: string, userId: string) {
  return scimUserQuery(db, tenantId).where('u.id', '=', userId).executeTakeFirst()
}

export interface UserFilter {
  attribute: 'userName' | 'externalId' | 'email'
  value: string
}

const userKey = sql<string>`coalesce(s.user_name_key, u.email)`

/** A page of the company's users, oldest first (a stable order for startIndex paging). */
export async function listScimUsers(db: Db, tenantId: string, filter: UserFilter | undefined, offset: number, limit: number) {
  let query = scimUserQuery(db, tenantId)
  if (filter?.attribute === 'userName') query = query.where(userKey, '=', filter.value.toLowerCase())
  if (filter?.attribute === 'externalId') query = query.where('s.externalId', '=', filter.value)
  if (filter?.attribute === 'email') query = query.where('u.email', '=', filter.value.toLowerCase())
  const [rows, total] = await Promise.all([
    query.orderBy('u.createdAt', 'asc').orderBy('u.id', 'asc').offset(offset).limit(limit).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}

/** Whether another of the company's users already answers to this userName (case-insensitive). */
export async function userNameTaken(db: Db, tenantId: string, userName: string, exceptUserId?: string): Promise<boolean> {
  let query = db
    .selectFrom('user as u')
    .leftJoin('scimUser as s', 's.userId', 'u.id')
    .select('u.id')
    .where('u.tenantId', '=', tenantId)
    .where(userKey, '=', userName.toLowerCase())
  if (exceptUserId) query = query.where('u.id', '<>', exceptUserId)
  return (await query.executeTakeFirst()) !== undefined
}

export async function upsertScimUser(db: Db, tenantId: string, userId: string, input: { userName: string; externalId: string | null }): Promise<void> {
  const values = { userName: input.userName, userNameKey: input.userName.toLowerCase(), externalId: input.externalId, updatedAt: new Date() }
  await db
    .insertInto('scimUser')
    .values({ userId, tenantId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute()
}

export async function updateUserProfile(
  db: Db,
  tenantId: string,
  userId: string,
  set: { email?: string; firstName?: string; lastName?: string; admin?: boolean; deactivatedAt?: Date | null },
): Promise<void> {
  if (Object.keys(set).length === 0) return
  await db.updateTable('user').set(set).where('tenantId', '=', tenantId).where('id', '=', userId).execute()
}

/** Active admins of the company: SCIM never takes the last one away. */
export async function countActiveAdmins(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('admin', '=', true)
    .where('deactivatedAt', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

// ---- groups -----------------------------------------------------------------------------------

const groupColumns = ['id', 'displayName', 'externalId', 'createdAt', 'updatedAt'] as const

export type ScimGroupRow = Awaited<ReturnType<typeof findScimGroup>> & {}

export function findScimGroup(db: Db, tenantId: string, groupId: string) {
  return db.selectFrom('scimGroup').select(groupColumns).where('tenantId', '=', tenantId).where('id', '=', groupId).executeTakeFirst()
}

export interface GroupFilter {
  attribute: 'displayName' | 'externalId'
  value: string
}

export async function listScimGroups(db: Db, tenantId: string, filter: GroupFilter | undefined, offset: number, limit: number) {
  let query = db.selectFrom('scimGroup').where('tenantId', '=', tenantId)
  if (filter?.attribute === 'displayName') query = query.where('displayKey', '=', filter.value.toLowerCase())
  if (filter?.attribute === 'externalId') query = query.where('externalId', '=', filter.value)
  const [rows, total] = await Promise.all([
    query.select(groupColumns).orderBy('createdAt', 'asc').orderBy('id', 'asc').offset(offset).limit(limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}

export async function groupNameTaken(db: Db, tenantId: string, displayName: string, exceptGroupId?: string): Promise<boolean> {
  let query = db.selectFrom('scimGroup').select('id').where('tenantId', '=', tenantId).where('displayKey', '=', displayName.toLowerCase())
  if (exceptGroupId) query = query.where('id', '<>', exceptGroupId)
  return (await query.executeTakeFirst()) !== undefined
}

export function insertScimGroup(db: Db, tenantId: string, input: { displayName: string; externalId: string | null }) {
  return db
    .insertInto('scimGroup')
    .values({ id: crypto.randomUUID(), tenantId, displayName: input.displayName, displayKey: input.displayName.toLowerCase(), externalId: input.externalId })
    .returning(groupColumns)
    .executeTakeFirstOrThrow()
}

export async function updateScimGroup(db: Db, tenantId: string, groupId: string, set: { displayName?: string; externalId?: string | null }): Promise<void> {
  await db
    .updateTable('scimGroup')
    .set({ ...set, ...(set.displayName !== undefined ? { displayKey: set.displayName.toLowerCase() } : {}), updatedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', groupId)
    .execute()
}

export async function deleteScimGroup(db: Db, tenantId: string, groupId: string): Promise<boolean> {
  const res = await db.deleteFrom('scimGroup').where('tenantId', '=', tenantId).where('id', '=', groupId).executeTakeFirst()
  return res.numDeletedRows > 0n
}

/** Members by group, each with the name SCIM shows (userName, else email). */
export function groupMembers(db: Db, tenantId: string, groupIds: string[]) {
  if (groupIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('scimGroupMember as m')
    .innerJoin('user as u', 'u.id', 'm.userId')
    .leftJoin('scimUser as s', 's.userId', 'u.id')
    .select(['m.groupId', 'm.userId', sql<string>`coalesce(s.user_name, u.email)`.as('display')])
    .where('m.tenantId', '=', tenantId)
    .where('m.groupId', 'in', groupIds)
    .orderBy('u.createdAt', 'asc')
    .execute()
}

/** The groups a user is in (the user resource's read-only `groups`). */
export function groupsOfUser(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('scimGroupMember as m')
    .innerJoin('scimGroup as g', 'g.id', 'm.groupId')
    .select(['g.id', 'g.displayName'])
    .where('m.tenantId', '=', tenantId)
    .where('m.userId', '=', userId)
    .execute()
}

/** Ids among `userIds` that are this company's (provisionable) users. */
export async function ownUserIds(db: Db, tenantId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await db.selectFrom('user').select('id').where('tenantId', '=', tenantId).where('inboundUser', '=', false).where('id', 'in', userIds).execute()
  return new Set(rows.map((r) => r.id))
}

export async function addGroupMembers(db: Db, tenantId: string, groupId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return
  await db
    .insertInto('scimGroupMember')
    .values(userIds.map((userId) => ({ groupId, userId, tenantId })))
    .onConflict((oc) => oc.columns(['groupId', 'userId']).doNothing())
    .execute()
}

export async function removeGroupMembers(db: Db, tenantId: string, groupId: string, userIds: string[] | 'all'): Promise<void> {
  let query = db.deleteFrom('scimGroupMember').where('tenantId', '=', tenantId).where('groupId', '=', groupId)
  if (userIds !== 'all') {
    if (userIds.length === 0) return
    query = query.where('userId', 'in', userIds)
  }
  await query.execute()
}

/** Users in the company's group whose display name is `adminGroup` (case-insensitive). */
export async function adminGroupMemberIds(db: Db, tenantId: string, adminGroup: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('scimGroupMember as m')
    .innerJoin('scimGroup as g', 'g.id', 'm.groupId')
    .select('m.userId')
    .where('m.tenantId', '=', tenantId)
    .where('g.displayKey', '=', adminGroup.toLowerCase())
    .execute()
  return new Set(rows.map((r) => r.userId))
}
