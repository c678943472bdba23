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
/** How many of a tenant's chunks hold each term (a stem of to_tsvector): kept with the chunks, read by searchChunks. */
interface ChunkTermTable {
  tenantId: string
  term: string
  chunks: number
}
export interface KnowledgeDb {
  chunk: ChunkTable
  chunkTerm: ChunkTermTable
  qaPair: QaPairTable
}

export const knowledgeDb = (db: Database, schema: string): Kysely<KnowledgeDb> => schemaDb<KnowledgeDb>(db, schema)

/** Replaces a document's chunks (a re-run of the ingest job gives the same rows). */
export async function replaceDocumentChunks(db: Kysely<KnowledgeDb>, tenantId: string, doc: { id: string; name: string }, chunks: ChunkInput[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await countTerms(trx, tenantId, doc.id, -1)
    await trx.deleteFrom('chunk').where('tenantId', '=', tenantId).where('documentId', '=', doc.id).execute()
    for (let i = 0; i < chunks.length; i += 500) {
      await trx
        .insertInto('chunk')
        .values(chunks.slice(i, i + 500).map((c) => ({ ...c, id: crypto.randomUUID(), documentId: doc.id, documentName: doc.name, tenantId })))
        .execute()
    }
    await countTerms(trx, tenantId, doc.id, 1)
  })
}

export async function deleteDocumentChunks(db: Kysely<KnowledgeDb>, tenantId: string, documentId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await countTerms(trx, tenantId, documentId, -1)
    const res = await trx.deleteFrom('chunk').where('tenantId', '=', tenantId).where('documentId', '=', documentId).executeTakeFirst()
    return Number(res.numDeletedRows)
  })
}

/**
 * Adds (or, sign -1, takes away) a document's chunks to its tenant's count per term. In term order,
 * so that two documents of one tenant stored at once lock the shared rows in the same order.
 */
async function countTerms(trx: Kysely<KnowledgeDb>, tenantId: string, documentId: string, sign: 1 | -1): Promise<void> {
  await trx
    .insertInto('chunkTerm')
    .columns(['tenantId', 'term', 'chunks'])
    .expression(
      trx
        .selectFrom('chunk')
        .innerJoin(sql<{ lexeme: string }>`unnest(chunk.tsv)`.as('u'), (j) => j.onTrue())
        .select([sql<string>`${tenantId}::uuid`.as('tenantId'), 'u.lexeme', sql<number>`${sign} * count(*)::integer`.as('chunks')])
        .where('chunk.tenantId', '=', tenantId)
        .where('chunk.documentId', '=', documentId)
        .groupBy('u.lexeme')
        .orderBy('u.lexeme'),
    )
    .onConflict((oc) => oc.columns(['tenantId', 'term']).doUpdateSet({ chunks: sql<number>`chunk_term.chunks + excluded.chunks` }))
    .execute()
}

/** Full-text candidates re-ranked in code: enough that the passage the lexical model prefers is among them. */
export const CANDIDATES = 100

/**
 * How many of the tenant's chunks a search ranks, counted as the sum of its terms' chunk counts.
 * A question's words OR-ed match nearly all of a large tenant's chunks ("security", "policy"), and
 * ranking them all is what costs (27,000 of 30,000 chunks, 75 ms); past this sum the most common
 * terms are left out of the match (they still count in the rank). The quality set's figures are the
 * same at 500 as with every term, though it bounds about half its questions on the 500-chunk SOC 2
 * corpus; at 250 they fall (npm run quality).
 */
export const RANKED_BUDGET = 500

/**
 * The tenant's chunks that best match a question. Any of the question's words (and the synonyms of
 * its security terms: "MFA" finds "multi-factor") may match, since a questionnaire's wording rarely
 * equals the policy's; the full-text rank picks CANDIDATES, the lexical model orders them (rerank.ts).
 * `documentIds` limits the search to those documents (a client's compliance files).
 */
export async function searchChunks(db: Kysely<KnowledgeDb>, tenantId: string, question: string, limit = 8, documentIds?: string[]): Promise<FoundChunk[]> {
  if (documentIds && !documentIds.length) return []
  const rows = await candidatesQuery(db, tenantId, question, limit, documentIds).execute()
  return rerank(question, rows)
    .slice(0, Math.min(Math.max(limit, 1), 50))
    .map(({ score, ...r }) => ({ ...r, rank: Number(score.toFixed(6)) }))
}

const searchText = (question: string) => `${question} ${expansionOf(question)}`

/**
 * The terms a search matches chunks on: the question's rarest terms in the tenant's chunks, as many
 * as fit `budget` (at least one); null when all fit (match on every term). Terms no chunk holds are
 * left out: they match nothing. One statement with the search (candidatesQuery), not a round trip.
 */
function pickedTerms(db: Kysely<KnowledgeDb>, tenantId: string, text: string, budget: number) {
  const counted = db
    .selectFrom('chunkTerm')
    .select(['term', sql<number>`sum(chunks) over (order by chunks, term)`.as('running'), sql<number>`row_number() over (order by chunks, term)`.as('n')])
    .where('tenantId', '=', tenantId)
    .where('chunks', '>', 0)
    .where('term', '=', sql<string>`any(tsvector_to_array(to_tsvector('english', ${text})))`)
  return db
    .selectFrom(counted.as('t'))
    .select(
      sql<
        string[] | null
      >`case when bool_and(running <= ${budget}) then null else array_agg(term order by n) filter (where running <= ${budget} or n = 1) end`.as('terms'),
    )
}

/** The terms searchChunks matches on for this question (undefined: every term); for the plan test and the bench. */
export async function matchTerms(db: Kysely<KnowledgeDb>, tenantId: string, question: string, budget = RANKED_BUDGET): Promise<string[] | undefined> {
  return (await pickedTerms(db, tenantId, searchText(question), budget).executeTakeFirst())?.terms ?? undefined
}

/**
 * The full-text query behind searchChunks: the tenant's chunks that hold any of the question's
 * rarest terms (pickedTerms; every term when they all fit `budget`, or when it is Infinity), in
 * order of their rank on all of them. The tenant and the text are one condition on one GIN index
 * (chunk_tenant_tsv_idx). Exported for the plan test (tests/integration/retrieval-plan.test.ts).
 */
export function candidatesQuery(db: Kysely<KnowledgeDb>, tenantId: string, question: string, limit = 8, documentIds?: string[], budget = RANKED_BUDGET) {
  const text = searchText(question)
  const q = sql`nullif(replace(plainto_tsquery('english', ${text})::text, '&', '|'), '')::tsquery`
  // Each lexeme quoted as tsquery's input wants it ('' for ', \\ for \), OR-ed.
  const picked = sql`(select string_agg('''' || replace(replace(t, '\\', '\\\\'), '''', '''''') || '''', ' | ') from unnest((${pickedTerms(db, tenantId, text, budget)})) t)`
  const match = Number.isFinite(budget) ? sql`coalesce(${picked}::tsquery, ${q})` : q
  return db
    .selectFrom('chunk')
    .select(['id', 'documentId', 'documentName', 'page', 'heading', 'text', sql<number>`ts_rank(tsv, ${q}, 1)`.as('rank')])
    .where('tenantId', '=', tenantId)
    .where(sql<boolean>`tsv @@ ${match}`)
    .$if(Boolean(documentIds), (qb) => qb.where('documentId', 'in', documentIds!))
    .orderBy('rank', 'desc')
    .orderBy('ordinal')
    .limit(Math.max(CANDIDATES, Math.min(Math.max(limit, 1), 50)))
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
