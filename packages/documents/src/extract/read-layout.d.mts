// Types of read-layout.mjs for TypeScript callers (the module runs in the spreadsheet worker thread).
import type { Layout, LayoutBody, LayoutColumns as ContractColumns } from '@portal/contracts'
import type { Grid } from '@portal/sheets'
import type { FoundQuestion } from './find-questions.mjs'

/** The wire's types are the reading's (packages/contracts/src/questionnaire-layout.ts): column letters per role, the mapping, the layout. */
export type LayoutColumns = ContractColumns
/** Which sheet, header row (1-based; 0 for none) and columns the questions are read from. */
export type LayoutMapping = LayoutBody
export type RememberedLayout = LayoutMapping & { fingerprint: string }
/** The layout as read, with its form's fingerprint (a confirmed mapping is remembered by it). */
export type QuestionnaireLayout = Layout & { fingerprint: string }

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
