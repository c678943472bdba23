// The mails of the trust center's update subscriptions: the confirmation of a new address, and the
// notice of changes to confirmed subscribers. Both carry an unsubscribe link. Link tokens travel in
// the URL's fragment, which browsers never send to a server, so they stay out of access logs.
import { describeTrustChange } from '@portal/contracts'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()

export const confirmLink = (siteUrl: string, token: string) => `${siteUrl}/#confirm-updates=${token}`
export const unsubscribeLink = (siteUrl: string, token: string) => `${siteUrl}/#unsubscribe-updates=${token}`

export function confirmSubscriptionMail(input: { company: string; confirm: string; unsubscribe: string }) {
  const company = oneLine(input.company) || 'the trust center'
  return {
    subject: `Confirm your subscription to the ${company} trust center`,
    text:
      `Someone, probably you, asked to receive updates of the ${company} trust center at this address.\n\n` +
      `Confirm the subscription: ${input.confirm}\n\nIf you did not ask for it, ignore this email: you will receive nothing else.\n\n` +
      `Unsubscribe: ${input.unsubscribe}`,
    html:
      `<p>Someone, probably you, asked to receive updates of the ${escapeHtml(company)} trust center at this address.</p>` +
      `<p><a href="${escapeHtml(input.confirm)}">Confirm the subscription</a></p>` +
      '<p>If you did not ask for it, ignore this email: you will receive nothing else.</p>' +
      `<p><a href="${escapeHtml(input.unsubscribe)}">Unsubscribe</a></p>`,
  }
}

export function changesMail(input: {
  company: string
  site: string
  unsubscribe: string
  changes: { kind: 'document' | 'compliance'; action: 'added' | 'updated' | 'removed'; title: string }[]
}) {
  const company = oneLine(input.company) || 'the trust center'
  const lines = input.changes.map((c) => oneLine(describeTrustChange(c)))
  return {
    subject: `Updates to the ${company} trust center`,
    text:
      `The ${company} trust center has changed:\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\nSee the trust center: ${input.site}\n\n` +
      `You receive this email because you subscribed to its updates. Unsubscribe: ${input.unsubscribe}`,
    html:
      `<p>The ${escapeHtml(company)} trust center has changed:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` +
      `<p><a href="${escapeHtml(input.site)}">See the trust center</a></p>` +
      `<p>You receive this email because you subscribed to its updates. <a href="${escapeHtml(input.unsubscribe)}">Unsubscribe</a></p>`,
  }
}
