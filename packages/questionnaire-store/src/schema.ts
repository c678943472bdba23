import type { Layout } from '@portal/contracts'
import type { ColumnType, Generated } from 'kysely'

type Json<T> = ColumnType<T, string, string>

/**
 * One answer cell of a question, as extraction recorded it. `role` says what goes in it:
 * - `choice`: a dropdown (`choices` are its values): the question's choice, or nothing;
 * - `mark`: one of a Yes / No / N.A. column group (its header names the option): an `x` when chosen;
 * - `narrative`: free text (explanation, comment, description, evidence): the answer's text.
 * Rows written before roles existed have none: `cellRole` (@portal/drafting) infers it.
 */
export interface AnswerCellRow {
  address: string
  header: string
  role?: 'choice' | 'mark' | 'narrative'
  choices?: string[]
}

export interface HistoryEntry {
  answer: string
  createdAt: string
  name: string
  /** The replaced text was a drafter's (named in `name`, `createdAt` its draft's time), not a person's. */
  drafter?: boolean
}

export interface CompanyTable {
  id: string
  tenantId: string
  companyName: string
  complianceBucket: string
  questionnairesBucket: string
  createdAt: Generated<Date>
}

export interface FileTable {
  id: string
  tenantId: string
  /** Null: a company-wide compliance document (every client's questionnaires draft from it). */
  companyId: string | null
  kind: 'compliance' | 'questionnaire'
  fileName: string
  storageKey: string
  format: string
  /** `check`: read, but the product is unsure of the columns; drafting waits for a person (issue 23). */
  state: Generated<'queued' | 'running' | 'ready' | 'check' | 'failed'>
  error: string | null
  leaseUntil: Date | null
  total: Generated<number>
  drafted: Generated<number>
  /** Drafting requests so far: a turn that ends sees whether more came while it ran (drafting.repo.ts). */
  draftRequests: Generated<number>
  /** The draft run holding the questionnaire, and until when: one draft job at a time. */
  draftRun: Generated<string | null>
  draftLeaseUntil: Generated<Date | null>
  /** How the questions were read (StoredLayout); null for files read before layouts, and for PDFs. */
  layout: Json<StoredLayout | null> | null
  createdAt: Generated<Date>
}

/** A questionnaire's layout as read (the wire's Layout, and its form's fingerprint), kept whole. */
export type StoredLayout = Layout & { fingerprint: string }

/** A mapping a person confirmed, remembered per company by its form's fingerprint: the same table in the outbound schema. */
export interface LayoutMemoryTable {
  tenantId: string
  fingerprint: string
  mapping: Json<{ sheet: string; headerRow: number; columns: StoredLayout['columns'] }>
  updatedAt: Generated<Date>
}

/** A retrieved passage shown beside a draft: its chunk, where it is, and the start of its text for when the chunk is gone. */
export interface EvidenceRef {
  chunkId: string
  documentName: string
  page: number
  heading: string
  excerpt: string
}

export interface QuestionTable {
  id: string
  tenantId: string
  fileId: string
  ordinal: number
  sheet: string
  row: number
  questionRef: string
  question: string
  answerCells: Json<AnswerCellRow[]>
  answer: Generated<string>
  choiceValue: string | null
  reviewstatus: Generated<boolean>
  llmstatus: Generated<boolean>
  llmReviewRespons: Generated<number>
  drafted: Generated<boolean>
  comment: Generated<string>
  citations: Json<string[]>
  /** Context shown before the evidence passages (a known answer's origin); drafts from before evidence refs: all of it. */
  retrievedNarrative: Generated<string>
  /** The passages shown beside the draft, by reference to their chunks (questions.repo.ts puts their text back). */
  evidence: ColumnType<EvidenceRef[], string | undefined, string>
  documentName: Generated<string>
  fileAndFolder: Generated<string>
  answerHistory: Json<HistoryEntry[]>
  /** Why the answer needs review, in words for the reviewer; '' when nothing is known against it. */
  reviewReason: Generated<string>
  /** Where the draft came from: '' (a person, or not drafted), the answer library, a document's Q&A pair, the documents (offline), a model. */
  answerSource: Generated<'' | 'library' | 'pair' | 'documents' | 'model'>
  /** The draft as the drafter proposed it (draftRecorded: drafted since the record began), for the drafter's track record. */
  draftRecorded: Generated<boolean>
  draftAnswer: Generated<string>
  draftChoice: string | null
  /** The model that drafted it ('' for the offline drafter, the library, a document's Q&A), and when it was drafted. */
  draftedBy: Generated<string>
  draftedAt: Date | null
  /** A person wrote the answer's text (saved one that differs from what was there); drafts are false. */
  personAnswer: Generated<boolean>
  /** Bumped by every save of the answer and by its draft: a save naming an older one is refused (issue 22). */
  version: Generated<number>
  /** Who saved the answer there now ('' for a draft, or a save from before the column). */
  savedBy: Generated<string>
  updatedAt: Generated<Date>
}

export interface CommentTable {
  id: string
  tenantId: string
  questionId: string
  fileId: string
  comment: string
  commentType: string
  userId: string
  firstName: string
  lastName: string
  createdAt: Generated<Date>
}

/** An answer library entry (issue 24): an imported row, or a person's edit or retirement of an approved answer. */
export interface LibraryEntryTable {
  id: string
  tenantId: string
  /** Scoped to one client's questionnaires; null for all. */
  companyId: string | null
  source: 'approved' | 'import'
  importId: string | null
  /** For 'approved': the approved question this edits or retires. */
  questionId: string | null
  question: string
  questionRef: Generated<string>
  answer: Generated<string>
  choiceValue: string | null
  sourceFile: Generated<string>
  sheet: string | null
  row: number | null
  importedAt: Date | null
  reviewedAt: Date | null
  retiredAt: Date | null
  updatedAt: Generated<Date>
}

/** A completed questionnaire imported into the library; 'check' waits for its columns to be confirmed. */
export interface LibraryImportTable {
  id: string
  tenantId: string
  companyId: string | null
  fileName: string
  storageKey: string
  format: string
  state: 'check' | 'imported' | 'failed'
  layout: Json<StoredLayout | null> | null
  imported: Generated<number>
  unanswered: Generated<number>
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
}

export interface QuestionnaireDb {
  company: CompanyTable
  file: FileTable
  question: QuestionTable
  comment: CommentTable
  layoutMemory: LayoutMemoryTable
  libraryEntry: LibraryEntryTable
  libraryImport: LibraryImportTable
}
