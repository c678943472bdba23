// Refresh tokens, grouped by session: rotation keeps one live token per session.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

type Db = Kysely<IdentityDb>

export async function insertRefreshToken(
  db: Db,
  tenantId: string,
  input: { userId: string; sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const id = crypto.randomUUID()
  await db
    .insertInto('refreshToken')
    .values({ ...input, id, revokedAt: null, tenantId })
    .execute()
  return id
}

/** Rotation's audit trail: the used token points at its successor. */
export async function markReplaced(db: Db, tenantId: string, id: string, replacedBy: string): Promise<void> {
  await db.updateTable('refreshToken').set({ replacedBy }).where('tenantId', '=', tenantId).where('id', '=', id).execute()
}

/** Lookup by the hash of the cookie's token; the cookie carries no tenant, the row does. */
export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refreshToken')
    .select(['id', 'tenantId', 'userId', 'sessionId', 'expiresAt', 'revokedAt', 'replacedBy'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
}

/** Marks one token used; false when another request used it first. */
export async function revokeRefreshToken(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('refreshToken')
    .set({ revokedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

export async function revokeSessionTokens(db: Db, tenantId: string, sessionId: string): Promise<void> {
  await db
    .updateTable('refreshToken')
    .set({ revokedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('sessionId', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute()
}

/** Revokes every live refresh token of the user; returns their session ids. */
export async function revokeUserSessions(db: Db, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db
    .updateTable('refreshToken')
    .set({ revokedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .returning('sessionId')
    .execute()
  return [...new Set(rows.map((r) => r.sessionId))]
}
