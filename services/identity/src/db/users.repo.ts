import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>
const userColumns = ['id', 'tenantId', 'email', 'firstName', 'lastName', 'admin', 'inboundUser', 'emailVerifiedAt', 'deactivatedAt', 'createdAt'] as const

/** Sign-in and password reset only: emails are unique across tenants, which is how email → tenant works. */
export function findUserByEmailAnyTenant(db: Db, email: string) {
  return db
    .selectFrom('user')
    .select([...userColumns, 'passwordHash'])
    .where('email', '=', email)
    .executeTakeFirst()
}

export function findUser(db: Db, tenantId: string, userId: string) {
  return db.selectFrom('user').select(userColumns).where('tenantId', '=', tenantId).where('id', '=', userId).executeTakeFirst()
}

export function findUserByEmail(db: Db, tenantId: string, email: string) {
  return db.selectFrom('user').select(userColumns).where('tenantId', '=', tenantId).where('email', '=', email).executeTakeFirst()
}

export function listUsers(db: Db, tenantId: string) {
  return db.selectFrom('user').select(userColumns).where('tenantId', '=', tenantId).orderBy('createdAt', 'asc').execute()
}

/** `emailVerifiedAt`: set when the address is already proven (an accepted invite, the demo). */
export function insertUser(
  db: Db,
  tenantId: string,
  input: { email: string; passwordHash: string; firstName: string; lastName: string; admin: boolean; emailVerifiedAt?: Date },
) {
  return db
    .insertInto('user')
    .values({ ...input, id: crypto.randomUUID(), tenantId })
    .returning(userColumns)
    .executeTakeFirstOrThrow()
}

export function updateUserNames(db: Db, tenantId: string, userId: string, names: { firstName: string; lastName: string }) {
  return db.updateTable('user').set(names).where('tenantId', '=', tenantId).where('id', '=', userId).returning(userColumns).executeTakeFirst()
}

export async function setPasswordHash(db: Db, tenantId: string, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('user').set({ passwordHash }).where('tenantId', '=', tenantId).where('id', '=', userId).execute()
}

export async function deleteUser(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const res = await db.deleteFrom('user').where('tenantId', '=', tenantId).where('id', '=', userId).executeTakeFirst()
  return res.numDeletedRows > 0n
}

/** Marks the address proven (once: a later link changes nothing). */
export async function markEmailVerified(db: Db, tenantId: string, userId: string): Promise<void> {
  await db
    .updateTable('user')
    .set({ emailVerifiedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .execute()
}
