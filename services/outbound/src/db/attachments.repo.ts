// Files attached to an answer: metadata here, bytes in the blob store under `<tenant>/inboundAttachments/<uuid>`.
import type { Kysely } from 'kysely'
import type { OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>
const columns = ['id', 'questionId', 'fileName', 'size', 'mimeType', 'blobKey', 'createdAt'] as const

export function listAttachments(db: Db, tenantId: string, outboundId: string) {
  return db
    .selectFrom('attachment')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
}

export function insertAttachment(
  db: Db,
  tenantId: string,
  input: { outboundId: string; questionId: string; fileName: string; size: number; mimeType: string; blobKey: string },
) {
  return db
    .insertInto('attachment')
    .values({ id: crypto.randomUUID(), tenantId, ...input })
    .returning(columns)
    .executeTakeFirstOrThrow()
}

/** The attachment, only when it belongs to this outbound's question: another's id names nothing (404). */
export function findAttachment(db: Db, tenantId: string, ids: { outboundId: string; questionId?: string | undefined; attachmentId: string }) {
  let q = db
    .selectFrom('attachment')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', ids.outboundId)
    .where('id', '=', ids.attachmentId)
  if (ids.questionId) q = q.where('questionId', '=', ids.questionId)
  return q.executeTakeFirst()
}

export async function deleteAttachment(db: Db, tenantId: string, outboundId: string, attachmentId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('attachment')
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .where('id', '=', attachmentId)
    .returning('blobKey')
    .executeTakeFirst()
  return row?.blobKey
}
