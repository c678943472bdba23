// ingest-worker module: takes `ingest-document` (compliance PDFs → text index, vectors and question/answer pairs) and `extract-questions`
// (questionnaires → question rows) jobs. Owns no tables: it writes through the questionnaire store.
import { isFileJob, JOBS } from '@portal/contracts'
import { withTenantOf } from '@portal/db'
import { serviceModule } from '@portal/http'
import { questionnaireKnowledge } from '@portal/questionnaire-store'
import { extractQuestions } from './jobs/extract-questions.js'
import { runFileJob } from './jobs/file-job.js'
import { ingestDocument } from './jobs/ingest-document.js'
import { resumeDrafting } from './jobs/resume-drafting.js'

export const SERVICE = 'ingest-worker'

export const module = serviceModule({
  name: SERVICE,
  deps: ['server', 'db', 'blobs', 'queue', 'bus'],
  init: async (ctx) => {
    const db = ctx.db
    const blobs = ctx.blobs
    const queue = ctx.queue
    const bus = ctx.bus
    const log = ctx.logger.child({ svc: SERVICE })
    const knowledge = questionnaireKnowledge(db, ctx.config)
    const fileJobs = { database: db, bus, log, leaseMs: ctx.config.jobLeaseMs }
    // PDF parsing runs in worker threads; INGEST_CONCURRENCY at a time (default two keeps a 2-core
    // machine responsive). Companies take turns on the queue (fileJob's fairKey).
    // Each job's queries run in its tenant's scope (row-level security).
    const concurrency = ctx.config.jobConcurrency.ingest
    queue.process(
      JOBS.ingestDocument,
      (job) =>
        withTenantOf(job.data, async () => {
          try {
            await runFileJob(job, fileJobs, (data, file) => ingestDocument({ db, blobs, bus, knowledge }, data, file))
          } finally {
            if (isFileJob(job.data)) await resumeDrafting({ db, queue }, job.data).catch((err) => log.warn({ err }, 'could not resume drafting'))
          }
        }),
      { concurrency },
    )
    queue.process(
      JOBS.extractQuestions,
      (job) => withTenantOf(job.data, () => runFileJob(job, fileJobs, (data, file) => extractQuestions({ db, blobs, bus, queue }, data, file))),
      { concurrency },
    )
    return undefined
  },
})
