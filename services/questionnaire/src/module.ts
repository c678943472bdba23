// questionnaire module: the host's entry into this service. At start-up it migrates its schema; then,
// at once and every few seconds, it queues again what a crash or a lost queue left behind: files
// queued or running past their lease, questionnaires that should be drafting and are not.
import { migrateAudit } from '@portal/audit'
import { draftJob, fileJob } from '@portal/contracts'
import { asSystem, type Database, withTenant } from '@portal/db'
import { serviceModule } from '@portal/http'
import { createDrafter } from '@portal/drafting'
import { migrations, questionnaireDb, questionnaireKnowledge, questionnairesToDraft, SCHEMA, staleFiles } from '@portal/questionnaire-store'
import { seedDemoQuestionnaire as seedDemo } from './seed.js'
import { questionnairePlugin } from './plugin.js'

/** The demo client of `npm start`, written in the demo tenant's scope. */
export const seedDemoQuestionnaire = (deps: Parameters<typeof seedDemo>[0] & { db: Database }, tenantId: string) =>
  withTenant(tenantId, () => seedDemo(deps, tenantId))

export const SERVICE = 'questionnaire'

export const module = serviceModule({
  name: SERVICE,
  deps: ['server', 'db', 'blobs', 'queue', 'bus', 'tokens'],
  schema: { name: SCHEMA, migrations },
  init: async (ctx) => {
    // The audit log this service appends to (@portal/audit; identity serves it).
    if (ctx.config.dbMigrate) await migrateAudit(ctx.db)
    const database = ctx.db
    const queue = ctx.queue
    const store = questionnaireDb(database)
    const log = ctx.logger.child({ svc: SERVICE })
    // Vectors, when configured, are checked now: a missing pgvector stops the start with its reason.
    const knowledge = questionnaireKnowledge(database, ctx.config)
    await asSystem(() => knowledge.ready()) // of no tenant: the extension and the shared table
    await ctx.server.register(
      async (app) =>
        questionnairePlugin(app, {
          database,
          store,
          queue,
          knowledge,
          drafter: createDrafter(ctx.config.llm),
          llm: ctx.config.llm,
          blobs: ctx.blobs,
          bus: ctx.bus,
          logger: log,
          quota: ctx.config.quota,
        }),
      { prefix: '/api' },
    )
    // Every SWEEP_INTERVAL, files whose job may be lost, and questionnaires that should be drafting
    // and are not (a lost event, a dead run's lease run out), get a job: system work across tenants;
    // each job then runs in its payload's tenant. A queued file's job has the upload's own id, so one
    // still waiting or retrying absorbs the sweep's; a file past its lease gets one job per lost lease
    // (fileJob); a sweep's draft job still waiting absorbs the next one.
    const sweep = async () => {
      for (const f of await asSystem(() => staleFiles(store)))
        await queue.add(...fileJob(f.kind, f.tenantId, f.id, f.state === 'running' ? (f.leaseUntil ?? undefined) : undefined))
      for (const q of await asSystem(() => questionnairesToDraft(store))) await queue.add(...draftJob(q.tenantId, q.id, 'sweep', q.total - q.drafted))
    }
    await sweep().catch((err: unknown) => log.warn({ err }, 'sweep failed'))
    const timer = setInterval(() => void sweep().catch((err: unknown) => log.warn({ err }, 'sweep failed')), ctx.config.sweepMs)
    timer.unref()
    return { stop: async () => clearInterval(timer) }
  },
})
