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

/** What an outbound's attachments add up to now. */
export async function attachmentsHeld(db: Db, tenantId: string, outboundId: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('attachment')
    .select((eb) => [eb.fn.countAll<string>().as('files'), eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes')])
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .executeTakeFirstOrThrow()
  return { files: Number(row.files), bytes: Number(row.bytes) }
}

/**
 * Adds the attachment while its outbound is open and within `cap`, holding the outbound's row lock
 * (the one a submit takes): none lands after a submit, and concurrent uploads cannot overshoot the
 * cap. Otherwise nothing is added and the answer says why.
 */
export async function insertAttachment(
  db: Db,
  tenantId: string,
  input: { outboundId: string; questionId: string; fileName: string; size: number; mimeType: string; blobKey: string },
  cap: { files: number; bytes: number },
) {
  return db.transaction().execute(async (tx) => {
    const outbound = await tx
      .selectFrom('outbound')
      .select('status')
      .where('tenantId', '=', tenantId)
      .where('id', '=', input.outboundId)
      .forUpdate()
      .executeTakeFirst()
    if (!outbound) return 'gone' as const
    if (outbound.status) return 'submitted' as const
    const held = await attachmentsHeld(tx, tenantId, input.outboundId)
    if (held.files + 1 > cap.files || held.bytes + input.size > cap.bytes) return 'full' as const
    return tx
      .insertInto('attachment')
      .values({ id: crypto.randomUUID(), tenantId, ...input })
      .returning(columns)
      .executeTakeFirstOrThrow()
  })
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
