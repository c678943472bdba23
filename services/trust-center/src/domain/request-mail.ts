// The mail that tells staff about a new access request (issue 25): who asks, from which company,
// for which document, and where to answer it. Every name is typed by a visitor: one line in the
// subject, escaped in HTML.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const oneLine = (s: string, max = 120) =>
  s
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, max)

export interface RequestNotice {
  name: string
  email: string
  company: string
  relationship: string
  /** The document's title when the visitor asked from one. */
  document: string | null
  /** The console's access requests screen. */
  reviewUrl: string
}

export function accessRequestMail(r: RequestNotice) {
  const who = `${oneLine(r.name)} (${oneLine(r.email)})`
  const wants = r.document ? `access to "${oneLine(r.document)}"` : 'access to your trust center'
  const lines = [
    `${who} from ${oneLine(r.company)} asks for ${wants}.`,
    `Relationship: ${oneLine(r.relationship)}.`,
    'Approve or deny the request on the access requests page.',
  ]
  return {
    subject: oneLine(`Access request: ${oneLine(r.name)} asks for ${r.document ? `"${oneLine(r.document, 80)}"` : 'trust center access'}`, 200),
    text: `${lines.join('\n\n')}\n\nAccess requests: ${r.reviewUrl}`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(r.reviewUrl)}">Open the access requests</a></p>`,
  }
}
