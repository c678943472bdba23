// Mails for the company's admins from other services (events.adminNotice): only this service knows
// who they are. Issue 25: a new trust-center access request, when no other address is set. Each
// tenant's admins with a proven address get the mail; the tenant comes from the subject's first
// token and must match the payload's (one tenant's event never reaches another's admins).
import type { EventBus } from '@portal/bus'
import { events } from '@portal/contracts'
import { withTenant } from '@portal/db'
import type { Mailer } from '@portal/mail'
import type { Logger } from '@portal/observability'
import type { Kysely } from 'kysely'
import type { IdentityDb } from './db/schema.js'
import { listUsers } from './db/users.repo.js'

interface Notice {
  tenantId: string
  subject: string
  text: string
  html: string
}

const isNotice = (p: unknown): p is Notice =>
  typeof p === 'object' && p !== null && ['tenantId', 'subject', 'text', 'html'].every((k) => typeof (p as Record<string, unknown>)[k] === 'string')

export async function sendAdminNotices(deps: { bus: EventBus; db: Kysely<IdentityDb>; mail: Mailer; logger: Logger }): Promise<() => Promise<void>> {
  return deps.bus.subscribe(events.adminNotice('*'), async (subject, payload) => {
    if (!isNotice(payload) || subject !== events.adminNotice(payload.tenantId)) return
    try {
      const admins = await withTenant(payload.tenantId, () => listUsers(deps.db, payload.tenantId))
      // A deprovisioned admin (SCIM active=false) hears nothing more of the company.
      for (const a of admins.filter((u) => u.admin && !u.inboundUser && u.emailVerifiedAt && u.deactivatedAt === null))
        await deps.mail.send({ to: a.email, subject: payload.subject, text: payload.text, html: payload.html })
    } catch (err) {
      deps.logger.warn({ err }, 'admin notice not sent')
    }
  })
}
