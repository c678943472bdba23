// llm-worker module: takes `draft-answers` jobs. Owns no tables: it writes through the questionnaire store.
import { isFileJob, JOBS } from '@portal/contracts'
import { withTenant } from '@portal/db'
import { serviceModule } from '@portal/http'
import { JobNotReadyError, UnrecoverableJobError } from '@portal/queue'
import { createDrafter } from '@portal/drafting'
import { questionnaireDb, questionnaireKnowledge, withDraftTurns } from '@portal/questionnaire-store'
import { draftAnswers } from './jobs/draft-answers.js'

export const SERVICE = 'llm-worker'

export const module = serviceModule({
  name: SERVICE,
  deps: ['server', 'db', 'queue', 'bus'],
  init: async (ctx) => {
    const db = ctx.db
    const bus = ctx.bus
    const llm = ctx.config.llm
    // A model when one is configured, else the offline drafter: the same job either way.
    const drafter = createDrafter(llm)
    const knowledge = questionnaireKnowledge(db, ctx.config)
    const concurrency = llm ? llm.concurrency : 1
    const log = ctx.logger.child({ svc: SERVICE })
    log.info({ drafter: llm ? `model ${llm.model}` : 'offline', retrieval: knowledge.mode }, 'answer drafting ready')
    const store = questionnaireDb(db)
    // DRAFT_CONCURRENCY questionnaires at once; companies take turns on the queue (draftJob's fairKey).
    ctx.queue.process(
      JOBS.draftAnswers,
      async (job) => {
        if (!isFileJob(job.data)) throw new UnrecoverableJobError('bad payload')
        const data = job.data
        // One draft run per questionnaire at a time (a job finding it taken leaves its request to the
        // run holding it), and none while the client's documents are read: then the job ends, and the
        // end of their reading queues it again (no retry delay).
        // The turn's lease is JOB_LEASE, renewed while the run lives: a worker that died frees it after that.
        const turns = await withTenant(data.tenantId, () =>
          withDraftTurns(
            store,
            data.tenantId,
            data.fileId,
            async () => {
              // row-level security
              await draftAnswers({ db, bus, knowledge, drafter, concurrency }, data).catch((err: unknown) => {
                if (!(err instanceof JobNotReadyError)) throw err
              })
            },
            ctx.config.jobLeaseMs,
          ),
        )
        if (turns === 'gone') throw new UnrecoverableJobError('questionnaire not found for this tenant')
        log.info({ queue: job.queue, jobId: job.id, fileId: data.fileId, attempt: job.attempt, turns }, 'draft job done')
      },
      { concurrency: ctx.config.jobConcurrency.draft },
    )
    return undefined
  },
})
