// The comment thread of an outbound's question: staff (`outbound`) and the recipient (`inbound`).
import type { Kysely } from 'kysely'
import type { OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>
const columns = ['id', 'outboundId', 'questionId', 'comment', 'commentType', 'firstName', 'lastName', 'createdAt'] as const

export function listComments(db: Db, tenantId: string, outboundId: string, questionId: string) {
  return db
    .selectFrom('comment')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .where('questionId', '=', questionId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
}

/** The recipient's (and collaborators') comments on every question of an outbound, oldest first. */
export function inboundComments(db: Db, tenantId: string, outboundId: string) {
  return db
    .selectFrom('comment')
    .select(['questionId', 'comment'])
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .where('commentType', '=', 'inbound')
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
}

export function insertComment(
  db: Db,
  tenantId: string,
  input: { outboundId: string; questionId: string; comment: string; commentType: 'outbound' | 'inbound'; firstName: string; lastName: string },
) {
  return db
    .insertInto('comment')
    .values({ id: crypto.randomUUID(), tenantId, ...input })
    .returning(columns)
    .executeTakeFirstOrThrow()
}
