import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

/** A new code replaces every earlier one of the user. */
export async function replaceOtp(db: Db, tenantId: string, input: { userId: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('otp').set({ consumedAt: new Date() }).where('tenantId', '=', tenantId).where('userId', '=', input.userId).where('consumedAt', 'is', null).execute()
    await trx.insertInto('otp').values({ ...input, id: crypto.randomUUID(), validatedAt: null, consumedAt: null, tenantId }).execute()
  })
}

export function findLiveOtp(db: Db, tenantId: string, userId: string) {
  return db.selectFrom('otp').select(['id', 'codeHash', 'attempts', 'expiresAt', 'validatedAt']).where('tenantId', '=', tenantId).where('userId', '=', userId)
    .where('consumedAt', 'is', null).orderBy('createdAt', 'desc').limit(1).executeTakeFirst()
}

export async function recordWrongOtp(db: Db, tenantId: string, id: string): Promise<void> {
  await db.updateTable('otp').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('tenantId', '=', tenantId).where('id', '=', id).execute()
}

export async function markOtpValidated(db: Db, tenantId: string, id: string): Promise<void> {
  await db.updateTable('otp').set({ validatedAt: new Date() }).where('tenantId', '=', tenantId).where('id', '=', id).execute()
}

/** Single use: false when the code was already consumed. */
export async function consumeOtp(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db.updateTable('otp').set({ consumedAt: new Date() }).where('tenantId', '=', tenantId).where('id', '=', id).where('consumedAt', 'is', null).executeTakeFirst()
  return res.numUpdatedRows > 0n
}
