// The invitation email. Names and company come from users: escaped in HTML, and (being
// capitalised names and domain labels) free of line breaks by construction.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function inviteMail(input: { inviter: string | undefined; company: string | undefined; link: string }) {
  const who = input.inviter?.trim() || 'A colleague'
  const company = input.company?.trim() || 'your company'
  return {
    subject: 'You are invited to the Trust Portal',
    text: `${who} invited you to join ${company} on the Trust Portal.\n\nCreate your account: ${input.link}\n\nThe link works once and expires in 7 days.`,
    html: `<p>${escapeHtml(who)} invited you to join ${escapeHtml(company)} on the Trust Portal.</p>`
      + `<p><a href="${escapeHtml(input.link)}">Create your account</a></p><p>The link works once and expires in 7 days.</p>`,
  }
}
