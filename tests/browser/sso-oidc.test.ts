// Single sign-on in Chromium through a real OpenID provider (node-oidc-provider on loopback): the
// sign-in screen asks for the email, sends the browser to the company's provider, and the provider's
// answer ends on /login/sso, which trades the ticket for a session and leaves no ticket in the
// address bar or in the history; the ticket cannot be used twice.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Browser } from 'playwright-core'
import { startProvider, type TestProvider } from '../../services/identity/test/oidc-provider.js'
import { launchChromium, requireBrowserSetup } from '../support/browser.js'
import { callAs, freePort, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

requireBrowserSetup()

describe('OIDC sign-in in a real browser', () => {
  let tp: TestPortal
  let idp: TestProvider
  let browser: Browser
  beforeAll(async () => {
    const port = await freePort()
    const publicUrl = `http://127.0.0.1:${port}`
    idp = await startProvider(`${publicUrl}/api/sso/oidc/callback`, {
      dana: { email: 'dana@sso-bureau.example', emailVerified: true, givenName: 'Dana', familyName: 'Scully' },
    })
    tp = await startTestPortal({ listen: true, port, env: { PUBLIC_URL: publicUrl, SSO_ALLOW_LOOPBACK: 'true' } })
    browser = await launchChromium()
  }, 120_000) // a whole portal starts: slow only on a loaded machine
  afterAll(async () => {
    await browser?.close()
    await tp?.stop()
    await idp?.close()
  })

  it('signs a new colleague in at the provider from the email-first screen', async () => {
    const admin = await signUp(tp, 'chief@sso-bureau.example')
    const saved = await callAs(tp, admin, 'PUT', '/api/sso/oidc', {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains: ['sso-bureau.example'],
    })
    expect(saved.status).toBe(200)

    const context = await browser.newContext({ baseURL: tp.url })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url())
    })
    await page.goto('/login')
    await page.fill('input[name=email]', 'dana@sso-bureau.example')
    await page.getByRole('button', { name: 'Continue' }).click()
    // The provider's own sign-in page.
    await page.waitForURL(`${idp.issuer}/interaction/**`)
    await page.fill('input[name=login]', 'dana')
    await page.fill('input[name=password]', 'any')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await page.getByRole('button', { name: 'Continue' }).click() // the provider's consent
    await page.waitForURL((url) => url.origin === tp.url && !url.pathname.startsWith('/login'))
    const session = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(session).toContain('dana@sso-bureau.example')
    // The ticket was in one redirect only; the page took it out of the address bar at once.
    const landing = visited.find((u) => u.includes('/login/sso'))!
    const ticket = new URL(landing).searchParams.get('ticket')!
    expect(ticket).toMatch(/^[\w-]{43}$/)
    expect(page.url()).not.toContain(ticket)
    // Replayed in another browser, the ticket is spent.
    const other = await (await browser.newContext({ baseURL: tp.url })).newPage()
    await other.goto(`/login/sso?ticket=${ticket}`)
    await other.getByRole('alert').filter({ hasText: 'This sign-in has expired or was already used. Please sign in again.' }).waitFor()
    await context.close()
  })
})
