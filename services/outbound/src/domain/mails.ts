// The outbound service's emails. Names come from users: CR/LF removed (they may end up in a
// subject), and escaped in HTML (security.md B25).
import { cleanHeader } from '@portal/mail'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
/** One line, no control characters, at most 120 characters. */
const oneLine = (s: string) => cleanHeader(s).slice(0, 120)

interface Mail {
  subject: string
  text: string
  html: string
}

function mail(subject: string, paragraphs: string[], link?: { url: string; label: string }): Mail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n')
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') + (link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '')
  return { subject: oneLine(subject), text, html }
}

const until = (expiresAt: Date) => `The link works until ${expiresAt.toUTCString()}.`

/** Who asks: the company when it is known, else the sender ("Name (address)"). */
export const askerOf = (company: string, sender: string) => oneLine(company) || oneLine(sender)

/** `sender`: who sent it, as "Name (address)"; `company`: the sender's company ('' when not known). */
export const questionnaireMail = (p: { sender: string; company: string; clientName: string; url: string; expiresAt: Date }) =>
  mail(
    `${askerOf(p.company, p.sender)} asks you to complete a security questionnaire`,
    [
      `Hello ${oneLine(p.clientName)},`,
      `${p.company ? `${oneLine(p.sender)} of ${oneLine(p.company)}` : oneLine(p.sender)} asks you to answer a security questionnaire. You can answer on the page below, without an account, attach files and leave comments; your answers are saved as you type. Submit when you are done.`,
      until(p.expiresAt),
    ],
    { url: p.url, label: 'Answer the questionnaire' },
  )

export const collaboratorMail = (p: { sender: string; company: string; clientName: string; url: string; expiresAt: Date }) =>
  mail(
    `${askerOf(p.company, p.sender)} invited you to answer a security questionnaire`,
    [
      `You were added as a collaborator on the security questionnaire ${askerOf(p.company, p.sender)} sent to ${oneLine(p.clientName)}. You can answer it with the link below, without an account.`,
      until(p.expiresAt),
    ],
    { url: p.url, label: 'Answer the questionnaire' },
  )

export const reminderMail = (p: { sender: string; company: string; clientName: string; url: string; expiresAt: Date }) =>
  mail(
    `Reminder: ${askerOf(p.company, p.sender)} asks you to complete a security questionnaire`,
    [
      `Hello ${oneLine(p.clientName)},`,
      `${askerOf(p.company, p.sender)} is still waiting for your answers to the security questionnaire sent to you. Nothing has been answered yet.`,
      until(p.expiresAt),
    ],
    { url: p.url, label: 'Answer the questionnaire' },
  )

/** To the sender (with the review page's link) and to collaborators (without: they have no account). */
export const completedMail = (p: { clientName: string; url?: string }) =>
  mail(
    `${oneLine(p.clientName)}: security questionnaire submitted`,
    [
      p.url
        ? `${oneLine(p.clientName)} answered and submitted the security questionnaire you sent. The answers, attachments and comments are on the review page.`
        : `The security questionnaire sent to ${oneLine(p.clientName)} was submitted. Thank you for your answers.`,
    ],
    p.url ? { url: p.url, label: 'Review the answers' } : undefined,
  )
