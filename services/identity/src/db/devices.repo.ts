// Trusted devices: browsers that signed in successfully, known by the hash of their device cookie.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export async function insertDevice(db: Db, tenantId: string, input: { userId: string; tokenHash: string }): Promise<void> {
  await db
    .insertInto('device')
    .values({ ...input, id: crypto.randomUUID(), tenantId })
    .execute()
}

/** The device of a cookie, with its account's email (the cookie carries no tenant, the row does). */
export function findDevice(db: Db, tokenHash: string) {
  return db
    .selectFrom('device')
    .innerJoin('user', (j) => j.onRef('user.id', '=', 'device.userId').onRef('user.tenantId', '=', 'device.tenantId'))
    .select(['device.id', 'device.tenantId', 'device.userId', 'user.email'])
    .where('device.tokenHash', '=', tokenHash)
    .executeTakeFirst()
}

export async function touchDevice(db: Db, tenantId: string, id: string): Promise<void> {
  await db.updateTable('device').set({ lastUsedAt: new Date() }).where('tenantId', '=', tenantId).where('id', '=', id).execute()
}
