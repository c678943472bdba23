// The chunk table's repository functions shared by the questionnaire service
// (which owns the schema) and the workers that fill it. Postgres full-text search always; vectors
// too when an embedding model is configured (see knowledge-index.ts). Every query is scoped to one tenant.
import { type Database, schemaDb } from '@portal/db'
import { type Kysely, sql } from 'kysely'
import { expansionOf } from './lexical-model.js'
import type { QaPairTable } from './pairs.js'
import { rerank } from './rerank.js'

export interface ChunkInput {
  ordinal: number
  page: number
  heading: string
  text: string
}

export interface FoundChunk {
  id: string
  documentId: string
  documentName: string
  page: number
  heading: string
  text: string
  rank: number
}

interface ChunkTable {
  id: string
  tenantId: string
  documentId: string
  documentName: string
  ordinal: number
  page: number
  heading: string
  text: string
}
export interface KnowledgeDb {
  chunk: ChunkTable
  qaPair: QaPairTable
}

export const knowledgeDb = (db: Database, schema: string): Kysely<KnowledgeDb> => schemaDb<KnowledgeDb>(db, schema)

/** Replaces a document's chunks (a re-run of the ingest job gives the same rows). */
export async function replaceDocumentChunks(db: Kysely<KnowledgeDb>, tenantId: string, doc: { id: string; name: string }, chunks: ChunkInput[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chunk').where('tenantId', '=', tenantId).where('documentId', '=', doc.id).execute()
    for (let i = 0; i < chunks.length; i += 500) {
      await trx
        .insertInto('chunk')
        .values(chunks.slice(i, i + 500).map((c) => ({ ...c, id: crypto.randomUUID(), documentId: doc.id, documentName: doc.name, tenantId })))
        .execute()
    }
  })
}

export async function deleteDocumentChunks(db: Kysely<KnowledgeDb>, tenantId: string, documentId: string): Promise<number> {
  const res = await db.deleteFrom('chunk').where('tenantId', '=', tenantId).where('documentId', '=', documentId).executeTakeFirst()
  return Number(res.numDeletedRows)
}

/** Full-text candidates re-ranked in code: enough that the passage the lexical model prefers is among them. */
export const CANDIDATES = 100

/**
 * The tenant's chunks that best match a question. Any of the question's words (and the synonyms of
 * its security terms: "MFA" finds "multi-factor") may match, since a questionnaire's wording rarely
 * equals the policy's; the full-text rank picks CANDIDATES, the lexical model orders them (rerank.ts).
 * `documentIds` limits the search to those documents (a client's compliance files).
 */
export async function searchChunks(db: Kysely<KnowledgeDb>, tenantId: string, question: string, limit = 8, documentIds?: string[]): Promise<FoundChunk[]> {
  if (documentIds && !documentIds.length) return []
  const q = sql`nullif(replace(plainto_tsquery('english', ${`${question} ${expansionOf(question)}`})::text, '&', '|'), '')::tsquery`
  const rows = await db
    .selectFrom('chunk')
    .select(['id', 'documentId', 'documentName', 'page', 'heading', 'text', sql<number>`ts_rank(tsv, ${q}, 1)`.as('rank')])
    .where('tenantId', '=', tenantId)
    .where(sql<boolean>`tsv @@ ${q}`)
    .$if(Boolean(documentIds), (qb) => qb.where('documentId', 'in', documentIds!))
    .orderBy('rank', 'desc')
    .orderBy('ordinal')
    .limit(Math.max(CANDIDATES, Math.min(Math.max(limit, 1), 50)))
    .execute()
  return rerank(question, rows)
    .slice(0, Math.min(Math.max(limit, 1), 50))
    .map(({ score, ...r }) => ({ ...r, rank: Number(score.toFixed(6)) }))
}

/** The tenant's chunks with these ids (vector hits are ids; their text comes from here). */
export async function chunksByIds(db: Kysely<KnowledgeDb>, tenantId: string, ids: string[]): Promise<Omit<FoundChunk, 'rank'>[]> {
  if (!ids.length) return []
  return db
    .selectFrom('chunk')
    .select(['id', 'documentId', 'documentName', 'page', 'heading', 'text'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute()
}

/** A document's chunk ids and texts in order, to embed them. */
export function documentChunks(db: Kysely<KnowledgeDb>, tenantId: string, documentId: string) {
  return db
    .selectFrom('chunk')
    .select(['id', 'text', 'heading'])
    .where('tenantId', '=', tenantId)
    .where('documentId', '=', documentId)
    .orderBy('ordinal')
    .execute()
}
