// Update subscriptions: subscribing (a confirmation mail, nothing else until it is followed),
// and telling confirmed subscribers what changed on the published trust center. Changes are
// recorded where the admin saves (documents, compliance) and form the public changelog.
import { withTenant } from '@portal/db'
import { findSettings } from './db/branding.repo.js'
import { findSite } from './db/site.repo.js'
import type { Site } from './db/site.repo.js'
import {
  addUnsubscribeToken,
  type ChangeInput,
  findSubscriberByEmail,
  insertChanges,
  listConfirmedSubscribers,
  upsertPendingSubscriber,
} from './db/updates.repo.js'
import type { TrustCenterDeps } from './deps.js'
import { siteUrl } from './domain/hostnames.js'
import { hashPermissionToken as hashToken, newPermissionToken as newToken } from './domain/permission-token.js'
import { changesMail, confirmLink, confirmSubscriptionMail, unsubscribeLink } from './domain/updates-mail.js'

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 48 * 3600 * 1000

export type { ChangeInput } from './db/updates.repo.js'

async function companyOf(deps: TrustCenterDeps, site: Site): Promise<string> {
  return (await findSettings(deps.db, site.tenantId))?.companyTitle || site.cname
}

/**
 * Mails a confirmation link to this address unless it is confirmed already (then nothing happens:
 * the visitor's answer is the same either way, so it tells nobody who subscribed).
 */
export async function subscribe(deps: TrustCenterDeps, site: Site, email: string): Promise<void> {
  const known = await findSubscriberByEmail(deps.db, site.tenantId, email)
  if (known?.confirmedAt) return
  const token = newToken()
  const row = await upsertPendingSubscriber(deps.db, site.tenantId, email, hashToken(token), new Date(deps.now().getTime() + CONFIRM_TTL_MS))
  if (!row) return // confirmed meanwhile
  const leave = newToken()
  await addUnsubscribeToken(deps.db, site.tenantId, row.id, hashToken(leave))
  const base = siteUrl(deps.config.publicUrl, site.hostname)
  await deps.mail.send({
    to: email,
    ...confirmSubscriptionMail({ company: await companyOf(deps, site), confirm: confirmLink(base, token), unsubscribe: unsubscribeLink(base, leave) }),
  })
}

/**
 * Records changes visitors can see (the changelog) and, when the trust center is published, mails
 * them to its confirmed subscribers, each mail with its own unsubscribe link. Call it before
 * `sites.changed`: the server-rendered page is keyed on the content version, so the new version's
 * render carries the new changelog. Mailing runs after the reply:
 * a mail server that is slow or down never fails the admin's save, and is logged.
 */
export async function recordChanges(deps: TrustCenterDeps, tenantId: string, changes: ChangeInput[]): Promise<void> {
  const visible = changes.filter((c) => c.title.trim())
  if (!visible.length) return
  await insertChanges(deps.db, tenantId, visible)
  const site = await findSite(deps.db, tenantId)
  if (!site?.published) return
  setImmediate(() => {
    notify(deps, site, visible).catch((err: unknown) => deps.logger.error({ err, tenantId }, 'trust center update mails not sent'))
  })
}

async function notify(deps: TrustCenterDeps, site: Site, changes: ChangeInput[]): Promise<void> {
  await withTenant(site.tenantId, async () => {
    const subscribers = await listConfirmedSubscribers(deps.db, site.tenantId)
    if (!subscribers.length) return
    const company = await companyOf(deps, site)
    const base = siteUrl(deps.config.publicUrl, site.hostname)
    for (const s of subscribers) {
      const leave = newToken()
      await addUnsubscribeToken(deps.db, site.tenantId, s.id, hashToken(leave))
      try {
        await deps.mail.send({ to: s.email, ...changesMail({ company, site: `${base}/`, unsubscribe: unsubscribeLink(base, leave), changes }) })
      } catch (err) {
        deps.logger.warn({ err, tenantId: site.tenantId }, 'trust center update mail not sent to one subscriber')
      }
    }
  })
}
