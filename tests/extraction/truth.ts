// The labelled truth of the questionnaire fixtures (label.ts writes it; README in SOURCES.md).
import { readFile } from 'node:fs/promises'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')
export const FIXTURES = path.join(ROOT, 'tests/fixtures/questionnaires')
export const TRUTH_DIR = path.join(import.meta.dirname, 'truth')

/** Tuning fixtures may be looked at while improving the reading; held-out ones only measured. */
export type Half = 'tuning' | 'held-out'

export interface TruthQuestion {
  sheet: string
  /** 1-based row. */
  row: number
  /** Absent when the file gives no ids: matched by text. */
  id?: string
  text: string
  /** A labelled single field (a date, a name) rather than a question. */
  field?: boolean
  /** The field's answer column, when it is not the sheet's. */
  answer?: string[]
}

export interface Truth {
  file: string
  /** The (first) sheet to fill and its 1-based header row. */
  sheet: string
  headerRow: number
  /**
   * Answer columns (letters) per sheet holding questions, each of which a reader must give: the
   * choices and the narrative; `>X` stands for a new column after X (the file has none); [] where
   * answers are not in columns (paragraphs of a Word document).
   */
  answer: Record<string, string[]>
  /** Comments or evidence columns per sheet, which a reader may give too. */
  comments: Record<string, string[]>
  /** A careful person would hesitate over this file's layout. */
  ambiguous: boolean
  note: string
  questions: TruthQuestion[]
}

export interface TruthEntry {
  file: string
  truth: string
  half: Half
  ambiguous: boolean
}

export const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T
export const truthIndex = () => readJson<TruthEntry[]>(path.join(TRUTH_DIR, 'index.json'))
export const truthOf = (entry: TruthEntry) => readJson<Truth>(path.join(TRUTH_DIR, entry.truth))
