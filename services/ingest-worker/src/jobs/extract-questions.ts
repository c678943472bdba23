// extract-questions: a questionnaire workbook (or PDF) becomes question rows with their answer
// cells; drafting is queued next.
import { draftJob, events, type FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { AppError } from '@portal/errors'
import type { EventBus } from '@portal/bus'
import type { JobQueue } from '@portal/queue'
import { finishFile, questionnaireDb, replaceQuestions } from '@portal/questionnaire-store'
import type { BlobStore } from '@portal/storage'
import type { FileRow } from './file-job.js'
import { readQuestions } from '@portal/documents'

export async function extractQuestions(deps: { db: Database; blobs: BlobStore; bus: EventBus; queue: JobQueue }, job: FileJob, file: FileRow): Promise<void> {
  const questions = await readQuestions(deps.blobs, file)
  if (!questions.length) throw new AppError('UNPROCESSABLE', { message: 'No questions were found in this file' })
  const db = questionnaireDb(deps.db)
  await replaceQuestions(db, job.tenantId, file.id, questions)
  await finishFile(db, job.tenantId, file.id, { state: 'ready', total: questions.length })
  await deps.bus.publish(events.questionnaireExtracted(job.tenantId), { fileId: file.id, total: questions.length })
  await deps.queue.add(...draftJob(job.tenantId, file.id))
}
