// What every file job shares: payload check, the lease that makes a run idempotent, and turning
// failures into a visible state on the file instead of a silent retry loop.
import type { EventBus } from '@portal/bus'
import { events, type FileJob, isFileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { AppError, unrecoverableCodes } from '@portal/errors'
import type { Logger } from '@portal/observability'
import { claimFile, finishFile, findFile, questionnaireDb, releaseFile } from '@portal/questionnaire-store'
import { type JobContext, UnrecoverableJobError } from '@portal/queue'

export const LEASE_MS = 10 * 60_000

export type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>

/** Runs `work` for the job's file when this run can claim it; records failure on the file. */
export async function runFileJob(job: JobContext<unknown>, database: Database, bus: EventBus, log: Logger, work: (job: FileJob, file: FileRow) => Promise<void>): Promise<void> {
  if (!isFileJob(job.data)) throw new UnrecoverableJobError('bad payload')
  const data = job.data
  const db = questionnaireDb(database)
  // The file must belong to the job's tenant: a job naming another tenant's file does nothing.
  const file = await findFile(db, data.tenantId, data.fileId)
  if (!file) throw new UnrecoverableJobError('file not found for this tenant')
  if (!(await claimFile(db, data.tenantId, data.fileId, LEASE_MS))) return // finished, or another run holds it
  try {
    await work(data, file)
  } catch (err) {
    const final = err instanceof UnrecoverableJobError || (err instanceof AppError && unrecoverableCodes.has(err.code)) || job.attempt >= 3
    const message = err instanceof AppError ? err.message : 'Processing failed; please upload the file again'
    if (final) {
      await finishFile(db, data.tenantId, data.fileId, { state: 'failed', error: message })
      await bus.publish(events.fileFailed(data.tenantId), { fileId: data.fileId, error: message })
    }
    else await releaseFile(db, data.tenantId, data.fileId) // back to queued: the retry claims it again
    log.warn({ err, fileId: data.fileId, attempt: job.attempt }, 'file job failed')
    throw final && !(err instanceof UnrecoverableJobError) ? new UnrecoverableJobError(message) : err
  }
}
