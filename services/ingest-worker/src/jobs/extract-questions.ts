// extract-questions: a questionnaire workbook (or PDF) becomes question rows with their answer
// cells; drafting is queued next.
import { draftJob, events, type FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { AppError } from '@portal/errors'
import type { EventBus } from '@portal/bus'
import type { JobQueue } from '@portal/queue'
import { finishFile, type NewQuestion, questionnaireDb, replaceQuestions } from '@portal/questionnaire-store'
import { analyseWorkbook } from '@portal/sheets'
import type { BlobStore } from '@portal/storage'
import type { FoundQuestion } from '../extract/find-questions.mjs'
import { findPdfQuestions } from '../extract/pdf-questions.js'
import { extractPdfFile } from '../pdf/extract-text.js'
import type { FileRow } from './file-job.js'
import { withLocalCopy } from './local-copy.js'

/** Read and search in the spreadsheet worker thread: only the questions come back to this one. */
const findQuestionsInWorker = { module: new URL('../extract/find-questions.mjs', import.meta.url), name: 'findQuestions' }

export async function extractQuestions(deps: { db: Database; blobs: BlobStore; bus: EventBus; queue: JobQueue }, job: FileJob, file: FileRow): Promise<void> {
  let questions: NewQuestion[]
  if (file.format === 'pdf') {
    const pages = await withLocalCopy(deps.blobs, file.storageKey, (path) => extractPdfFile(path))
    questions = findPdfQuestions(pages).map((q) => ({ sheet: `page ${q.page}`, row: 0, questionRef: q.questionId, question: q.question, answerCells: [] }))
  } else {
    const bytes = await deps.blobs.getBuffer(file.storageKey) // a workbook: at most 20 MB
    questions = (await analyseWorkbook<FoundQuestion[]>(bytes, findQuestionsInWorker)).map((q) => ({ sheet: q.sheet, row: q.row, questionRef: q.questionId, question: q.question, answerCells: q.answerCells }))
  }
  if (!questions.length) throw new AppError('UNPROCESSABLE', { message: 'No questions were found in this file' })
  const db = questionnaireDb(deps.db)
  await replaceQuestions(db, job.tenantId, file.id, questions)
  await finishFile(db, job.tenantId, file.id, { state: 'ready', total: questions.length })
  await deps.bus.publish(events.questionnaireExtracted(job.tenantId), { fileId: file.id, total: questions.length })
  await deps.queue.add(...draftJob(job.tenantId, file.id))
}
