// One entry to the knowledge base for the services and workers: write a document's chunks (and
// their vectors) and its question/answer pairs, delete them, and search, full text alone or hybrid. Hybrid search fuses the
// full-text and the vector rankings with reciprocal rank fusion, which needs no score calibration
// between the two (Cormack et al., SIGIR 2009).
import type { Database } from '@portal/db'
import { type Embedder, openAIEmbedder } from './embedder.js'
import {
  type ChunkInput,
  chunksByIds,
  deleteDocumentChunks,
  documentChunks,
  type FoundChunk,
  knowledgeDb,
  replaceDocumentChunks,
  searchChunks,
} from './chunks.js'
import { deleteDocumentPairs, documentPairs, type PairInput, replaceDocumentPairs, type StoredPair } from './pairs.js'
import { pgvectorIndex, qdrantIndex, type VectorIndex } from './vectors.js'

export interface KnowledgeIndex extends PairIndex {
  /** 'text' (full text only) or 'hybrid:<qdrant|pgvector>'. */
  readonly mode: string
  /** Prepares the vector store (pgvector's table): the schema's owner calls it at start-up to fail early. */
  ready(): Promise<void>
  replaceDocument(tenantId: string, doc: { id: string; name: string }, chunks: ChunkInput[]): Promise<void>
  /** Removes a document's chunks (their count is returned), vectors and pairs. */
  deleteDocument(tenantId: string, documentId: string): Promise<number>
  search(tenantId: string, question: string, limit?: number, documentIds?: string[]): Promise<FoundChunk[]>
}

/** The question/answer pairs of the tenant's documents. */
export interface PairIndex {
  /** Replaces the question/answer pairs found in a document. */
  replacePairs(tenantId: string, doc: { id: string; name: string }, pairs: PairInput[]): Promise<void>
  /** The tenant's stored pairs, of those documents only when `documentIds` is given. */
  pairs(tenantId: string, documentIds?: string[]): Promise<StoredPair[]>
}

export interface VectorSetup {
  embeddings?: { baseUrl: string; apiKey: string; model: string } | undefined
  qdrant?: { url: string; apiKey: string | undefined } | undefined
  /** For tests: an embedder and index made elsewhere. */
  embedder?: Embedder
  index?: VectorIndex
}

const RRF_K = 60
const EMBED_BATCH = 64

export function openKnowledge(database: Database, schema: string, setup: VectorSetup = {}): KnowledgeIndex {
  const db = knowledgeDb(database, schema)
  const pairs: PairIndex = {
    replacePairs: (tenantId, doc, found) => replaceDocumentPairs(db, tenantId, doc, found),
    pairs: (tenantId, documentIds) => documentPairs(db, tenantId, documentIds),
  }
  const embedder = setup.embedder ?? (setup.embeddings ? openAIEmbedder(setup.embeddings) : undefined)
  if (!embedder) {
    return {
      mode: 'text',
      ready: async () => undefined,
      replaceDocument: (tenantId, doc, chunks) => replaceDocumentChunks(db, tenantId, doc, chunks),
      async deleteDocument(tenantId, documentId) {
        await deleteDocumentPairs(db, tenantId, documentId)
        return deleteDocumentChunks(db, tenantId, documentId)
      },
      ...pairs,
      search: (tenantId, question, limit = 8, documentIds) => searchChunks(db, tenantId, question, limit, documentIds),
    }
  }
  // pgvector's table is created on first use, after the owning service has migrated the chunk table.
  let index: Promise<VectorIndex> | undefined
  const vectors = () =>
    (index ??= setup.index ? Promise.resolve(setup.index) : setup.qdrant ? Promise.resolve(qdrantIndex(setup.qdrant)) : pgvectorIndex(database, schema))
  return {
    mode: `hybrid:${setup.index?.kind ?? (setup.qdrant ? 'qdrant' : 'pgvector')}`,
    ready: async () => void (await vectors()),
    async replaceDocument(tenantId, doc, chunks) {
      await replaceDocumentChunks(db, tenantId, doc, chunks)
      const rows = await documentChunks(db, tenantId, doc.id)
      const items: { chunkId: string; vector: number[] }[] = []
      for (let i = 0; i < rows.length; i += EMBED_BATCH) {
        const batch = rows.slice(i, i + EMBED_BATCH)
        const vecs = await embedder.embedDocuments(batch.map((r) => (r.heading ? `${r.heading}\n${r.text}` : r.text)))
        for (const [j, r] of batch.entries()) items.push({ chunkId: r.id, vector: vecs[j]! })
      }
      await (await vectors()).replaceDocument(tenantId, doc.id, items)
    },
    async deleteDocument(tenantId, documentId) {
      await (await vectors()).deleteDocument(tenantId, documentId)
      await deleteDocumentPairs(db, tenantId, documentId)
      return deleteDocumentChunks(db, tenantId, documentId)
    },
    ...pairs,
    async search(tenantId, question, limit = 8, documentIds) {
      if (!question.trim() || (documentIds && !documentIds.length)) return []
      const depth = Math.max(limit * 3, 15)
      const [text, hits] = await Promise.all([
        searchChunks(db, tenantId, question, depth, documentIds),
        embedder.embedQuery(question).then(async (v) => (await vectors()).search(tenantId, v, depth, documentIds)),
      ])
      const fused = new Map<string, number>()
      const add = (ids: string[]) => {
        for (const [r, id] of ids.entries()) fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + r + 1))
      }
      add(text.map((c) => c.id))
      add(hits.map((h) => h.chunkId))
      const top = [...fused.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit)
      const known = new Map<string, Omit<FoundChunk, 'rank'>>(text.map((c) => [c.id, c]))
      // Vector-only hits: their rows are read back through the tenant filter, so an index that
      // answered with another tenant's point could still not leak its text.
      for (const c of await chunksByIds(
        db,
        tenantId,
        top.map(([id]) => id).filter((id) => !known.has(id)),
      ))
        known.set(c.id, c)
      return top.flatMap(([id, score]) => {
        const c = known.get(id)
        return c ? [{ ...c, rank: Number(score.toFixed(6)) }] : []
      })
    },
  }
}
