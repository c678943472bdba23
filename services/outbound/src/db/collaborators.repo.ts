// Collaborators: more addresses (the recipient's colleagues) invited to answer the same outbound.
import type { Kysely } from 'kysely'
import type { OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>

export async function collaboratorsOf(db: Db, tenantId: string, outboundIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (!outboundIds.length) return out
  const rows = await db
    .selectFrom('collaborator')
    .select(['outboundId', 'email'])
    .where('tenantId', '=', tenantId)
    .where('outboundId', 'in', outboundIds)
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
  for (const r of rows) out.set(r.outboundId, [...(out.get(r.outboundId) ?? []), r.email])
  return out
}

/** false when the address is already a collaborator of this outbound. */
export async function addCollaborator(db: Db, tenantId: string, outboundId: string, email: string): Promise<boolean> {
  const row = await db
    .insertInto('collaborator')
    .values({ id: crypto.randomUUID(), tenantId, outboundId, email })
    .onConflict((oc) => oc.columns(['outboundId', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

export async function removeCollaborator(db: Db, tenantId: string, outboundId: string, email: string): Promise<boolean> {
  const res = await db
    .deleteFrom('collaborator')
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .where('email', '=', email)
    .executeTakeFirst()
  return res.numDeletedRows > 0n
}
