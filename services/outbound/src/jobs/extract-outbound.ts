// extract-outbound: the questions of a sent questionnaire or of a template, found by the same
// extraction as the AI review's questionnaires (@portal/documents readQuestionnaire, with the
// mappings the company confirmed for its forms before). A file whose columns the product is unsure
// of waits in state `check` for a person to confirm them (routes/layout.ts). The
// lease (renewed while the run lives) makes a run idempotent; a failure ends as a visible state on
// the file, not a silent retry.
import type { EventBus } from '@portal/bus'
import { events, isOutboundFileJob, JOBS, type OutboundFileJob } from '@portal/contracts'
import { AppError, unrecoverableCodes } from '@portal/errors'
import type { Logger } from '@portal/observability'
import { type JobContext, JobNotReadyError, type JobQueue, LEASE_MS, UnrecoverableJobError, withLease } from '@portal/queue'
import type { BlobStore } from '@portal/storage'
import { readQuestionnaire } from '@portal/documents'
import type { Kysely } from 'kysely'
import { claimStoredFile, type FileKind, findStoredFile, finishStoredFile, renewStoredFile, replaceFileQuestions } from '../db/files.repo.js'
import { rememberedLayouts } from '@portal/questionnaire-store'
import { saveFileLayout } from '../db/layout.repo.js'
import type { OutboundDb } from '../db/schema.js'

/**
 * One id per file, so a job still waiting or retrying absorbs the sweep's; a file whose run died
 * holding it gets one more job per lost lease (`lostLease`: when it ran out), since the dead run's
 * job may still count as running in the queue. Companies take turns on the queue (`fairKey`).
 */
export const extractJob = (tenantId: string, kind: FileKind, id: string, lostLease?: Date) =>
  [
    JOBS.extractOutbound,
    { tenantId, kind, id } satisfies OutboundFileJob,
    { jobId: `${kind}-${id}${lostLease ? `-lease-${lostLease.getTime()}` : ''}`, attempts: 3, backoffMs: 1000, fairKey: tenantId },
  ] as const

export async function extractOutbound(
  deps: { db: Kysely<OutboundDb>; blobs: BlobStore; bus: EventBus; logger: Logger; config?: { jobLeaseMs: number } },
  job: JobContext<unknown>,
): Promise<void> {
  if (!isOutboundFileJob(job.data)) throw new UnrecoverableJobError('bad payload')
  const { tenantId, kind, id } = job.data
  const file = await findStoredFile(deps.db, tenantId, kind, id)
  if (!file) return // deleted since: nothing to do
  if (file.state === 'ready' || file.state === 'check' || file.state === 'failed') return // done by an earlier run
  const leaseMs = deps.config?.jobLeaseMs ?? LEASE_MS
  let lease = await claimStoredFile(deps.db, tenantId, kind, id, leaseMs)
  // Another run holds a live lease (or held it when it died): try again once it has ended or run out.
  if (!lease) throw new JobNotReadyError('another run holds the file')
  const renew = async () => {
    const next = await renewStoredFile(deps.db, tenantId, kind, id, lease!, leaseMs)
    if (next) lease = next
    return next !== undefined
  }
  const subject = events.outboundExtracted(tenantId)
  try {
    await withLease(
      renew,
      async () => {
        const { questions, layout } = await readQuestionnaire(
          deps.blobs,
          { format: file.format, storageKey: file.blobKey },
          { remembered: await rememberedLayouts(deps.db, tenantId) },
        )
        if (!questions.length) throw new AppError('UNPROCESSABLE', { message: 'No questions were found in this file' })
        await replaceFileQuestions(deps.db, tenantId, kind, id, questions)
        await saveFileLayout(deps.db, tenantId, kind, id, layout ?? null)
        const state = layout?.needsCheck ? 'check' : 'ready'
        await finishStoredFile(deps.db, tenantId, kind, id, { state })
        await deps.bus.publish(subject, { kind, id, state, total: questions.length })
      },
      { leaseMs, onLost: () => deps.logger.warn({ kind, id }, 'outbound extraction lost its lease') },
    )
  } catch (err) {
    const final = err instanceof UnrecoverableJobError || (err instanceof AppError && unrecoverableCodes.has(err.code)) || job.attempt >= 3
    const message = err instanceof AppError ? err.message : 'The file could not be read; please upload it again'
    await finishStoredFile(deps.db, tenantId, kind, id, final ? { state: 'failed', error: message } : { state: 'queued' })
    if (final) await deps.bus.publish(subject, { kind, id, state: 'failed', message })
    deps.logger.warn({ err, kind, id, attempt: job.attempt }, 'outbound extraction failed')
    throw final && !(err instanceof UnrecoverableJobError) ? new UnrecoverableJobError(message) : err
  }
}

/** Queues a file's extraction (after its row is written). */
export const queueExtraction = (queue: JobQueue, tenantId: string, kind: FileKind, id: string) => queue.add(...extractJob(tenantId, kind, id))
