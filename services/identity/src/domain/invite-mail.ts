// The invitation email. Names and company come from users: escaped in HTML, and (being
// capitalised names and domain labels) free of line breaks by construction.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function inviteMail(input: { inviter: string | undefined; company: string | undefined; link: string }) {
  const who = input.inviter?.trim() || 'A colleague'
  const company = input.company?.trim() || 'your company'
  return {
    subject: 'You are invited to the Trust Portal',
    text: `${who} invited you to join ${company} on the Trust Portal.\n\nCreate your account: ${input.link}\n\nThe link works once and expires in 7 days.`,
    html:
      `<p>${escapeHtml(who)} invited you to join ${escapeHtml(company)} on the Trust Portal.</p>` +
      `<p><a href="${escapeHtml(input.link)}">Create your account</a></p><p>The link works once and expires in 7 days.</p>`,
  }
}

/**
 * The invitation to an address that already has an account (in another company): the inviting admin
 * gets the same answer as for a new address, and only the mailbox owner learns why it cannot join.
 */
export function inviteExistingAccountMail(input: { inviter: string | undefined; company: string | undefined }) {
  const who = input.inviter?.trim() || 'A colleague'
  const company = input.company?.trim() || 'your company'
  const text =
    `${who} invited you to join ${company} on the Trust Portal.\n\n` +
    'This address already has a Trust Portal account, and an address can belong to one company only, so the invitation cannot be accepted with it. ' +
    `To join ${company}, ask ${who} to invite another address of yours. If you did not expect this, ignore this email.`
  return {
    subject: 'You are invited to the Trust Portal',
    text,
    html:
      `<p>${escapeHtml(who)} invited you to join ${escapeHtml(company)} on the Trust Portal.</p>` +
      '<p>This address already has a Trust Portal account, and an address can belong to one company only, so the invitation cannot be accepted with it. ' +
      `To join ${escapeHtml(company)}, ask ${escapeHtml(who)} to invite another address of yours. If you did not expect this, ignore this email.</p>`,
  }
}
