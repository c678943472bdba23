// Answers whose evidence goes away: a cited document deleted, replaced by a new version, or taken
// out of the index. Citations name chunks, so this runs before the document's chunks go.
import { type Kysely, sql } from 'kysely'
import type { QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>

/** The reason shown to the reviewer when a cited document goes: `what` happened on the UTC date. */
export const citedDocumentReason = (name: string, what: 'deleted' | 'replaced' | 'removed from the index', at = new Date()) =>
  `The cited document ${name} was ${what} on ${at.toISOString().slice(0, 10)}`

/**
 * Answers citing a document's passages go back to review, with the reason in words: an approved
 * answer whose evidence is gone is no longer approved (nor offered by the answer library). Call it
 * before the document's chunks are deleted or replaced: citations name chunks.
 */
export async function flagAnswersCiting(db: Db, tenantId: string, documentId: string, reason: string): Promise<number> {
  const chunks = db as unknown as Kysely<{ chunk: { id: string; tenantId: string; documentId: string } }>
  const ids = (await chunks.selectFrom('chunk').select('id').where('tenantId', '=', tenantId).where('documentId', '=', documentId).execute()).map((c) => String(c.id))
  if (!ids.length) return 0
  const res = await db.updateTable('question')
    .set({ llmReviewRespons: 1, llmstatus: false, reviewstatus: false, reviewReason: reason, updatedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where(sql<boolean>`citations ?| ${sql.val(ids)}::text[]`)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}
