// llm-worker: takes `draft-answers` jobs. Owns no tables: it writes through the questionnaire store.
import { isFileJob, JOBS } from '@portal/contracts'
import { withTenant } from '@portal/db'
import { need, type ServiceContext } from '@portal/http'
import { UnrecoverableJobError } from '@portal/queue'
import type { Module } from '@portal/runtime'
import { createDrafter } from '@portal/drafting'
import { questionnaireKnowledge } from '@portal/questionnaire-store'
import { draftAnswers } from './jobs/draft-answers.js'

export const SERVICE = 'llm-worker'

export const module: Module<ServiceContext> = {
  name: SERVICE,
  deps: ['server', 'db', 'queue', 'bus'],
  init: async (ctx) => {
    const db = need(ctx.db, 'db')
    const bus = need(ctx.bus, 'bus')
    const llm = ctx.config.llm
    // A model when one is configured, else the offline drafter: the same job either way.
    const drafter = createDrafter(llm)
    const knowledge = questionnaireKnowledge(db, ctx.config)
    const concurrency = llm ? llm.concurrency : 1
    ctx.logger.info({ svc: SERVICE, drafter: llm ? `model ${llm.model}` : 'offline', retrieval: knowledge.mode }, 'answer drafting ready')
    ctx.server.get(`/api/${SERVICE}/healthz`, { schema: { hide: true } }, async () => ({ status: true, service: SERVICE }))
    need(ctx.queue, 'queue').process(JOBS.draftAnswers, async (job) => {
      if (!isFileJob(job.data)) throw new UnrecoverableJobError('bad payload')
      const data = job.data
      await withTenant(data.tenantId, () => draftAnswers({ db, bus, knowledge, drafter, concurrency }, data)) // row-level security
    }, { concurrency: 2 })
    return undefined
  },
}
