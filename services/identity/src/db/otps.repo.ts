// Password-reset codes. A code validates once; its validation hands out a reset token (stored as a
// hash on the same row), and only that token, once, sets the new password.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

/** A new code replaces every earlier one of the user. */
export async function replaceOtp(db: Db, tenantId: string, input: { userId: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('otp')
      .set({ consumedAt: new Date() })
      .where('tenantId', '=', tenantId)
      .where('userId', '=', input.userId)
      .where('consumedAt', 'is', null)
      .execute()
    await trx
      .insertInto('otp')
      .values({ ...input, id: crypto.randomUUID(), validatedAt: null, consumedAt: null, tenantId })
      .execute()
  })
}

/**
 * The code awaiting validation for an email, in one query whether or not an account exists (emails
 * are unique across tenants, which is how email → tenant works for sign-in and reset).
 */
export function findPendingOtpByEmail(db: Db, email: string) {
  return db
    .selectFrom('otp')
    .innerJoin('user', (j) => j.onRef('user.id', '=', 'otp.userId').onRef('user.tenantId', '=', 'otp.tenantId'))
    .select(['otp.id', 'otp.tenantId', 'otp.userId', 'otp.codeHash', 'otp.attempts', 'otp.expiresAt'])
    .where('user.email', '=', email)
    .where('otp.consumedAt', 'is', null)
    .where('otp.validatedAt', 'is', null)
    .orderBy('otp.createdAt', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function recordWrongOtp(db: Db, tenantId: string, id: string): Promise<void> {
  await db
    .updateTable('otp')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .execute()
}

/** Validates once: false when another request validated the code first. */
export async function markOtpValidated(db: Db, tenantId: string, id: string, resetTokenHash: string): Promise<boolean> {
  const res = await db
    .updateTable('otp')
    .set({ validatedAt: new Date(), resetTokenHash })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('validatedAt', 'is', null)
    .where('consumedAt', 'is', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

/** The validated, unused code a reset token belongs to, with its account's email. */
export function findResetByToken(db: Db, resetTokenHash: string) {
  return db
    .selectFrom('otp')
    .innerJoin('user', (j) => j.onRef('user.id', '=', 'otp.userId').onRef('user.tenantId', '=', 'otp.tenantId'))
    .select(['otp.id', 'otp.tenantId', 'otp.userId', 'otp.validatedAt', 'user.email', 'user.firstName', 'user.lastName'])
    .where('otp.resetTokenHash', '=', resetTokenHash)
    .where('otp.consumedAt', 'is', null)
    .where('otp.validatedAt', 'is not', null)
    .executeTakeFirst()
}

/** Single use: false when the code (and its reset token) was already consumed. */
export async function consumeOtp(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('otp')
    .set({ consumedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('consumedAt', 'is', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}
