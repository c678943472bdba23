// Access requests of visitors and the accounts they become once approved. An approved row holds
// the hash of the visitor's permission token, its expiry, and who approved it.
import { pageWithTotal } from '@portal/db'
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { AccessStatus, TrustCenterDb } from './schema.js'

type Db = Kysely<TrustCenterDb>
const columns = [
  'id',
  'firstName',
  'lastName',
  'companyName',
  'workEmail',
  'relationship',
  'status',
  'approvedById',
  'approvedByName',
  'approvedAt',
  'expiresAt',
  'createdAt',
] as const

export interface RequesterInput {
  firstName: string
  lastName: string
  companyName: string
  workEmail: string
  relationship: string
}

export function insertRequest(db: Db, tenantId: string, input: RequesterInput & { ndaId: string | null; documentId?: string | null | undefined }) {
  return db
    .insertInto('accessRequest')
    .values({ id: crypto.randomUUID(), ...input, status: 'pending', tenantId })
    .returning(columns)
    .executeTakeFirstOrThrow()
}

export function findLiveRequest(db: Db, tenantId: string, id: string) {
  return db.selectFrom('accessRequest').select(columns).where('tenantId', '=', tenantId).where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst()
}

/** The live (not deleted) request or account of an email in a given state, newest first. */
export function findLiveByEmail(db: Db, tenantId: string, email: string, status: AccessStatus) {
  return db
    .selectFrom('accessRequest')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('workEmail', '=', email)
    .where('status', '=', status)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function listRequests(db: Db, tenantId: string, status: AccessStatus, page: number, pageSize: number) {
  const base = db.selectFrom('accessRequest').where('tenantId', '=', tenantId).where('status', '=', status).where('deletedAt', 'is', null)
  return pageWithTotal(
    base
      .select(columns)
      // What staff see of the requester's NDA acceptances (any version): one recorded, one proven by the mailed link.
      .select((eb) => [
        // The document asked from, by its title now (null once deleted).
        eb
          .selectFrom('document')
          .select(sql<string>`coalesce(nullif(title, ''), file_name)`.as('t'))
          .whereRef('document.id', '=', 'accessRequest.documentId')
          .whereRef('document.tenantId', '=', 'accessRequest.tenantId')
          .as('documentTitle'),
        'accessRequest.documentId',
        eb.exists(acceptancesOf(eb)).as('ndaAccepted'),
        eb.exists(acceptancesOf(eb).where('ndaAcceptance.confirmedAt', 'is not', null)).as('ndaConfirmed'),
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id'),
    base.select((eb) => eb.fn.countAll<string>().as('n')),
    page,
    pageSize,
  )
}

const acceptancesOf = (eb: ExpressionBuilder<TrustCenterDb, 'accessRequest'>) =>
  eb
    .selectFrom('ndaAcceptance')
    .select(sql<number>`1`.as('one'))
    .whereRef('ndaAcceptance.tenantId', '=', 'accessRequest.tenantId')
    .whereRef('ndaAcceptance.email', '=', 'accessRequest.workEmail')

export interface Grant {
  tokenHash: string
  expiresAt: Date
  approvedById: string
  approvedByName: string
}

/** Approves (or re-issues): a new token hash replaces any earlier one, which stops working at once. */
export function grantAccess(db: Db, tenantId: string, id: string, grant: Grant) {
  return db
    .updateTable('accessRequest')
    .set({ ...grant, status: 'approved', approvedAt: sql`now()`, revokedAt: null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returning(columns)
    .executeTakeFirst()
}

export interface GrantState {
  status: AccessStatus
  tokenHash: string | null
  expiresAt: Date | null
  approvedById: string | null
  approvedByName: string | null
  approvedAt: Date | null
}

/** What a grant replaces, so that it can be put back. */
export function findGrantState(db: Db, tenantId: string, id: string): Promise<GrantState | undefined> {
  return db
    .selectFrom('accessRequest')
    .select(['status', 'tokenHash', 'expiresAt', 'approvedById', 'approvedByName', 'approvedAt'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst()
}

/** Undoes a grant whose mail could not be sent: the request (or account, with its old link) as it was. */
export async function restoreGrant(db: Db, tenantId: string, id: string, previous: GrantState): Promise<void> {
  await db.updateTable('accessRequest').set(previous).where('tenantId', '=', tenantId).where('id', '=', id).execute()
}

/** Deletes a request or account for every list, and revokes its token in the same statement. */
export async function deleteRequest(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('accessRequest')
    .set({ deletedAt: sql`now()`, revokedAt: sql`now()` })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

/** The account a token hash belongs to, in this tenant only; validity is judged by the caller. */
export function findByTokenHash(db: Db, tenantId: string, tokenHash: string) {
  return db
    .selectFrom('accessRequest')
    .select(['id', 'workEmail', 'status', 'expiresAt', 'revokedAt', 'deletedAt'])
    .where('tenantId', '=', tenantId)
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
}
