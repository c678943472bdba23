// questionnaire module: the host's entry into this service. At start-up it migrates its schema and
// re-queues files a crash or a lost queue left queued or running past their lease.
import { draftJob, JOBS } from '@portal/contracts'
import { asSystem, type Database, migrateSchema, withTenant } from '@portal/db'
import { need, type ServiceContext } from '@portal/http'
import { createDrafter } from '@portal/drafting'
import { migrations, questionnaireDb, questionnaireKnowledge, questionnairesToDraft, SCHEMA, staleFiles } from '@portal/questionnaire-store'
import type { Module } from '@portal/runtime'
import { seedDemoQuestionnaire as seedDemo } from './demo/seed.js'
import { questionnairePlugin } from './plugin.js'

export { DEMO_CLIENT } from './demo/seed.js'

/** The demo client of `npm start`, written in the demo tenant's scope. */
export const seedDemoQuestionnaire = (deps: Parameters<typeof seedDemo>[0] & { db: Database }, tenantId: string) =>
  withTenant(tenantId, () => seedDemo(deps, tenantId))

export const SERVICE = 'questionnaire'

/** How often questionnaires that should be drafting and are not get a draft job (a lost event, a dead run's lease run out). */
const DRAFT_SWEEP_MS = 60_000

export const module: Module<ServiceContext> = {
  name: SERVICE,
  deps: ['server', 'db', 'blobs', 'queue', 'bus', 'tokens'],
  init: async (ctx) => {
    const database = need(ctx.db, 'db')
    const queue = need(ctx.queue, 'queue')
    if (ctx.config.dbMigrate) await migrateSchema(database, SCHEMA, migrations)
    const store = questionnaireDb(database)
    const log = ctx.logger.child({ svc: SERVICE })
    // Vectors, when configured, are checked now: a missing pgvector stops the start with its reason.
    const knowledge = questionnaireKnowledge(database, ctx.config)
    await asSystem(() => knowledge.ready()) // of no tenant: the extension and the shared table
    ctx.server.get(`/api/${SERVICE}/healthz`, { schema: { hide: true } }, async () => ({ status: true, service: SERVICE }))
    await ctx.server.register(
      async (app) =>
        questionnairePlugin(app, {
          database, store, queue, knowledge, drafter: createDrafter(ctx.config.llm),
          blobs: need(ctx.blobs, 'blobs'), bus: need(ctx.bus, 'bus'), logger: log, quota: ctx.config.quota,
        }),
      { prefix: '/api' },
    )
    // Start-up sweeps look across tenants: system work. Each job then runs in its payload's tenant.
    for (const f of await asSystem(() => staleFiles(store))) {
      const job = f.kind === 'compliance' ? JOBS.ingestDocument : JOBS.extractQuestions
      await queue.add(job, { tenantId: f.tenantId, fileId: f.id }, { jobId: `${f.kind}-${f.id}-restart` })
    }
    // Drafting cut short (the in-process queue forgets its jobs on a stop; a job may have run out of
    // attempts; a process died holding a questionnaire) resumes: now, and every minute for what an
    // event missed. A sweep's job still waiting absorbs the next sweep's; a run drafting absorbs it.
    const sweep = async () => {
      for (const q of await asSystem(() => questionnairesToDraft(store))) await queue.add(...draftJob(q.tenantId, q.id, 'sweep'))
    }
    await sweep()
    const timer = setInterval(() => void sweep().catch((err: unknown) => log.warn({ err }, 'drafting sweep failed')), DRAFT_SWEEP_MS)
    timer.unref()
    return { stop: async () => clearInterval(timer) }
  },
}
