// @portal/knowledge: the knowledge base of compliance documents. Chunks with a Postgres full-text
// index always, and the question/answer pairs the documents hold; vectors (Qdrant or pgvector) and hybrid search when an embedding model is configured.
export {
  candidatesQuery,
  type ChunkInput,
  chunksByIds,
  CANDIDATES,
  deleteDocumentChunks,
  documentChunks,
  type FoundChunk,
  type KnowledgeDb,
  knowledgeDb,
  matchTerms,
  RANKED_BUDGET,
  replaceDocumentChunks,
  searchChunks,
} from './chunks.js'
export { chunkMigrations } from './migrations/index.js'
export { deleteDocumentPairs, documentPairs, type PairChoice, type PairInput, replaceDocumentPairs, type StoredPair } from './pairs.js'
export { isHeading } from './headings.js'
export { type PassagePlace, passageText } from './passage-text.js'
export {
  coverage,
  criticalTermsOf,
  expansionOf,
  idfOf,
  isGeneric,
  keyTerms,
  matchOf,
  priorWeight,
  type Query,
  queryOf,
  stem,
  SYNONYM_CREDIT,
  synonymsOf,
  termsOf,
  withoutAsides,
} from './lexical-model.js'
export { HEADING_WEIGHT, rerank } from './rerank.js'
export { type Embedder, openAIEmbedder } from './embedder.js'
export { type KnowledgeIndex, openKnowledge, type PairIndex, type VectorSetup } from './knowledge-index.js'
export { pgvectorIndex, QDRANT_COLLECTION, qdrantIndex, type VectorHit, type VectorIndex } from './vectors.js'
