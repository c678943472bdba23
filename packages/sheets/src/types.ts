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
  format: 'xlsx' | 'xls'
  sheets: Sheet[]
}

/** Sheet name → A1 address → text. */
export type CellWrites = Map<string, Map<string, string>>

export interface AnsweredQuestion {
  questionId: string
  question: string
  answer: string
  status: 'Approved' | 'Needs review' | 'Not answered'
  sources?: string
}
