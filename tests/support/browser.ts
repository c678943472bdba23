// Helpers of the browser suites: Debian's Chromium through playwright-core, signing in through the
// console's own form, and the API as a signed-in user (real HTTP against a listening portal).
import { existsSync } from 'node:fs'
import { afterAll, beforeAll } from '@jest/globals'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { call, startTestPortal, type TestPortal } from './portal.js'

export { formOf, until, untilDrafted } from './portal.js'

export const chromePath = process.env['CHROME_PATH'] || '/usr/bin/chromium'

/** Throws a clear message when Chromium or the built web app is missing. */
export function requireBrowserSetup(): void {
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH`)
  if (!existsSync('web/dist/index.html')) throw new Error('web/dist is missing: run `pnpm --filter @portal/web run build` first')
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** Signs in through /login (email, Enter, password, Sign in) and waits for `landing`. */
export async function signInThroughForm(page: Page, email: string, password: string, landing: string | RegExp = '**/dashboard'): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login')
  await page.fill('input[name=email]', email)
  await page.press('input[name=email]', 'Enter')
  await page.fill('input[name=password]', password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(landing)
}

/** A new page of `context` whose actions wait up to `timeout` ms, signed in through /login as `email`. */
export async function signedInPage(context: BrowserContext, email: string, password: string, timeout = 20_000): Promise<Page> {
  const page = await context.newPage()
  page.setDefaultTimeout(timeout)
  await signInThroughForm(page, email, password)
  return page
}

export interface PortalAndChromium {
  tp: TestPortal
  browser: Browser
}

type PortalOptions = Omit<Parameters<typeof startTestPortal>[0] & {}, 'listen'>

/**
 * For the calling describe block: before its tests, a listening portal (with `options`, or what
 * `options()` resolves to) and Chromium; after them, both closed. Read `tp` and `browser` of the
 * returned object inside the tests.
 */
export function portalAndChromiumForSuite(options: PortalOptions | (() => Promise<PortalOptions>) = {}): PortalAndChromium {
  const suite = {} as PortalAndChromium
  beforeAll(async () => {
    suite.tp = await startTestPortal({ ...(typeof options === 'function' ? await options() : options), listen: true })
    suite.browser = await launchChromium()
  })
  afterAll(async () => {
    await suite.browser?.close()
    await suite.tp?.stop()
  })
  return suite
}

export interface ApiReply {
  status: number
  body: Record<string, unknown> & { data?: unknown; message?: string }
}

/**
 * The API as one user: signed in through /api/userlogin, again when the token is 20 s old (tests
 * outlive 60-second tokens); JSON or multipart bodies, real HTTP to the listening portal.
 */
export function apiAs(tp: TestPortal, email: string, password: string) {
  let session: { token: string; dbName: string; at: number } | undefined
  const signIn = async () => {
    if (session && Date.now() - session.at < 20_000) return session
    const login = await call(tp, 'POST', '/api/userlogin', { body: { email, password } })
    const { token, dbName } = (login.body.data ?? {}) as { token?: string; dbName?: string }
    if (!token || !dbName) throw new Error(`sign-in of ${email} failed: ${login.status} ${JSON.stringify(login.body)}`)
    session = { token, dbName, at: Date.now() }
    return session
  }
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<ApiReply> => {
    const { token, dbName } = await signIn()
    const form = body instanceof FormData
    const res = await fetch(`${tp.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, dbname: dbName, ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: form ? body : JSON.stringify(body) } : {}),
    })
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as ApiReply['body']) : {} }
  }
}
