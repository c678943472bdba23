// SAML rows: the company's IdP, the AuthnRequests in flight (InResponseTo) and the assertion ids
// already used (replay). A request is found by its id alone (the IdP's answer carries no tenant):
// the row does, and the ACS then validates with that company's settings only.
import type { Kysely } from 'kysely'
import { isUniqueViolation } from './errors.js'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export interface SamlSettingInput {
  idpEntityId: string
  ssoUrl: string
  signingCerts: string[]
  emailAttribute: string | null
  roleAttribute: string
  adminValues: string[]
}

export async function upsertSamlSetting(db: Db, tenantId: string, input: SamlSettingInput): Promise<void> {
  const values = { ...input, signingCerts: JSON.stringify(input.signingCerts), adminValues: JSON.stringify(input.adminValues), updatedAt: new Date() }
  await db
    .insertInto('ssoSaml')
    .values({ tenantId, ...values })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
    .execute()
}

export async function findSamlSetting(db: Db, tenantId: string) {
  const row = await db.selectFrom('ssoSaml').selectAll().where('tenantId', '=', tenantId).executeTakeFirst()
  return row && { ...row, signingCerts: JSON.parse(row.signingCerts) as string[], adminValues: JSON.parse(row.adminValues) as string[] }
}
export type SamlSetting = NonNullable<Awaited<ReturnType<typeof findSamlSetting>>>

export async function deleteSamlSetting(db: Db, tenantId: string): Promise<boolean> {
  const res = await db.deleteFrom('ssoSaml').where('tenantId', '=', tenantId).executeTakeFirst()
  return res.numDeletedRows > 0n
}

export async function insertSamlRequest(db: Db, tenantId: string, id: string, expiresAt: Date): Promise<void> {
  await db.insertInto('samlRequest').values({ id, tenantId, expiresAt, usedAt: null }).execute()
}

/** The company of a request still open (unused, unexpired); undefined otherwise. */
export async function openSamlRequest(db: Db, id: string) {
  return db
    .selectFrom('samlRequest')
    .select(['id', 'tenantId'])
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst()
}

/** Spends the request: true only for the first caller (single use under concurrency). */
export async function spendSamlRequest(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('samlRequest')
    .set({ usedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

/** Records an assertion id as used; false when it was used already (a replay). */
export async function useAssertionId(db: Db, tenantId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
  try {
    await db.insertInto('samlAssertion').values({ tenantId, assertionId, expiresAt }).execute()
    return true
  } catch (err) {
    if (isUniqueViolation(err)) return false
    throw err
  }
}

/** Requests and used assertion ids are worth nothing once expired. */
export async function pruneSaml(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('samlRequest').where('expiresAt', '<', before).execute()
  await db.deleteFrom('samlAssertion').where('expiresAt', '<', before).execute()
}
