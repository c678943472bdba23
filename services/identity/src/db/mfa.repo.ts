// Second factors of staff: TOTP secrets (sealed), recovery codes (hashed), passkeys, and sign-ins
// waiting for their second factor (the mfaToken's hash). Every query names its tenant.
import { type Kysely, sql } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export function findTotp(db: Db, tenantId: string, userId: string) {
  return db.selectFrom('mfaTotp').selectAll().where('tenantId', '=', tenantId).where('userId', '=', userId).executeTakeFirst()
}

/** A new, unconfirmed secret; replaces an unconfirmed one, never a confirmed one. */
export async function startTotp(db: Db, tenantId: string, userId: string, secretEnc: string): Promise<boolean> {
  const res = await db
    .insertInto('mfaTotp')
    .values({ id: crypto.randomUUID(), tenantId, userId, secretEnc })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ secretEnc, createdAt: sql`now()` }).where('mfaTotp.confirmedAt', 'is', null))
    .executeTakeFirst()
  return (res.numInsertedOrUpdatedRows ?? 0n) > 0n
}

/**
 * Records `step` as used, only if it is later than the last one: of two requests with one code, one
 * wins. `confirm` also activates the secret (it must still be unconfirmed).
 */
export async function useTotpStep(db: Db, tenantId: string, userId: string, step: number, confirm = false): Promise<boolean> {
  let q = db
    .updateTable('mfaTotp')
    .set({ lastStep: String(step), ...(confirm ? { confirmedAt: new Date() } : {}) })
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('lastStep', '<', String(step))
  q = confirm ? q.where('confirmedAt', 'is', null) : q.where('confirmedAt', 'is not', null)
  const res = await q.executeTakeFirst()
  return res.numUpdatedRows > 0n
}

export async function replaceRecoveryCodes(db: Db, tenantId: string, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('mfaRecoveryCode').where('tenantId', '=', tenantId).where('userId', '=', userId).execute()
  await db
    .insertInto('mfaRecoveryCode')
    .values(hashes.map((codeHash) => ({ id: crypto.randomUUID(), tenantId, userId, codeHash, usedAt: null })))
    .execute()
}

/** Spends a recovery code: true once, for an unused code of this user. */
export async function useRecoveryCode(db: Db, tenantId: string, userId: string, codeHash: string): Promise<boolean> {
  const res = await db
    .updateTable('mfaRecoveryCode')
    .set({ usedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

export async function recoveryCodesLeft(db: Db, tenantId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mfaRecoveryCode')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export function listPasskeys(db: Db, tenantId: string, userId: string) {
  return db.selectFrom('webauthnCredential').selectAll().where('tenantId', '=', tenantId).where('userId', '=', userId).orderBy('createdAt', 'asc').execute()
}

export async function insertPasskey(
  db: Db,
  tenantId: string,
  input: { userId: string; credentialId: string; publicKey: string; counter: number; transports: string[]; name: string },
): Promise<void> {
  await db
    .insertInto('webauthnCredential')
    .values({ id: crypto.randomUUID(), tenantId, ...input, counter: String(input.counter), transports: input.transports.join(','), lastUsedAt: null })
    .execute()
}

export async function touchPasskey(db: Db, tenantId: string, id: string, counter: number): Promise<void> {
  await db
    .updateTable('webauthnCredential')
    .set({ counter: String(counter), lastUsedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .execute()
}

export async function deletePasskey(db: Db, tenantId: string, userId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('webauthnCredential').where('tenantId', '=', tenantId).where('userId', '=', userId).where('id', '=', id).executeTakeFirst()
  return res.numDeletedRows > 0n
}

/** Whether the user has an active factor (a confirmed TOTP or a passkey). */
export async function hasFactor(db: Db, tenantId: string, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const [totp, passkeys] = await Promise.all([findTotp(db, tenantId, userId), listPasskeys(db, tenantId, userId)])
  return { totp: !!totp?.confirmedAt, passkeys: passkeys.length }
}

/** TOTP and its recovery codes removed (self with a code, or an admin's reset). */
export async function removeTotp(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.deleteFrom('mfaTotp').where('tenantId', '=', tenantId).where('userId', '=', userId).execute()
  await db.deleteFrom('mfaRecoveryCode').where('tenantId', '=', tenantId).where('userId', '=', userId).execute()
}

/** Every factor of the user removed (an admin's reset of a member who lost them). */
export async function removeAllFactors(db: Db, tenantId: string, userId: string): Promise<void> {
  await removeTotp(db, tenantId, userId)
  await db.deleteFrom('webauthnCredential').where('tenantId', '=', tenantId).where('userId', '=', userId).execute()
  await db.deleteFrom('webauthnRegistration').where('tenantId', '=', tenantId).where('userId', '=', userId).execute()
}

export async function insertChallenge(db: Db, tenantId: string, input: { userId: string; tokenHash: string; enrol: boolean; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('mfaChallenge')
    .values({ id: crypto.randomUUID(), tenantId, ...input, webauthnChallenge: null, usedAt: null })
    .execute()
}

/** A pending sign-in by its token's hash: unused and unexpired, else undefined. The tenant comes from it. */
export function findChallenge(db: Db, tokenHash: string) {
  return db
    .selectFrom('mfaChallenge')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst()
}

export async function setChallengeWebauthn(db: Db, tenantId: string, id: string, challenge: string): Promise<void> {
  await db.updateTable('mfaChallenge').set({ webauthnChallenge: challenge }).where('tenantId', '=', tenantId).where('id', '=', id).execute()
}

/** Single use: of two requests with one token, one wins. */
export async function consumeChallenge(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('mfaChallenge')
    .set({ usedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

export async function pruneChallenges(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('mfaChallenge').where('expiresAt', '<', olderThan).execute()
}

export async function setRegistrationChallenge(db: Db, tenantId: string, userId: string, challenge: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('webauthnRegistration')
    .values({ userId, tenantId, challenge, expiresAt })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ challenge, expiresAt }))
    .execute()
}

/** The pending registration challenge, taken (deleted) so it serves once. */
export async function takeRegistrationChallenge(db: Db, tenantId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('webauthnRegistration')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('expiresAt', '>', new Date())
    .returning('challenge')
    .executeTakeFirst()
  return row?.challenge
}

export async function setMfaRequired(db: Db, tenantId: string, required: boolean): Promise<void> {
  await db.updateTable('tenant').set({ mfaRequired: required }).where('id', '=', tenantId).execute()
}

export async function mfaRequiredOf(db: Db, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('tenant').select('mfaRequired').where('id', '=', tenantId).executeTakeFirst()
  return row?.mfaRequired ?? false
}
