// A real OpenID provider for the SSO tests: node-oidc-provider, in-process on a loopback port, with
// one confidential client and a few accounts. Its development interactions (a login form that takes
// the account id) are driven over HTTP by `signInAt`, with a cookie jar, as a browser would.
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface Account {
  email: string
  emailVerified: boolean
  groups?: string[]
  givenName?: string
  familyName?: string
}

export interface TestProvider {
  issuer: string
  clientId: string
  clientSecret: string
  accounts: Map<string, Account>
  close(): Promise<void>
}

export async function startProvider(redirectUri: string, accounts: Record<string, Account>): Promise<TestProvider> {
  const server: Server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'portal'
  const clientSecret = `secret-${crypto.randomUUID()}`
  const known = new Map(Object.entries(accounts))
  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    findAccount: async (_ctx, sub) => {
      const account = known.get(sub)
      if (!account) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.givenName,
          family_name: account.familyName,
          groups: account.groups ?? [],
        }),
      }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'groups'] },
    // Claims in the id token itself, as Entra ID, Google and Okta put email there.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-cookie-key'] },
    pkce: { required: () => true },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    clientId,
    clientSecret,
    accounts: known,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * Follows the provider's redirects from `authorizeUrl`, signs in as `login` and consents, until the
 * provider sends the browser back to `redirectUri`: that URL (with code and state, or an error).
 * `abort`: the person cancels at the login form instead.
 */
export async function signInAt(authorizeUrl: string, redirectUri: string, login: string, opts: { abort?: boolean } = {}): Promise<URL> {
  const jar = new Map<string, string>()
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const eq = pair!.indexOf('=')
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1))
    }
    return res
  }
  let url = authorizeUrl
  for (let hops = 0; hops < 20; hops++) {
    if (url.startsWith(redirectUri)) return new URL(url)
    const res = await send(url)
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString()
      continue
    }
    const html = await res.text()
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`)
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1]
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1]
    if (!action || !prompt) throw new Error(`no interaction form at ${url}`)
    if (opts.abort) {
      url = new URL(html.match(/href="([^"]*\/abort)"/)![1]!, url).toString()
      continue
    }
    const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }
    const posted = await send(new URL(action, url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
    if (posted.status < 300 || posted.status >= 400) throw new Error(`interaction ${prompt} answered ${posted.status}`)
    url = new URL(posted.headers.get('location')!, url).toString()
  }
  throw new Error('too many redirects at the provider')
}
