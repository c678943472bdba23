// Emailed links and the mail that carries them. A link is a fresh capability per address and per
// sending; mail counts against the tenant's hourly limit (security.md B25).
import { AppError } from '@portal/errors'
import { cleanHeader } from '@portal/mail'
import { insertLink, spendMail } from './db/links.repo.js'
import type { OutboundDeps } from './deps.js'
import { DAY_MS, DEFAULT_LINK_DAYS, hashCapability, newCapability } from './domain/capability.js'

/** Mails per tenant and hour (invites, questionnaires, reminders, notices). */
export const MAILS_PER_HOUR = 50

export const inboundUrl = (deps: Pick<OutboundDeps, 'config'>, capability: string) => `${deps.config.publicUrl.replace(/\/$/, '')}/inbound/review/${capability}`
export const reviewUrl = (deps: Pick<OutboundDeps, 'config'>, outboundId: string) => `${deps.config.publicUrl.replace(/\/$/, '')}/outbound/review/${outboundId}`

/** Link lifetime from a form field: whole days 1 to 365; absent → 30. */
export function linkDays(raw: string | number | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_LINK_DAYS
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 365) throw new AppError('INVALID_REQUEST', { message: 'The link must work for 1 to 365 days' })
  return n
}

export async function issueLink(
  deps: OutboundDeps,
  tenantId: string,
  outboundId: string,
  email: string,
  expiresAt: Date,
): Promise<{ url: string; expiresAt: Date }> {
  const capability = newCapability()
  await insertLink(deps.db, tenantId, { outboundId, email, tokenHash: hashCapability(capability), expiresAt })
  return { url: inboundUrl(deps, capability), expiresAt }
}

export const expiryIn = (days: number) => new Date(Date.now() + days * DAY_MS)

/** Counts `count` mails against the tenant's hourly limit, before anything is done; 429 when it is reached. */
export async function spendMailBudget(deps: OutboundDeps, tenantId: string, count = 1): Promise<void> {
  for (let i = 0; i < count; i++) {
    if (!(await spendMail(deps.db, tenantId, MAILS_PER_HOUR))) {
      throw new AppError('RATE_LIMITED', { message: 'Your company has sent too many emails this hour. Please try again later.', retryAfter: 3600 })
    }
  }
}

/** Sends a mail already counted; a mail server that fails is logged, not thrown (the staff can resend). */
export async function deliver(deps: OutboundDeps, to: string, mail: { subject: string; text: string; html: string }): Promise<boolean> {
  try {
    await deps.mail.send({ to, subject: cleanHeader(mail.subject), text: mail.text, html: mail.html })
    return true
  } catch (err) {
    deps.logger.warn({ err }, 'outbound mail not sent')
    return false
  }
}
