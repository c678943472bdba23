// The questionnaire export (questionnaire service; docs/questionnaire-api.md): which answers go out
// (`scope`), and the export report that says what was written where, what was left blank and why,
// and that the written workbook differs from the customer's only in the answer cells.
import { type Static, Type } from 'typebox'
import { dataReply } from './envelope.js'

/** `approved`: only answers marked approved (llmstatus); `all`: every draft with an answer or a choice. */
export const ExportScope = Type.Union([Type.Literal('approved'), Type.Literal('all')], { default: 'approved' })
export type ExportScope = Static<typeof ExportScope>

/** Query of the three export calls; without `scope`, approved answers only. */
export const ExportQuery = Type.Object({ scope: Type.Optional(ExportScope) })
export type ExportQuery = Static<typeof ExportQuery>

/**
 * Why a question, or a part of its answer, was not written:
 * - `not-approved`: it has an answer, but the export takes approved answers only;
 * - `no-answer`: no text and no choice;
 * - `no-answer-cell`: extraction recorded no answer cell for it;
 * - `no-choice`: its answer cells take a choice (a dropdown, Yes / No / N.A. columns) and none is set;
 * - `not-an-option`: its choice is none of the options of its choice cells;
 * - `no-text-cell`: it has a text but no cell for free text (only its choice was written);
 * - `marked-before`: another of its Yes / No / N.A. columns is already marked in the file, and a
 *   customer's mark is never removed.
 */
export const ExportReason = Type.Union([
  Type.Literal('not-approved'),
  Type.Literal('no-answer'),
  Type.Literal('no-answer-cell'),
  Type.Literal('no-choice'),
  Type.Literal('not-an-option'),
  Type.Literal('no-text-cell'),
  Type.Literal('marked-before'),
])
export type ExportReason = Static<typeof ExportReason>

/** A question left blank (nothing written) or written in part (text without choice, or the reverse). */
export const ExportSkip = Type.Object({
  _id: Type.String(),
  questionId: Type.String({ description: "the questionnaire's own id of the question (AIS-01.1)" }),
  sheet: Type.String(),
  reason: ExportReason,
})
export type ExportSkip = Static<typeof ExportSkip>

export const ExportSheet = Type.Object({
  sheet: Type.String(),
  questions: Type.Integer(),
  /** Questions whose text and choice were both written (every part they have and have a cell for). */
  written: Type.Integer(),
  partial: Type.Integer(),
  blank: Type.Integer(),
  /** Cells that received a value. */
  cells: Type.Integer(),
})
export type ExportSheet = Static<typeof ExportSheet>

/** A difference between the written workbook and the original other than the answers written (@portal/sheets WorkbookDifference). */
export const WorkbookDifference = Type.Object({
  kind: Type.Union([
    Type.Literal('cell'),
    Type.Literal('written'),
    Type.Literal('emptied'),
    Type.Literal('outside'),
    Type.Literal('question'),
    Type.Literal('sheet'),
    Type.Literal('part'),
  ]),
  sheet: Type.String(),
  address: Type.String({ description: 'A1 address; for a part, its name in the archive' }),
  before: Type.String(),
  after: Type.String(),
})

/** The check made on the written file: read back and compared with the original, every sheet, cell value and formula. */
export const ExportVerification = Type.Object({
  verified: Type.Boolean(),
  /** "verified: only answer cells changed", or what else changed. */
  message: Type.String(),
  sheets: Type.Integer(),
  cells: Type.Integer({ description: 'non-empty cells compared' }),
  written: Type.Integer({ description: 'answer cells written, each read back' }),
  differences: Type.Array(WorkbookDifference, { description: 'the first 50' }),
  differenceCount: Type.Integer(),
})
export type ExportVerification = Static<typeof ExportVerification>

/** A non-empty cell of the customer's file the export overwrites (a filled questionnaire updated), as the check read it. */
export const ExportReplacement = Type.Object({
  _id: Type.String(),
  questionId: Type.String({ description: "the questionnaire's own id of the question" }),
  sheet: Type.String(),
  address: Type.String({ description: 'A1 address' }),
  before: Type.String({ description: 'what the cell held' }),
  after: Type.String({ description: 'what it holds in the written file' }),
})
export type ExportReplacement = Static<typeof ExportReplacement>

export const ExportReport = Type.Object({
  scope: ExportScope,
  /** The name the filled workbook downloads as. */
  fileName: Type.String(),
  questions: Type.Integer(),
  written: Type.Integer(),
  partial: Type.Integer(),
  blank: Type.Integer(),
  cells: Type.Integer(),
  sheets: Type.Array(ExportSheet),
  leftBlank: Type.Array(ExportSkip),
  writtenInPart: Type.Array(ExportSkip),
  /** Non-empty answer cells the export replaces, with their old values. */
  replaced: Type.Array(ExportReplacement),
  verification: ExportVerification,
})
export type ExportReport = Static<typeof ExportReport>

/** GET /api/questionnaires/:questionnaireId/export-report */
export const ExportReportReply = dataReply(ExportReport)
export type ExportReportReply = Static<typeof ExportReportReply>
