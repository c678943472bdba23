// Invitations: a tenant's admin invites an address; the link's token is stored only as a hash.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export async function replaceInvite(db: Db, tenantId: string, input: { email: string; tokenHash: string; invitedBy: string; expiresAt: Date }) {
  // One pending invite per address: a new invite replaces the old link.
  await db.deleteFrom('invite').where('tenantId', '=', tenantId).where('email', '=', input.email).where('acceptedAt', 'is', null).execute()
  return db
    .insertInto('invite')
    .values({ ...input, id: crypto.randomUUID(), acceptedAt: null, tenantId })
    .returning(['id'])
    .executeTakeFirstOrThrow()
}

/** A usable invite: found by its token's hash, not accepted, not expired. */
export function findUsableInvite(db: Db, tokenHash: string) {
  return db
    .selectFrom('invite')
    .select(['id', 'tenantId', 'email'])
    .where('tokenHash', '=', tokenHash)
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst()
}

export function listPendingInvites(db: Db, tenantId: string) {
  return db
    .selectFrom('invite')
    .select(['id', 'email', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .orderBy('createdAt', 'asc')
    .execute()
}

export async function acceptInvite(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('invite')
    .set({ acceptedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

/** The withdrawn invitation's address (for the audit log), or undefined when there was none. */
export async function deleteInvite(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('invite')
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .returning('email')
    .executeTakeFirst()
  return row?.email
}
