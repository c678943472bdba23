// Second factor in Debian's Chromium (issue 27): a staff user sets up an authenticator app from the
// profile (the code computed here with the same library an app uses), keeps the recovery codes,
// registers a passkey on Chromium's virtual authenticator (DevTools protocol WebAuthn domain), then
// signs in with the code, and again with the passkey. The portal's PUBLIC_URL is http://localhost:<port>:
// WebAuthn binds passkeys to a site name, which an IP address cannot be.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Secret, TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, requireBrowserSetup, signInThroughForm } from '../support/browser.js'
import { freePort, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

requireBrowserSetup()

const EMAIL = 'mulder@mfa-corp.example'
const PASSWORD = 'Winter!2026x'
const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs })

describe('second factor in a real browser', () => {
  let tp: TestPortal
  let browser: Browser
  let base: string

  beforeAll(async () => {
    const port = await freePort()
    base = `http://localhost:${port}`
    tp = await startTestPortal({ listen: true, port, env: { PUBLIC_URL: base } })
    browser = await launchChromium()
  }, 120_000) // the portal's first start migrates every schema: slow on a busy machine
  afterAll(async () => {
    await browser?.close()
    await tp?.stop()
  })

  /** Signed out as a new browser would be (token and cookies gone), back at the sign-in form, up to the second step. */
  const toSecondStep = async (page: Page) => {
    await page.evaluate(() => localStorage.clear())
    await page.context().clearCookies()
    await page.goto('/login')
    await page.fill('input[name=email]', EMAIL)
    await page.press('input[name=email]', 'Enter')
    await page.fill('input[name=password]', PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Second factor' }).waitFor()
    // No session before the second factor: nothing signed-in is reachable.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('token')))).toEqual([])
  }

  it('sets up an authenticator app and a passkey, then signs in with each', async () => {
    await signUp(tp, EMAIL, PASSWORD)
    const context = await browser.newContext({ baseURL: base })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    // A platform authenticator that holds passkeys and verifies its user, as a laptop's would.
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })
    await signInThroughForm(page, EMAIL, PASSWORD)

    await page.goto('/profile')
    await page.getByRole('button', { name: 'Set up authenticator app' }).click()
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await page.getByRole('link', { name: /^otpauth:\/\/totp\// }).waitFor()
    // The previous step's code (within the window), so the sign-in below may use the current one.
    await page.getByLabel('Code from your app').fill(codeAt(secret, -30_000))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByTestId('recovery-codes').waitFor()
    await expect(page.getByTestId('recovery-codes').getByRole('listitem').count()).resolves.toBe(10)
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await page.getByTestId('totp-active').waitFor()

    await page.getByLabel('Passkey name').fill('Laptop')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByTestId('passkeys').getByText('Laptop').waitFor()
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)

    // With the app's code.
    await toSecondStep(page)
    await page.getByLabel('Authentication code (or a recovery code)').fill('000000' === codeAt(secret) ? '111111' : '000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('alert').filter({ hasText: 'Invalid code. Please try again.' }).waitFor()
    await page.getByLabel('Authentication code (or a recovery code)').fill(codeAt(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/dashboard')

    // With the passkey.
    await toSecondStep(page)
    await page.getByRole('button', { name: 'Use a passkey' }).click()
    await page.waitForURL('**/dashboard')
    await context.close()
  })
})
