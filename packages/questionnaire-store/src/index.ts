// The questionnaire schema's repository functions, shared by the questionnaire service (which owns
// the schema and its routes) and the workers that fill it. Every function is tenant-scoped first.
import { type Database, schemaDb } from '@portal/db'
import { type KnowledgeIndex, openKnowledge, type VectorSetup } from '@portal/knowledge'
import type { Kysely } from 'kysely'
import type { QuestionnaireDb } from './schema.js'

export const SCHEMA = 'questionnaire'
export const questionnaireDb = (db: Database): Kysely<QuestionnaireDb> => schemaDb<QuestionnaireDb>(db, SCHEMA)
/** The knowledge base of compliance documents, kept in this schema (vectors as the config says). */
export const questionnaireKnowledge = (db: Database, setup: VectorSetup = {}): KnowledgeIndex => openKnowledge(db, SCHEMA, setup)

export * from './answer-quality.repo.js'
export * from './citations.repo.js'
export * from './comments.repo.js'
export * from './companies.repo.js'
export * from './drafting.repo.js'
export * from './files.repo.js'
export * from './layout.repo.js'
export * from './library.repo.js'
export { migrations } from './migrations/index.js'
export * from './questions.repo.js'
export * from './review.repo.js'
export type {
  AnswerCellRow,
  EvidenceRef,
  HistoryEntry,
  LayoutMemoryTable,
  LibraryEntryTable,
  LibraryImportTable,
  QuestionnaireDb,
  StoredLayout,
} from './schema.js'
