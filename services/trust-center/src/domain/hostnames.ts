// Host names of published trust centers: `<cname>.<TRUST_CENTER_DOMAIN>`, looked up exactly.
// Nothing is ever inferred from the shape of a host (security.md B10).

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * Names no tenant may publish under: our own services, mail and DNS hosts, and words that would
 * pass for the operator's pages (a "login" or "security" trust center of someone else).
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'www1',
  'www2',
  'api',
  'app',
  'apps',
  'admin',
  'administrator',
  'root',
  'system',
  'sys',
  'internal',
  'intranet',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'mx',
  'webmail',
  'autoconfig',
  'autodiscover',
  'ns',
  'ns1',
  'ns2',
  'ns3',
  'ns4',
  'dns',
  'ftp',
  'sftp',
  'ssh',
  'vpn',
  'proxy',
  'gateway',
  'localhost',
  'auth',
  'login',
  'logout',
  'signin',
  'signup',
  'register',
  'sso',
  'oauth',
  'identity',
  'account',
  'accounts',
  'password',
  'static',
  'assets',
  'cdn',
  'files',
  'img',
  'images',
  'upload',
  'uploads',
  'download',
  'downloads',
  'status',
  'health',
  'support',
  'help',
  'docs',
  'blog',
  'portal',
  'dashboard',
  'console',
  'billing',
  'payment',
  'trust',
  'trustcenter',
  'trust-center',
  'security',
  'secure',
  'privacy',
  'legal',
  'terms',
  'compliance',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
  'noreply',
  'no-reply',
  'staging',
])

/** How long a released name is held for its last owner alone. */
export const QUARANTINE_DAYS = 30
export const QUARANTINE_MS = QUARANTINE_DAYS * 86_400_000

export const RELEASED_NOT_AVAILABLE = 'This name was recently released and is not available yet.'
export const RESERVED_NAME = 'This name is reserved. Please choose another.'
export const INTERNATIONAL_NAME = 'Internationalised names (xn--, accents or other non-ASCII letters) are not accepted. Use letters a-z, digits and hyphens.'

/** Lowercased, without a trailing dot or surrounding space: the only form stored and compared. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '')
}

export const isValidSubdomain = (label: string) => LABEL.test(label)

/**
 * Why a label cannot be published, in words, or undefined when it may be (if no one holds it).
 * Punycode (`xn--`, and any `??--` label, which IDNA reserves) and non-ASCII are refused outright:
 * look-alike names of another company are the risk, and we never display Unicode hosts.
 */
export function subdomainRefusal(label: string): { code: 'INVALID_REQUEST' | 'CONFLICT'; message: string } | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (/[^\x00-\x7f]/.test(label) || /^[a-z0-9]{2}--/.test(label)) return { code: 'INVALID_REQUEST', message: INTERNATIONAL_NAME }
  if (!isValidSubdomain(label)) return { code: 'INVALID_REQUEST', message: 'Invalid subdomain' }
  if (RESERVED_SUBDOMAINS.has(label)) return { code: 'CONFLICT', message: RESERVED_NAME }
  return undefined
}

/** The cname a new site starts with: its dbName, lowercased, `_` → `-` (not published yet). */
export const defaultCname = (dbName: string) => dbName.toLowerCase().replace(/_/g, '-')

export const hostnameOf = (cname: string, domain: string) => normaliseHost(`${cname}.${domain}`)

/** Scheme and port of PUBLIC_URL with the site's host: `http://demo.localhost:3000` on a laptop. */
export function siteUrl(publicUrl: string, hostname: string): string {
  const base = new URL(publicUrl)
  return `${base.protocol}//${hostname}${base.port ? `:${base.port}` : ''}`
}
