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
  const ids = (await chunks.selectFrom('chunk').select('id').where('tenantId', '=', tenantId).where('documentId', '=', documentId).execute()).map((c) =>
    String(c.id),
  )
  if (!ids.length) return 0
  const res = await db
    .updateTable('question')
    .set({ llmReviewRespons: 1, llmstatus: false, reviewstatus: false, reviewReason: reason, updatedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where(sql<boolean>`citations ?| ${sql.val(ids)}::text[]`)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface CitedDocument {
  /** The compliance file (knowledge-base document) the chunk was read from. */
  documentId: string
  documentName: string
  page: number
}

/**
 * The documents behind cited chunks (chunk id → its document and page), for the review page's
 * source link. Chunks of a deleted or replaced document are gone, so they name nothing.
 */
export async function citedDocuments(db: Db, tenantId: string, chunkIds: string[]): Promise<Map<string, CitedDocument>> {
  const ids = [...new Set(chunkIds)].filter((id) => UUID.test(id))
  if (!ids.length) return new Map()
  const chunks = db as unknown as Kysely<{ chunk: { id: string; tenantId: string; documentId: string; documentName: string; page: number } }>
  const rows = await chunks
    .selectFrom('chunk')
    .select(['id', 'documentId', 'documentName', 'page'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((r) => [String(r.id), { documentId: String(r.documentId), documentName: r.documentName, page: r.page }]))
}

/**
 * The cited document of a question: the first cited chunk of the document its answer names (the
 * drafter names the first cited passage's document and page), else none.
 */
export function citedDocumentOf(q: { citations: unknown; documentName: string }, cited: Map<string, CitedDocument>): CitedDocument | undefined {
  const ids = Array.isArray(q.citations) ? (q.citations as unknown[]).map(String) : []
  const docs = ids.map((id) => cited.get(id)).filter((d): d is CitedDocument => d !== undefined)
  return docs.find((d) => d.documentName === q.documentName)
}
