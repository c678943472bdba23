// The mail that hands an approved visitor their access link. The token travels in the URL's
// fragment, which browsers never send to a server, so it stays out of every access log.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function accessLink(siteUrl: string, token: string, email: string): string {
  return `${siteUrl}/#access=${token}&email=${encodeURIComponent(email)}`
}

export function accessGrantedMail(input: { company: string; link: string; expiresAt: Date }) {
  // The company title is plain text typed by staff: one line, escaped in HTML.
  const company = input.company.replace(/\s+/g, ' ').trim() || 'the trust center'
  const until = input.expiresAt.toISOString().slice(0, 10)
  return {
    subject: `Your access to the ${company} trust center`,
    text:
      `Your request to access the ${company} trust center has been approved.\n\nOpen the trust center: ${input.link}\n\n` +
      `The link is personal and works until ${until}. Do not forward it.`,
    html:
      `<p>Your request to access the ${escapeHtml(company)} trust center has been approved.</p>` +
      `<p><a href="${escapeHtml(input.link)}">Open the trust center</a></p>` +
      `<p>The link is personal and works until ${until}. Do not forward it.</p>`,
  }
}
