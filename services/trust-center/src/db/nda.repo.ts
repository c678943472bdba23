// NDA versions (append-only) and their acceptances. An acceptance records which version and the
// SHA-256 of its text, so what someone agreed to stays provable after later edits.
import { pageWithTotal } from '@portal/db'
import type { Kysely } from 'kysely'
import { sha256Hex } from '../domain/permission-token.js'
import type { TrustCenterDb } from './schema.js'

type Db = Kysely<TrustCenterDb>
const columns = ['id', 'version', 'description', 'textHash', 'createdAt'] as const

export function currentNda(db: Db, tenantId: string) {
  return db.selectFrom('nda').select(columns).where('tenantId', '=', tenantId).orderBy('version', 'desc').limit(1).executeTakeFirst()
}

export function findNda(db: Db, tenantId: string, id: string) {
  return db.selectFrom('nda').select(columns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

/** A new version row; two saves at once both land (the loser of a version number retries). */
export async function insertNdaVersion(db: Db, tenantId: string, description: string) {
  for (let attempt = 0; ; attempt++) {
    const version = ((await currentNda(db, tenantId))?.version ?? 0) + 1
    const row = await db
      .insertInto('nda')
      .values({ id: crypto.randomUUID(), version, description, textHash: sha256Hex(description), tenantId })
      .onConflict((oc) => oc.columns(['tenantId', 'version']).doNothing())
      .returning(columns)
      .executeTakeFirst()
    if (row) return row
    if (attempt > 20) throw new Error('could not allocate an NDA version')
  }
}

export interface AcceptanceInput {
  ndaId: string
  version: number
  textHash: string
  name: string
  email: string
  ip: string
  userAgent: string
  /** Set when the visitor proved the email is theirs as they accepted (a valid access link); else null. */
  confirmedAt: Date | null
}

export async function insertAcceptance(db: Db, tenantId: string, input: AcceptanceInput): Promise<string> {
  const row = await db
    .insertInto('ndaAcceptance')
    .values({ id: crypto.randomUUID(), ...input, tenantId })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * The visitor followed the access link mailed to `email`: their acceptances under it are theirs.
 * Returns how many were confirmed now.
 */
export async function confirmAcceptances(db: Db, tenantId: string, email: string, at: Date): Promise<number> {
  const res = await db
    .updateTable('ndaAcceptance')
    .set({ confirmedAt: at })
    .where('tenantId', '=', tenantId)
    .where('email', '=', email)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

export async function hasAccepted(db: Db, tenantId: string, ndaId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('ndaAcceptance')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('ndaId', '=', ndaId)
    .where('email', '=', email)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function listAcceptances(db: Db, tenantId: string, page: number, pageSize: number) {
  const base = db.selectFrom('ndaAcceptance').where('tenantId', '=', tenantId)
  return pageWithTotal(
    base
      .select(['id', 'ndaId', 'version', 'name', 'email', 'ip', 'userAgent', 'textHash', 'createdAt', 'confirmedAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id'),
    base.select((eb) => eb.fn.countAll<string>().as('n')),
    page,
    pageSize,
  )
}
