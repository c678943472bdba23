// The questions of a stored questionnaire file, with their answer cells: one implementation for
// the AI review's questionnaires (extract-questions) and for outbound questionnaires and templates
// (@portal/svc-outbound's extract-outbound job). Workbooks are read in the spreadsheet worker
// thread, PDFs in the PDF worker; only the questions come back to this thread.
import type { NewQuestion } from '@portal/questionnaire-store'
import { analyseWorkbook } from '@portal/sheets'
import type { BlobStore } from '@portal/storage'
import type { FoundQuestion } from '../extract/find-questions.mjs'
import { findPdfQuestions } from '../extract/pdf-questions.js'
import { extractPdfFile } from '../pdf/extract-text.js'
import { withLocalCopy } from '../local-copy.js'

const findQuestionsInWorker = { module: new URL('../extract/find-questions.mjs', import.meta.url), name: 'findQuestions' }

export async function readQuestions(blobs: BlobStore, file: { format: string; storageKey: string }): Promise<NewQuestion[]> {
  if (file.format === 'pdf') {
    const pages = await withLocalCopy(blobs, file.storageKey, (path) => extractPdfFile(path))
    return findPdfQuestions(pages).map((q) => ({ sheet: `page ${q.page}`, row: 0, questionRef: q.questionId, question: q.question, answerCells: [] }))
  }
  const bytes = await blobs.getBuffer(file.storageKey) // a workbook: at most 20 MB
  return (await analyseWorkbook<FoundQuestion[]>(bytes, findQuestionsInWorker)).map((q) => ({
    sheet: q.sheet,
    row: q.row,
    questionRef: q.questionId,
    question: q.question,
    answerCells: q.answerCells,
  }))
}
