// What every file job shares: payload check, the lease that makes a run idempotent (renewed while
// the run lives), and turning failures into a visible state on the file instead of a silent retry loop.
import type { EventBus } from '@portal/bus'
import { events, type FileJob, isFileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { AppError, unrecoverableCodes } from '@portal/errors'
import type { Logger } from '@portal/observability'
import { claimFile, finishFile, findFile, questionnaireDb, releaseFile, renewFile } from '@portal/questionnaire-store'
import { type JobContext, JobNotReadyError, LEASE_MS, UnrecoverableJobError, withLease } from '@portal/queue'

export type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>

export interface FileJobDeps {
  database: Database
  bus: EventBus
  log: Logger
  /** The lease on the file (JOB_LEASE); renewed every third of it. */
  leaseMs?: number
}

/** Runs `work` for the job's file when this run can claim it; records failure on the file. */
export async function runFileJob(
  job: JobContext<unknown>,
  { database, bus, log, leaseMs = LEASE_MS }: FileJobDeps,
  work: (job: FileJob, file: FileRow) => Promise<void>,
): Promise<void> {
  if (!isFileJob(job.data)) throw new UnrecoverableJobError('bad payload')
  const data = job.data
  const db = questionnaireDb(database)
  // The file must belong to the job's tenant: a job naming another tenant's file does nothing.
  const file = await findFile(db, data.tenantId, data.fileId)
  if (!file) throw new UnrecoverableJobError('file not found for this tenant')
  if (file.state === 'ready' || file.state === 'check' || file.state === 'failed') return // done by an earlier run
  let lease = await claimFile(db, data.tenantId, data.fileId, leaseMs)
  // Another run holds a live lease (or held it when it died): try again once it has ended or run out.
  if (!lease) throw new JobNotReadyError('another run holds the file')
  const renew = async () => {
    const next = await renewFile(db, data.tenantId, data.fileId, lease!, leaseMs)
    if (next) lease = next
    return next !== undefined
  }
  const started = Date.now()
  try {
    await withLease(renew, () => work(data, file), { leaseMs, onLost: () => log.warn({ fileId: data.fileId }, 'file job lost its lease') })
    log.info({ queue: job.queue, jobId: job.id, fileId: data.fileId, attempt: job.attempt, ms: Date.now() - started }, 'file job done')
  } catch (err) {
    const final = err instanceof UnrecoverableJobError || (err instanceof AppError && unrecoverableCodes.has(err.code)) || job.attempt >= 3
    const message = err instanceof AppError ? err.message : 'Processing failed; please upload the file again'
    if (final) {
      await finishFile(db, data.tenantId, data.fileId, { state: 'failed', error: message })
      await bus.publish(events.fileFailed(data.tenantId), { fileId: data.fileId, error: message })
    } else await releaseFile(db, data.tenantId, data.fileId) // back to queued: the retry claims it again
    log.warn({ err, fileId: data.fileId, attempt: job.attempt }, 'file job failed')
    throw final && !(err instanceof UnrecoverableJobError) ? new UnrecoverableJobError(message) : err
  }
}
