// URLs as they may be written anywhere that is kept (the request log, trace spans): a logged link
// must not work. One function for every place that records a URL, path or query.

/**
 * Query parameters that carry a capability (an emailed link's token, an SSO ticket, an OAuth code
 * and state): never written to logs.
 */
const SECRET_PARAM = /^(token|.*token|invite|capability|code|otp|password|secret|key|signature|sig|ticket|state)$/i

/**
 * Paths whose segment after the prefix is a capability even where no route of this process names it
 * (the gateway forwards them in split mode with a wildcard route; the web app's pages are its
 * fallback, `/inbound/review/<capability>` the mailed link), or personal data (the web page
 * `/forgot-password/<email>` the sign-in screen links to). Routes that do name their capability
 * parameter (`:token`, `:capability`) are redacted by that name wherever they are.
 */
export const capabilityPaths: readonly string[] = ['/api/inbound/', '/api/people/invite/', '/inbound/review/', '/forgot-password/']

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    return s // compared as sent
  }
}

/**
 * A request URL as it may be logged: the values of secret-looking query parameters (token,
 * inviteToken, permissionToken, resetToken, capability, …), the path segments of route params with
 * such names (`params`, the route's), and capability path segments become `[redacted]`. Names are
 * compared without case and after percent-decoding.
 */
export function redactUrl(url: string, params?: Record<string, unknown>): string {
  const q = url.indexOf('?')
  let path = q < 0 ? url : url.slice(0, q)
  for (const prefix of capabilityPaths) {
    if (!path.toLowerCase().startsWith(prefix)) continue
    const end = path.indexOf('/', prefix.length)
    path = `${path.slice(0, prefix.length)}[redacted]${end < 0 ? '' : path.slice(end)}`
  }
  const secrets = Object.entries(params ?? {})
    .filter(([name, value]) => SECRET_PARAM.test(name) && typeof value === 'string' && value)
    .map(([, v]) => v)
  if (secrets.length)
    path = path
      .split('/')
      .map((seg) => (secrets.includes(decoded(seg)) ? '[redacted]' : seg))
      .join('/')
  if (q < 0) return path
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq < 0) return pair
      return SECRET_PARAM.test(decoded(pair.slice(0, eq)).trim()) ? `${pair.slice(0, eq)}=[redacted]` : pair
    })
  return `${path}?${query.join('&')}`
}
