// outbound module: the host's entry into this service. Migrates its schema, registers its routes,
// takes its extract-outbound jobs (the shared extraction, in worker threads), and every minute
// re-queues files a lost job left behind and mails the reminders that are due.
import { migrateAudit } from '@portal/audit'
import { JOBS } from '@portal/contracts'
import { asSystem, schemaDb, withTenant, withTenantOf } from '@portal/db'
import { type ContextWith, type ServiceContext, serviceModule, withBackends } from '@portal/http'
import { createVirusScanner } from '@portal/storage'
import { pruneAttempts, recipientLinks } from './db/links.repo.js'
import { migrations } from './db/migrations/index.js'
import { seedDemoOutbound as seedDemo } from './seed.js'
import { dueForReminder, markReminded } from './db/outbounds.repo.js'
import { staleStoredFiles } from './db/files.repo.js'
import { type OutboundDb, SCHEMA } from './db/schema.js'
import type { OutboundDeps } from './deps.js'
import { deliver, issueLink, spendMailBudget } from './links.js'
import { reminderMail } from './domain/mails.js'
import { extractJob, extractOutbound } from './jobs/extract-outbound.js'
import { outboundPlugin } from './plugin.js'
import { senderOf } from './routes/outbounds.js'

export { SCHEMA }
export const SERVICE = 'outbound'

/** A reminder goes once, this many days after sending, when nothing was answered. */
export const REMINDER_DAYS = 7

/** Reminders due across tenants (system work); each is sent in its tenant's scope with a fresh link. */
export async function sendReminders(deps: OutboundDeps, days = REMINDER_DAYS): Promise<number> {
  let sent = 0
  for (const o of await asSystem(() => dueForReminder(deps.db, days))) {
    await withTenant(o.tenantId, async () => {
      const live = (await recipientLinks(deps.db, o.tenantId, [o])).get(o.id)
      // No live link (revoked, expired): the sender decided; no reminder.
      if (live && !live.revokedAt && live.expiresAt.getTime() > Date.now()) {
        if (
          !(await spendMailBudget(deps, o.tenantId).then(
            () => true,
            () => false,
          ))
        )
          return // next sweep
        const link = await issueLink(deps, o.tenantId, o.id, o.email, live.expiresAt)
        if (
          await deliver(
            deps,
            o.email,
            reminderMail({
              sender: senderOf(o.senderName, o.senderEmail),
              company: o.senderCompany,
              clientName: o.clientName,
              url: link.url,
              expiresAt: link.expiresAt,
            }),
          )
        )
          sent++
      }
      await markReminded(deps.db, o.tenantId, o.id)
    })
  }
  return sent
}

/** The service's dependencies, from what the host started. */
function depsOf(ctx: ContextWith<'db' | 'blobs' | 'bus' | 'queue' | 'mail'>): OutboundDeps {
  const database = ctx.db
  return {
    database,
    db: schemaDb<OutboundDb>(database, SCHEMA),
    blobs: ctx.blobs,
    scanner: createVirusScanner(ctx.config.clamavUrl),
    bus: ctx.bus,
    queue: ctx.queue,
    mail: ctx.mail,
    tokens: ctx.tokens,
    config: ctx.config,
    logger: ctx.logger.child({ svc: SERVICE }),
  }
}

/** The demo's sent questionnaire (half answered); returns a fresh link to answer it as the client. */
export const seedDemoOutbound = (ctx: ServiceContext, demo: { tenantId: string; dbName: string; email: string }) =>
  seedDemo(depsOf(withBackends(ctx, ['db', 'blobs', 'bus', 'queue', 'mail'])), demo)

export const module = serviceModule({
  name: SERVICE,
  deps: ['server', 'db', 'blobs', 'queue', 'bus', 'mail', 'tokens'],
  schema: { name: SCHEMA, migrations },
  init: async (ctx) => {
    // The audit log this service appends to (@portal/audit; identity serves it).
    if (ctx.config.dbMigrate) await migrateAudit(ctx.db)
    const deps = depsOf(ctx)
    const log = deps.logger
    await ctx.server.register(async (app) => outboundPlugin(app, deps), { prefix: '/api' })
    deps.queue.process(JOBS.extractOutbound, (job) => withTenantOf(job.data, () => extractOutbound(deps, job)), { concurrency: 2 })

    const sweep = async () => {
      for (const f of await asSystem(() => staleStoredFiles(deps.db)))
        await deps.queue.add(...extractJob(f.tenantId, f.kind, f.id, f.state === 'running' ? (f.leaseUntil ?? undefined) : undefined))
      await sendReminders(deps)
      await asSystem(() => pruneAttempts(deps.db, new Date(Date.now() - 3600_000)))
    }
    await sweep().catch((err: unknown) => log.warn({ err }, 'outbound sweep failed'))
    const timer = setInterval(() => void sweep().catch((err: unknown) => log.warn({ err }, 'outbound sweep failed')), ctx.config.sweepMs) // stuck extractions, reminders due
    timer.unref()
    return { stop: async () => clearInterval(timer) }
  },
})
