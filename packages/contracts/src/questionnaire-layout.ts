// A questionnaire's layout (issue 23): the sheet, header row and column roles its questions are read
// with, how sure the product is of its own reading, and a preview to check it against. GET answers
// it; PUT confirms a mapping (the same sheet / headerRow / columns), which re-reads the questions
// from the stored file with exactly those columns, remembers the mapping for the next file of the
// same form, and starts drafting.
import { type Static, Type } from 'typebox'
import { dataReply, type FieldMessages } from './envelope.js'

/** A column letter: A … XFD (a sheet's widest). */
export const ColumnLetter = Type.String({ pattern: '^[A-Z]{1,3}$', maxLength: 3 })

/** Column letters per role; absent roles omitted. `marks`: a Yes / No / N.A. column group the answer marks with an x. */
export const LayoutColumns = Type.Object(
  {
    id: Type.Optional(ColumnLetter),
    question: ColumnLetter,
    context: Type.Optional(Type.Array(ColumnLetter, { maxItems: 20 })),
    answer: Type.Optional(ColumnLetter),
    choice: Type.Optional(ColumnLetter),
    /** Further dropdown columns the answer fills (each with its own list), beside `choice`. */
    choices: Type.Optional(Type.Array(ColumnLetter, { maxItems: 10 })),
    comments: Type.Optional(ColumnLetter),
    marks: Type.Optional(Type.Array(ColumnLetter, { maxItems: 10 })),
  },
  { additionalProperties: false },
)
export type LayoutColumns = Static<typeof LayoutColumns>

/** PUT /api/questionnaires/:questionnaireId/layout */
export const LayoutBody = Type.Object(
  {
    sheet: Type.String({ minLength: 1, maxLength: 200 }),
    /** 1-based row of the header; 0 when the sheet has none (questions start on row 1). */
    headerRow: Type.Integer({ minimum: 0, maximum: 1_048_576 }),
    columns: LayoutColumns,
  },
  { additionalProperties: false },
)
export type LayoutBody = Static<typeof LayoutBody>

export const LAYOUT_SHEET_MESSAGE = 'Choose a sheet of this file'
const LETTERS = 'Columns are letters (A, B, … AA)'
const letterMessage = { invalid: LETTERS }
export const layoutMessages: FieldMessages = {
  sheet: { missing: LAYOUT_SHEET_MESSAGE, invalid: LAYOUT_SHEET_MESSAGE },
  headerRow: { missing: 'Give the header row (0 for none)', invalid: 'The header row is a row number of the sheet (0 for none)' },
  columns: { missing: 'Choose the question column', invalid: 'Choose the question column, and columns by their letters (A, B, … AA)' },
  'columns.question': { missing: 'Choose the question column', invalid: `${LETTERS}: choose the question column` },
  'columns.id': letterMessage,
  'columns.answer': letterMessage,
  'columns.choice': letterMessage,
  'columns.comments': letterMessage,
}

export const Layout = Type.Object({
  /** Every sheet of the file: its rows, and how many questions the reading takes from it. */
  sheets: Type.Array(Type.Object({ name: Type.String(), rows: Type.Integer(), questions: Type.Integer() })),
  sheet: Type.String(),
  headerRow: Type.Integer(),
  columns: LayoutColumns,
  /** 0–1: how sure the product is of its reading (1 when a person confirmed it). */
  confidence: Type.Number(),
  /** A person confirmed this mapping, here or for another file of the same form. */
  confirmed: Type.Boolean(),
  /** Below the threshold and not confirmed: drafting waits for a person ("Check the columns"). */
  needsCheck: Type.Boolean(),
  /** Questions read with this layout, all sheets. */
  total: Type.Integer(),
  /** The header row and the 10 rows below it as the sheet holds them (cells[0] is column A; cells cut to 200 characters). */
  preview: Type.Array(Type.Object({ row: Type.Integer(), cells: Type.Array(Type.String()) })),
  /** The first questions read with this layout. */
  read: Type.Array(Type.Object({ row: Type.Integer(), id: Type.String(), question: Type.String() })),
})
export type Layout = Static<typeof Layout>

export const LayoutReply = dataReply(Layout)
export type LayoutReply = Static<typeof LayoutReply>
