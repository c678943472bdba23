// Browser tests in Debian's Chromium: the flows a new customer goes through first.
// Needs the built web app (npm test builds it) and Chromium (CHROME_PATH or /usr/bin/chromium).
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { startTestPortal, type TestPortal } from '../support/portal.js'

const chromePath = process.env['CHROME_PATH'] || '/usr/bin/chromium'
if (!existsSync(chromePath)) {
  throw new Error(`Chromium not found at ${chromePath}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH`)
}
if (!existsSync('web/dist/index.html')) throw new Error('web/dist is missing: run `pnpm --filter @portal/web run build` first')

const PASSWORD = 'Winter!2026x'

async function mailTo(tp: TestPortal, to: string, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const mails = await readOutbox(tp.dataDir, to)
    for (const m of mails.reverse()) {
      const found = m.text.match(pattern)
      if (found) return found
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail to ${to} matching ${pattern}`)
}

describe('sign-up, invite and password reset in a real browser', () => {
  let tp: TestPortal
  let browser: Browser
  const contexts: BrowserContext[] = []

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ baseURL: tp.url })
    contexts.push(context)
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    return page
  }

  const signIn = async (page: Page, email: string, password: string) => {
    await page.goto('/login')
    await page.fill('input[name=email]', email)
    await page.press('input[name=email]', 'Enter')
    await page.fill('input[name=password]', password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/enterprise')
  }

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true })
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    })
  })
  afterAll(async () => {
    for (const c of contexts) await c.close()
    await browser?.close()
    await tp?.stop()
  })

  it('signs up, provisions, signs in again, invites a colleague who signs up from the mailed link', async () => {
    const page = await newPage()
    await page.goto('/signup')
    await page.fill('input[name=firstName]', 'dana')
    await page.fill('input[name=lastName]', 'scully')
    await page.fill('input[name=email]', 'dana@xfiles-corp.example')
    await page.fill('input[name=password]', PASSWORD)
    await page.fill('input[name=cnfpassword]', PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.waitForURL('**/provision')
    await page.getByText('Provisioning Infrastructure For Trust Center').waitFor()
    await page.waitForURL('**/trust-center-editor', { timeout: 10_000 })

    // The header shows the capitalised name; logging out and in again works.
    await page.getByRole('button', { name: /Dana Scully/ }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).or(page.getByRole('button', { name: 'Logout' })).first().click()
    await page.waitForURL('**/login')
    await signIn(page, 'dana@xfiles-corp.example', PASSWORD)

    await page.goto('/people')
    await page.getByRole('button', { name: /invite/i }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[name=email]').fill('fox@xfiles-corp.example')
    await dialog.getByRole('button', { name: /invite|send/i }).click()
    await page.getByText('Invitation sent successfully!').waitFor()

    const [link] = await mailTo(tp, 'fox@xfiles-corp.example', /https?:\/\/\S+\/signup\?invite=[\w-]+/)
    const colleague = await newPage()
    await colleague.goto(link!.replace(/^https?:\/\/[^/]+/, ''))
    await expect(colleague.locator('input[name=email]').inputValue()).resolves.toBe('fox@xfiles-corp.example')
    await colleague.fill('input[name=firstName]', 'fox')
    await colleague.fill('input[name=lastName]', 'mulder')
    await colleague.fill('input[name=password]', PASSWORD)
    await colleague.fill('input[name=cnfpassword]', PASSWORD)
    await colleague.getByRole('button', { name: 'Sign up' }).click()
    await colleague.waitForURL('**/enterprise')
    // Invited people are not admins: no People item in their menu.
    await expect(colleague.getByRole('link', { name: 'People' }).count()).resolves.toBe(0)

    await page.reload()
    await page.getByText('fox@xfiles-corp.example').waitFor()
  })

  it('resets a forgotten password with the code from the mailbox', async () => {
    const page = await newPage()
    await page.goto('/forgot-password')
    await page.fill('input[name=email]', 'dana@xfiles-corp.example')
    await page.getByRole('button', { name: 'Send OTP' }).click()
    await page.getByText('OTP has been sent to your dana@xfiles-corp.example').waitFor()
    const [, code] = await mailTo(tp, 'dana@xfiles-corp.example', /\b(\d{4})\b/)
    for (const [i, digit] of [...code!].entries()) await page.fill(`input[name=otp-${i}]`, digit)
    await page.getByRole('button', { name: 'Verify OTP' }).click()
    await page.getByText('OTP Validated Successfully').waitFor()
    const newPassword = 'Spring#2027y'
    await page.locator('input[name=password]').waitFor()
    await page.fill('input[name=password]', newPassword)
    await page.fill('input[name=cnfpassword]', newPassword)
    await page.getByRole('button', { name: 'Change Password' }).click()
    await page.waitForURL('**/login')
    await signIn(page, 'dana@xfiles-corp.example', newPassword)
  })
})
