// extract-questions: a questionnaire workbook (or PDF) becomes question rows with their answer
// cells, and the layout they were read with (a mapping the company confirmed for this form before
// reads it so). Drafting is queued next, unless the product is unsure of the columns: then the file
// waits in state `check` for a person to confirm them (PUT /api/questionnaires/:id/layout).
import { draftJob, events, type FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { AppError } from '@portal/errors'
import type { EventBus } from '@portal/bus'
import type { JobQueue } from '@portal/queue'
import { finishFile, questionnaireDb, rememberedLayouts, replaceQuestions, saveLayout } from '@portal/questionnaire-store'
import type { BlobStore } from '@portal/storage'
import type { FileRow } from './file-job.js'
import { readQuestionnaire } from '@portal/documents'

export async function extractQuestions(deps: { db: Database; blobs: BlobStore; bus: EventBus; queue: JobQueue }, job: FileJob, file: FileRow): Promise<void> {
  const db = questionnaireDb(deps.db)
  const { questions, layout } = await readQuestionnaire(deps.blobs, file, { remembered: await rememberedLayouts(db, job.tenantId) })
  if (!questions.length) throw new AppError('UNPROCESSABLE', { message: 'No questions were found in this file' })
  await replaceQuestions(db, job.tenantId, file.id, questions)
  await saveLayout(db, job.tenantId, file.id, layout ?? null)
  const state = layout?.needsCheck ? 'check' : 'ready'
  await finishFile(db, job.tenantId, file.id, { state, total: questions.length })
  await deps.bus.publish(events.questionnaireExtracted(job.tenantId), { fileId: file.id, total: questions.length })
  if (state === 'ready') await deps.queue.add(...draftJob(job.tenantId, file.id, undefined, questions.length))
}
