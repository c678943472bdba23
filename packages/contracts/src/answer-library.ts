// The answer library (issue 24): what the company already wrote, reused before any retrieval.
// Entries come from approved answers (as before) and from previously completed questionnaires
// imported with POST /api/answer-library/import. GET lists and searches them, PUT edits one, DELETE
// retires one (it is kept, no longer offered). Entries that answer the same question differently are
// flagged as conflicts, near-identical ones as duplicates, so the library stays clean.
import { type Static, Type } from 'typebox'
import { dataReply, PageQuery, pageReply } from './envelope.js'
import { Layout } from './questionnaire-layout.js'

const Iso = Type.String({ description: 'UTC ISO 8601 time' })

export const LibraryEntryView = Type.Object({
  _id: Type.String(),
  question: Type.String(),
  answer: Type.String(),
  /** The choice given with the answer (the file's own dropdown value, or Yes / No / N.A.); null when none. */
  choiceValue: Type.Union([Type.String(), Type.Null()]),
  /** 'approved': an answer approved in a questionnaire here; 'import': a row of an imported completed questionnaire. */
  source: Type.Union([Type.Literal('approved'), Type.Literal('import')]),
  /** The file the entry comes from, its sheet and 1-based row (null where not known). */
  sourceFile: Type.String(),
  sheet: Type.Union([Type.String(), Type.Null()]),
  row: Type.Union([Type.Integer(), Type.Null()]),
  /** The question's id in its file (a CAIQ or HECVAT id), '' when it has none. */
  questionRef: Type.String(),
  /** Scoped to one client (its company id), or null for every client's questionnaires. */
  companyId: Type.Union([Type.String(), Type.Null()]),
  importedAt: Type.Union([Iso, Type.Null()]),
  /** When a person last approved or edited it. */
  reviewedAt: Type.Union([Iso, Type.Null()]),
  /** Ids of entries that answer the same question with another choice or contradicting text. */
  conflicts: Type.Array(Type.String()),
  /** Ids of entries that are the same question with the same answer. */
  duplicates: Type.Array(Type.String()),
})
export type LibraryEntryView = Static<typeof LibraryEntryView>

/** GET /api/answer-library?q&page&pageSize&flagged: `flagged=true` lists only entries with a conflict or duplicate. */
export const LibraryQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(Type.String({ maxLength: 500 })),
  flagged: Type.Optional(Type.Boolean()),
})
export type LibraryQuery = Static<typeof LibraryQuery>
export const LibraryListReply = pageReply(LibraryEntryView)
export type LibraryListReply = Static<typeof LibraryListReply>

/** PUT /api/answer-library/:id */
export const LibraryEntryBody = Type.Object(
  {
    question: Type.Optional(Type.String({ minLength: 1, maxLength: 5000 })),
    answer: Type.Optional(Type.String({ maxLength: 20000 })),
    choiceValue: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  },
  { additionalProperties: false },
)
export type LibraryEntryBody = Static<typeof LibraryEntryBody>
export const LibraryEntryReply = dataReply(LibraryEntryView)
export type LibraryEntryReply = Static<typeof LibraryEntryReply>

/** One imported file: its answered rows stored, or its columns to confirm first (state 'check'). */
export const LibraryImport = Type.Object({
  _id: Type.String(),
  fileName: Type.String(),
  state: Type.Union([Type.Literal('imported'), Type.Literal('check'), Type.Literal('failed')]),
  /** Answered rows stored as entries. */
  imported: Type.Integer(),
  /** Questions without an answer in the file (not stored). */
  unanswered: Type.Integer(),
  message: Type.Optional(Type.String()),
  /** When state is 'check': the reading to confirm with PUT /api/answer-library/import/:id/layout. */
  layout: Type.Optional(Layout),
})
export type LibraryImport = Static<typeof LibraryImport>

/** POST /api/answer-library/import (multipart `files`, optional `company_id`). */
export const LibraryImportReply = dataReply(Type.Array(LibraryImport))
export type LibraryImportReply = Static<typeof LibraryImportReply>
