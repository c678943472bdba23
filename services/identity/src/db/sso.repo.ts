// Single sign-on rows: domains, the OIDC provider, the policy, flows in progress and tickets.
// Domains and tickets are provider-neutral (SAML uses them too). Flows and tickets are found by a
// hash that carries no tenant (the browser comes back with only the state or the ticket): the row does.
import type { Kysely } from 'kysely'
import { isUniqueViolation } from './errors.js'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>
const domainColumns = ['id', 'tenantId', 'domain', 'txtToken', 'verifiedAt', 'verifiedBy'] as const

export function listDomains(db: Db, tenantId: string) {
  return db.selectFrom('ssoDomain').select(domainColumns).where('tenantId', '=', tenantId).orderBy('domain').execute()
}

export function findDomain(db: Db, tenantId: string, domain: string) {
  return db.selectFrom('ssoDomain').select(domainColumns).where('tenantId', '=', tenantId).where('domain', '=', domain).executeTakeFirst()
}

/** The company that proved `domain`, if any (at most one: a unique index). */
export function findProvenDomain(db: Db, domain: string) {
  return db.selectFrom('ssoDomain').select(domainColumns).where('domain', '=', domain).where('verifiedAt', 'is not', null).executeTakeFirst()
}

/** Claims a domain for the company (kept as it is when claimed already). */
export async function claimDomain(db: Db, tenantId: string, domain: string, txtToken: string) {
  await db
    .insertInto('ssoDomain')
    .values({ id: crypto.randomUUID(), tenantId, domain, txtToken, verifiedAt: null, verifiedBy: null })
    .onConflict((oc) => oc.columns(['tenantId', 'domain']).doNothing())
    .execute()
  return (await findDomain(db, tenantId, domain))!
}

/** Marks the claim proven; false when another company proved the domain first. */
export async function proveDomain(db: Db, tenantId: string, domain: string, by: 'admin_email' | 'dns'): Promise<boolean> {
  try {
    const res = await db
      .updateTable('ssoDomain')
      .set({ verifiedAt: new Date(), verifiedBy: by })
      .where('tenantId', '=', tenantId)
      .where('domain', '=', domain)
      .where('verifiedAt', 'is', null)
      .executeTakeFirst()
    return res.numUpdatedRows > 0n || (await findDomain(db, tenantId, domain))?.verifiedAt != null
  } catch (err) {
    if (isUniqueViolation(err)) return false
    throw err
  }
}

export async function deleteDomain(db: Db, tenantId: string, domain: string): Promise<boolean> {
  const res = await db.deleteFrom('ssoDomain').where('tenantId', '=', tenantId).where('domain', '=', domain).executeTakeFirst()
  return res.numDeletedRows > 0n
}

export interface OidcSettingInput {
  issuer: string
  clientId: string
  clientSecretEnc: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
  roleClaim: string
  adminValues: string[]
}

export async function upsertOidcSetting(db: Db, tenantId: string, input: OidcSettingInput): Promise<void> {
  const values = { ...input, adminValues: JSON.stringify(input.adminValues), updatedAt: new Date() }
  await db
    .insertInto('ssoOidc')
    .values({ tenantId, ...values })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
    .execute()
}

export async function findOidcSetting(db: Db, tenantId: string) {
  const row = await db.selectFrom('ssoOidc').selectAll().where('tenantId', '=', tenantId).executeTakeFirst()
  return row && { ...row, adminValues: JSON.parse(row.adminValues) as string[] }
}

export async function deleteOidcSetting(db: Db, tenantId: string): Promise<boolean> {
  const res = await db.deleteFrom('ssoOidc').where('tenantId', '=', tenantId).executeTakeFirst()
  return res.numDeletedRows > 0n
}

export async function ssoRequired(db: Db, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('ssoPolicy').select('required').where('tenantId', '=', tenantId).executeTakeFirst()
  return row?.required ?? false
}

export async function setSsoRequired(db: Db, tenantId: string, required: boolean): Promise<void> {
  await db
    .insertInto('ssoPolicy')
    .values({ tenantId, required })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet({ required }))
    .execute()
}

export async function insertFlow(
  db: Db,
  tenantId: string,
  input: { stateHash: string; browserHash: string; nonce: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('ssoFlow')
    .values({ id: crypto.randomUUID(), tenantId, usedAt: null, ...input })
    .execute()
}

/** Takes the flow of this state once: undefined when unknown, used already or expired. */
export function takeFlow(db: Db, stateHash: string) {
  return db
    .updateTable('ssoFlow')
    .set({ usedAt: new Date() })
    .where('stateHash', '=', stateHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning(['id', 'tenantId', 'browserHash', 'nonce', 'codeVerifier'])
    .executeTakeFirst()
}

export async function insertTicket(db: Db, tenantId: string, input: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('ssoTicket')
    .values({ id: crypto.randomUUID(), tenantId, usedAt: null, ...input })
    .execute()
}

/** Takes the ticket once: undefined when unknown, used already or expired. */
export function takeTicket(db: Db, tokenHash: string) {
  return db
    .updateTable('ssoTicket')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning(['tenantId', 'userId'])
    .executeTakeFirst()
}

/** Flows and tickets are worth nothing once expired: forgotten by the hourly sweep. */
export async function pruneSsoFlows(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('ssoFlow').where('expiresAt', '<', before).execute()
  await db.deleteFrom('ssoTicket').where('expiresAt', '<', before).execute()
}
