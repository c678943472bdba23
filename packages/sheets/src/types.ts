// What the spreadsheet functions take and return; plain data, so it crosses between threads.

export interface Validation {
  /** 0-based column and row range the dropdown covers. */
  col: number
  fromRow: number
  toRow: number
  choices: string[]
}

export interface Sheet {
  name: string
  hidden: boolean
  /** rows[r][c], 0-based; merged cells' followers are empty. */
  rows: string[][]
  validations: Validation[]
}

export interface Grid {
  /** A CSV file or a Word document (its tables and paragraphs) is read as a grid too. */
  format: 'xlsx' | 'xls' | 'csv' | 'docx'
  sheets: Sheet[]
}

/**
 * Sheet name → A1 address → what goes in the cell: text (formula-like text neutralised), a number,
 * or '' to empty it.
 */
export type CellWrites = Map<string, Map<string, string | number>>

/**
 * One way a written workbook differs from its original other than as asked: a cell that was not
 * written changed (`cell`), a written cell does not hold what was written (`written`), a non-empty
 * cell became empty, written or not (`emptied`), a written cell is not on its question's row
 * (`outside`) or is the cell of the question's id or text (`question`), a sheet was
 * added, removed, renamed, moved or hidden (`sheet`), or a part of the file other than cell data
 * changed (`part`: `address` names the part). Values are shown as text, formulas with their `=`.
 */
export interface WorkbookDifference {
  kind: 'cell' | 'written' | 'emptied' | 'outside' | 'question' | 'sheet' | 'part'
  sheet: string
  address: string
  before: string
  after: string
}

/** What compareWorkbooks found: sheets and non-empty cells compared, cells written, differences (the first 50 listed). */
export interface WorkbookComparison {
  sheets: number
  cells: number
  written: number
  differences: WorkbookDifference[]
  differenceCount: number
  /** Written cells that held something before (a filled questionnaire updated), with the old value. */
  replaced: WorkbookReplacement[]
}

/** A written cell that was not empty: what it held, and what it holds now. */
export interface WorkbookReplacement {
  sheet: string
  address: string
  before: string
  after: string
}

/** Sheet → 1-based row → the question answered on that row (its own id and text). */
export type QuestionRows = Map<string, Map<number, { id: string; text: string }>>

export interface AnsweredQuestion {
  questionId: string
  question: string
  answer: string
  /** The question's choice (a dropdown value, Yes / No / N.A.), in a last column when any row has one. */
  choice?: string
  /** `Answered by <client>`: an outbound's answers are the client's, never approved by the company (issue 25). */
  status: 'Approved' | 'Needs review' | 'Not answered' | `Answered by ${string}`
  sources?: string
}
