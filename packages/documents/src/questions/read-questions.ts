// The questions of a stored questionnaire file, with their answer cells and the layout they were
// read with: one implementation for the AI review's questionnaires (extract-questions) and for
// outbound questionnaires and templates (@portal/svc-outbound's extract-outbound job). Workbooks are
// read in the spreadsheet worker thread, PDFs in the PDF worker; only the questions come back.
import type { NewQuestion } from '@portal/questionnaire-store'
import { AppError } from '@portal/errors'
import { analyseWorkbook } from '@portal/sheets'
import type { BlobStore } from '@portal/storage'
import type { FoundQuestion } from '../extract/find-questions.mjs'
import type { QuestionnaireLayout, ReadOptions } from '../extract/read-layout.mjs'
import { findPdfQuestions } from '../extract/pdf-questions.js'
import { extractPdfFile } from '../pdf/extract-text.js'
import { withLocalCopy } from '../local-copy.js'
import type { AnsweredRows } from './answered-rows.mjs'

export type { AnsweredRow, AnsweredRows } from './answered-rows.mjs'

const readInWorker = { module: new URL('../extract/read-layout.mjs', import.meta.url), name: 'readQuestionnaire' }
const answersInWorker = { module: new URL('./answered-rows.mjs', import.meta.url), name: 'readAnsweredRows' }

/** What was read: the questions, and for a grid (workbook, CSV, Word table) the layout; a PDF has none. */
export interface ReadQuestionnaire {
  questions: NewQuestion[]
  layout?: QuestionnaireLayout
}

const asNew = (q: FoundQuestion): NewQuestion => ({ sheet: q.sheet, row: q.row, questionRef: q.questionId, question: q.question, answerCells: q.answerCells })

/**
 * The questions of a stored file: with `options.mapping`, read with exactly those columns; else with
 * a remembered mapping whose form matches, else the product's own reading.
 */
export async function readQuestionnaire(blobs: BlobStore, file: { format: string; storageKey: string }, options: ReadOptions = {}): Promise<ReadQuestionnaire> {
  if (file.format === 'pdf') {
    const pages = await withLocalCopy(blobs, file.storageKey, (path) => extractPdfFile(path))
    return {
      questions: findPdfQuestions(pages).map((q) => ({ sheet: `page ${q.page}`, row: 0, questionRef: q.questionId, question: q.question, answerCells: [] })),
    }
  }
  const bytes = await blobs.getBuffer(file.storageKey) // a workbook: at most 20 MB
  const read = await analyseWorkbook<{ questions: FoundQuestion[]; layout: QuestionnaireLayout }>(bytes, readInWorker, undefined, options)
  return { questions: read.questions.map(asNew), layout: read.layout }
}

export async function readQuestions(blobs: BlobStore, file: { format: string; storageKey: string }): Promise<NewQuestion[]> {
  return (await readQuestionnaire(blobs, file)).questions
}

/** The formats whose answers can be read back: grids (a PDF has no answer cells). */
export const ANSWERED_FORMATS: readonly string[] = ['xlsx', 'xlsm', 'xls', 'csv', 'docx']

/**
 * The answers already written in a filled questionnaire (the answer library's import): its layout,
 * read like an upload's (with `options.mapping` when a person confirmed the columns), each question
 * that has an answer with the answer cell's text and the choice given, and how many have none.
 */
export async function readAnsweredRows(blobs: BlobStore, file: { format: string; storageKey: string }, options: ReadOptions = {}): Promise<AnsweredRows> {
  if (!ANSWERED_FORMATS.includes(file.format))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only filled questionnaires (.xlsx, .xlsm, .xls, .csv, .docx) can be imported' })
  const bytes = await blobs.getBuffer(file.storageKey) // a workbook: at most 20 MB
  const read = await analyseWorkbook<AnsweredRows>(bytes, answersInWorker, undefined, options)
  // A CSV has no sheets: a row is found by its number alone.
  return file.format === 'csv' ? { ...read, rows: read.rows.map((r) => ({ ...r, sheet: null })) } : read
}
