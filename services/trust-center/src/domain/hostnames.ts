// Host names of published trust centers: `<cname>.<TRUST_CENTER_DOMAIN>`, looked up exactly.
// Nothing is ever inferred from the shape of a host (security.md B10).

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set(['www', 'api', 'app', 'admin', 'mail', 'localhost'])

/** Lowercased, without a trailing dot or surrounding space: the only form stored and compared. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '')
}

export const isValidSubdomain = (label: string) => LABEL.test(label)

/** The cname a new site starts with: its dbName, lowercased, `_` → `-` (not published yet). */
export const defaultCname = (dbName: string) => dbName.toLowerCase().replace(/_/g, '-')

export const hostnameOf = (cname: string, domain: string) => normaliseHost(`${cname}.${domain}`)

/** Scheme and port of PUBLIC_URL with the site's host: `http://demo.localhost:3000` on a laptop. */
export function siteUrl(publicUrl: string, hostname: string): string {
  const base = new URL(publicUrl)
  return `${base.protocol}//${hostname}${base.port ? `:${base.port}` : ''}`
}
