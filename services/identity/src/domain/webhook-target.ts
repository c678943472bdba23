// Where a webhook may post (security.md: webhook SSRF). Only http(s) URLs without credentials, and
// only to public unicast addresses: loopback, private, link-local (cloud metadata), unique-local,
// carrier-grade NAT, multicast, reserved and unspecified ranges are refused, IPv4 inside IPv6
// included. Checked at creation (a literal address, or every address the name has then) and again
// at delivery on the very address connected to (webhook-post.ts), so a name that later resolves
// elsewhere (DNS rebinding) is refused too. WEBHOOK_ALLOW_PRIVATE (a loopback test setting) lifts it.
import ipaddr from 'ipaddr.js'
import { isPublicAddress } from './public-address.js'

export const WEBHOOK_URL_MAX = 2000

/** The URL's problem in words, or undefined when it may be a webhook target (before DNS). */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'The URL is not valid'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must start with https:// or http://'
  if (url.username || url.password) return 'The URL must not carry a user name or password'
  if (raw.length > WEBHOOK_URL_MAX) return `The URL must be at most ${WEBHOOK_URL_MAX} characters`
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (allowPrivate) return undefined
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? undefined : 'Webhooks cannot target loopback or private addresses'
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return 'Webhooks cannot target loopback or private addresses'
  return undefined
}
