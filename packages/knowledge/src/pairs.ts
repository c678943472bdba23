// The question/answer pairs a vendor wrote inside its documents (tables with a question and an
// answer column, FAQs, question headings), kept per document beside its chunks so the drafter can
// reuse them as answers already given. Every query is scoped to one tenant.
import type { Kysely } from 'kysely'
import type { KnowledgeDb } from './chunks.js'

/** The Yes / No / N.A. an answer opens with. */
export type PairChoice = 'yes' | 'no' | 'na'

export interface PairInput {
  page: number
  question: string
  answer: string
  choice?: PairChoice | undefined
}

export interface StoredPair {
  id: string
  documentId: string
  documentName: string
  page: number
  question: string
  answer: string
  choice: PairChoice | null
}

export interface QaPairTable {
  id: string
  tenantId: string
  documentId: string
  documentName: string
  page: number
  ordinal: number
  question: string
  answer: string
  choice: PairChoice | null
}

/** Replaces a document's pairs (a re-run of the ingest job gives the same rows), in the document's order. */
export async function replaceDocumentPairs(db: Kysely<KnowledgeDb>, tenantId: string, doc: { id: string; name: string }, pairs: PairInput[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('qaPair').where('tenantId', '=', tenantId).where('documentId', '=', doc.id).execute()
    const rows = pairs.map((p, ordinal) => ({
      id: crypto.randomUUID(),
      tenantId,
      documentId: doc.id,
      documentName: doc.name,
      page: p.page,
      ordinal,
      question: p.question,
      answer: p.answer,
      choice: p.choice ?? null,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('qaPair')
        .values(rows.slice(i, i + 500))
        .execute()
  })
}

/** The tenant's pairs, of the given documents only when `documentIds` is set (none for an empty list). */
export async function documentPairs(db: Kysely<KnowledgeDb>, tenantId: string, documentIds?: string[]): Promise<StoredPair[]> {
  if (documentIds && !documentIds.length) return []
  return db
    .selectFrom('qaPair')
    .select(['id', 'documentId', 'documentName', 'page', 'question', 'answer', 'choice'])
    .where('tenantId', '=', tenantId)
    .$if(Boolean(documentIds), (qb) => qb.where('documentId', 'in', documentIds!))
    .orderBy('documentName')
    .orderBy('documentId')
    .orderBy('ordinal')
    .execute()
}

export async function deleteDocumentPairs(db: Kysely<KnowledgeDb>, tenantId: string, documentId: string): Promise<number> {
  const res = await db.deleteFrom('qaPair').where('tenantId', '=', tenantId).where('documentId', '=', documentId).executeTakeFirst()
  return Number(res.numDeletedRows)
}
