// Where the portal may call on behalf of a company (its SSO provider's discovery, token and key
// endpoints): https only, to public addresses only, no redirects, a timeout. A provider on http
// loopback is accepted only with SSO_ALLOW_LOOPBACK (a test setting, loopback HOST only). The host
// is resolved before every call, so a name that turns private later is refused then.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { AppError } from '@portal/errors'
import { isPublicAddress } from '../domain/public-address.js'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])
const refused = (message: string) => new AppError('INVALID_REQUEST', { message })

/** Throws a 400 in words unless `raw` is a URL the portal may call. */
export async function checkOutboundUrl(raw: string, opts: { allowLoopback: boolean }): Promise<URL> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refused('The provider address is not a valid URL.')
  }
  if (url.username || url.password) throw refused('The provider address must not carry a user name or password.')
  if (opts.allowLoopback && url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname)) return url
  if (url.protocol !== 'https:') throw refused('The provider address must start with https://.')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (all) => all.map((a) => a.address),
        () => [],
      )
  if (addresses.length === 0) throw refused(`The provider host ${host} could not be found.`)
  const loopbackOk = opts.allowLoopback && addresses.every((a) => a === '127.0.0.1' || a === '::1')
  if (!loopbackOk && addresses.some((a) => !isPublicAddress(a)))
    throw refused('The provider address points to a private network, which the portal does not call.')
  return url
}

/** fetch for provider endpoints: the address checked first, redirects refused, 10 s at most. */
export function providerFetch(opts: { allowLoopback: boolean }) {
  return async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = await checkOutboundUrl(String(input), opts)
    return fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(10_000) })
  }
}
