// Types of find-questions.mjs for TypeScript callers (the module is plain JavaScript so the
// spreadsheet worker thread loads it).
import type { Grid } from '@portal/sheets'

export interface AnswerCell {
  /** A1 address on the question's sheet. */
  address: string
  header: string
  /** What goes in it (see AnswerCellRow in @portal/questionnaire-store): a dropdown value, an x, or the text. */
  role: 'choice' | 'mark' | 'narrative'
  choices?: string[]
}

export interface FoundQuestion {
  sheet: string
  /** 0-based row on the sheet. */
  row: number
  questionId: string
  question: string
  answerCells: AnswerCell[]
  /** A labelled single field (a date, a name) rather than a question. */
  field?: boolean
}

export declare const isQuestionId: (s: string) => boolean
export declare function isQuestionShaped(text: string): boolean
export declare const a1: (col: number, row: number) => string
export declare function findQuestions(grid: Grid): FoundQuestion[]
