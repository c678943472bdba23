// Types of read-layout.mjs for TypeScript callers (the module runs in the spreadsheet worker thread).
import type { Grid } from '@portal/sheets'
import type { FoundQuestion } from './find-questions.mjs'

/** Column letters per role; absent roles omitted. `marks`: a Yes / No / N.A. column group marked with an x. */
export interface LayoutColumns {
  id?: string
  question: string
  context?: string[]
  answer?: string
  choice?: string
  /** Further dropdown columns the answer fills (each with its own list), beside `choice`. */
  choices?: string[]
  comments?: string
  marks?: string[]
}

/** Which sheet, header row (1-based; 0 for none) and columns the questions are read from. */
export interface LayoutMapping {
  sheet: string
  headerRow: number
  columns: LayoutColumns
}

export interface RememberedLayout extends LayoutMapping {
  fingerprint: string
}

export interface QuestionnaireLayout extends LayoutMapping {
  sheets: { name: string; rows: number; questions: number }[]
  /** 0–1: how sure the product is of its own reading (1 when a person confirmed it). */
  confidence: number
  confirmed: boolean
  /** Not confirmed, and confidence below CHECK_BELOW: drafting waits for a person to check the columns. */
  needsCheck: boolean
  /** The form's sheet name and header cells, hashed: a confirmed mapping is remembered by it. */
  fingerprint: string
  total: number
  /** The header row and the 10 rows below it, as the sheet holds them (row: 1-based). */
  preview: { row: number; cells: string[] }[]
  /** The first questions read with this layout. */
  read: { row: number; id: string; question: string }[]
}

export interface ReadOptions {
  mapping?: LayoutMapping
  remembered?: RememberedLayout[]
}

export declare const CHECK_BELOW: number
export declare function columnIndex(letters: string): number
export declare function fingerprintOf(grid: Grid, sheetName: string, headerRow: number): string
export declare function readQuestionnaire(grid: Grid, options?: ReadOptions): { questions: FoundQuestion[]; layout: QuestionnaireLayout }
export declare function questionsWithMapping(grid: Grid, mapping: LayoutMapping): FoundQuestion[]
export declare function confidenceParts(
  grid: Grid,
  questions: FoundQuestion[],
  mapping: LayoutMapping,
  setAside?: number,
): { confidence: number; question: number; answer: number; ids: number; sheet: number }
