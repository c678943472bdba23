// Email verification links: 256-bit tokens, stored as SHA-256, single use, expiring.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

/** A new link replaces the user's unused earlier ones. */
export async function replaceVerification(db: Db, tenantId: string, input: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('emailVerification').where('tenantId', '=', tenantId).where('userId', '=', input.userId).where('usedAt', 'is', null).execute()
    await trx
      .insertInto('emailVerification')
      .values({ ...input, id: crypto.randomUUID(), usedAt: null, tenantId })
      .execute()
  })
}

/** Lookup by the hash of the link's token; the link carries no tenant, the row does. */
export function findVerification(db: Db, tokenHash: string) {
  return db.selectFrom('emailVerification').select(['id', 'tenantId', 'userId', 'expiresAt', 'usedAt']).where('tokenHash', '=', tokenHash).executeTakeFirst()
}

/** Single use: false when another request used the link first. */
export async function useVerification(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('emailVerification')
    .set({ usedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}
