// Browser tests in Debian's Chromium: the flows a new customer goes through first (sign-up, the
// mailed verification link, the banner; invites; a password reset whose token stays in the page).
// Needs the built web app (npm test builds it) and Chromium (CHROME_PATH or /usr/bin/chromium).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startTestPortal, type TestPortal } from '../support/portal.js'
import { launchChromium, requireBrowserSetup } from '../support/browser.js'

requireBrowserSetup()

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
    await page.waitForURL('**/dashboard')
  }

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true })
    browser = await launchChromium()
  })
  afterAll(async () => {
    for (const c of contexts) await c.close()
    await browser?.close()
    await tp?.stop()
  })

  it('signs up, verifies the address from the mailed link, signs in again, invites a colleague who signs up from the mailed link', async () => {
    const page = await newPage()
    await page.goto('/signup')
    await page.fill('input[name=firstName]', 'dana')
    await page.fill('input[name=lastName]', 'scully')
    await page.fill('input[name=email]', 'dana@xfiles-corp.example')
    // A common password passes the character rules but not the guessability check.
    await page.fill('input[name=password]', 'Password1!')
    await page.fill('input[name=cnfpassword]', 'Password1!')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByRole('alert').filter({ hasText: 'This password is too easy to guess.' }).waitFor()
    await page.fill('input[name=password]', PASSWORD)
    await page.fill('input[name=cnfpassword]', PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.waitForURL('**/provision')
    // The first run asks for the company's name, offered from the email's domain.
    const companyName = page.getByRole('textbox', { name: 'Company name' })
    await expect(companyName.inputValue()).resolves.not.toBe('')
    await companyName.fill('XFiles Bureau')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Provisioning Infrastructure For Trust Center').waitFor()
    await page.waitForURL('**/dashboard', { timeout: 10_000 })

    // Unverified: the shell says so, and the link can be sent again.
    const banner = page.getByRole('region', { name: 'Email verification' })
    await banner.getByText('Please verify your email address (dana@xfiles-corp.example)').waitFor()
    const [first] = await mailTo(tp, 'dana@xfiles-corp.example', /https?:\/\/\S+\/verify-email\?token=[\w-]+/)
    await banner.getByRole('button', { name: 'Resend the link' }).click()
    await banner.getByText('We sent a new link to dana@xfiles-corp.example. It works once and expires in 48 hours.').waitFor()
    let latest = first
    for (let i = 0; i < 50 && latest === first; i++) {
      ;[latest] = await mailTo(tp, 'dana@xfiles-corp.example', /https?:\/\/\S+\/verify-email\?token=[\w-]+/)
      if (latest === first) await new Promise((r) => setTimeout(r, 100))
    }
    expect(latest).not.toBe(first)
    // The newest link, opened in the same browser: verified, the token leaves the address bar, and
    // the renewed session carries the claim, so the banner is gone without signing out.
    await page.goto(latest!.replace(/^https?:\/\/[^/]+/, ''))
    await page.getByText('Your email address is verified.').waitFor()
    await page.waitForURL((url) => url.pathname === '/verify-email' && !url.search.includes('token'))
    await page.getByRole('link', { name: 'Continue to the portal' }).click()
    await page.waitForURL('**/dashboard')
    await page.getByRole('main').waitFor()
    await expect(page.getByRole('region', { name: 'Email verification' }).count()).resolves.toBe(0)
    // The replaced first link no longer verifies anything.
    const old = await newPage()
    await old.goto(first!.replace(/^https?:\/\/[^/]+/, ''))
    await old.getByRole('alert').filter({ hasText: 'This verification link is not valid.' }).waitFor()

    // The header shows the capitalised name; logging out and in again works.
    await page.getByRole('button', { name: /Dana Scully/ }).click()
    await page
      .getByRole('menuitem', { name: 'Logout' })
      .or(page.getByRole('button', { name: 'Logout' }))
      .first()
      .click()
    await page.waitForURL('**/login')
    await signIn(page, 'dana@xfiles-corp.example', PASSWORD)

    await page.goto('/people')
    await page
      .getByRole('button', { name: /invite/i })
      .first()
      .click()
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

  it('resets a forgotten password with the code from the mailbox, the reset token carried in the page only', async () => {
    const page = await newPage()
    await page.goto('/forgot-password')
    await page.fill('input[name=email]', 'dana@xfiles-corp.example')
    await page.getByRole('button', { name: 'Send OTP' }).click()
    await page.getByText('OTP has been sent to your dana@xfiles-corp.example').waitFor()
    const [, code] = await mailTo(tp, 'dana@xfiles-corp.example', /reset code is (\d{4})\b/)
    for (const [i, digit] of [...code!].entries()) await page.fill(`input[name=otp-${i}]`, digit)
    const validated = page.waitForResponse((r) => r.url().endsWith('/api/user/otpvalidation'))
    await page.getByRole('button', { name: 'Verify OTP' }).click()
    const { data } = (await (await validated).json()) as { data: { resetToken: string } }
    expect(data.resetToken).toMatch(/^[\w-]{43}$/)
    await page.getByText('OTP Validated Successfully').waitFor()
    const newPassword = 'Spring#2027y'
    await page.locator('input[name=password]').waitFor()
    expect(page.url()).not.toContain(data.resetToken)
    await page.fill('input[name=password]', newPassword)
    await page.fill('input[name=cnfpassword]', newPassword)
    const change = page.waitForRequest((r) => r.url().endsWith('/api/user/changepassword'))
    await page.getByRole('button', { name: 'Change Password' }).click()
    expect((await change).postDataJSON()).toMatchObject({ email: 'dana@xfiles-corp.example', resetToken: data.resetToken })
    await page.waitForURL('**/login')
    expect(page.url()).not.toContain(data.resetToken)
    await signIn(page, 'dana@xfiles-corp.example', newPassword)
  })
})
