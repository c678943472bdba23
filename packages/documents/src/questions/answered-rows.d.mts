// Types of answered-rows.mjs for TypeScript callers (the module runs in the spreadsheet worker thread).
import type { Grid } from '@portal/sheets'
import type { QuestionnaireLayout, ReadOptions } from '../extract/read-layout.mjs'

/** One question of a filled questionnaire with its answer: row is 1-based; choiceValue null when no choice was given. */
export interface AnsweredRow {
  /** null for a CSV on a stored file (readAnsweredRows): its one sheet has only the reader's name. */
  sheet: string | null
  row: number
  questionRef: string
  question: string
  answer: string
  choiceValue: string | null
}

export interface AnsweredRows {
  layout: QuestionnaireLayout
  rows: AnsweredRow[]
  /** Questions of the file with no answer in it. */
  unanswered: number
}

export declare function readAnsweredRows(grid: Grid, options?: ReadOptions): AnsweredRows
