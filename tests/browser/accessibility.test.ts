// Accessibility and layout of every console screen and dialog, in Chromium (issue 14): axe-core
// (WCAG 2.0/2.1 A and AA, best practices) finds no critical, serious or moderate violation; each
// screen has exactly one h1; at 360 px nothing scrolls sideways; every dialog keeps Tab inside
// itself, closes on Escape and gives focus back to the button that opened it. One portal, one
// signed-in context (its viewport switched between 1280 and 360 px) and one for signed-out pages.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { apiAs, formOf, launchChromium, requireBrowserSetup, signInThroughForm, until } from '../support/browser.js'
import { call, freePort, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

requireBrowserSetup()
const require = createRequire(import.meta.url)
const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures')
const PDF = path.join(FIXTURES, 'policies/open_access_policies/minimal-soc2_compiled.pdf')
const VSA = path.join(FIXTURES, 'questionnaires/built/vsa-core.xlsx')
const PASSWORD = 'Access!2026x'
const ADMIN = 'ada@a11y-co.example'
const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 360, height: 740 }

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[]
}

/** axe over the page (or `include`): the critical, serious and moderate violations, one line each. */
async function axeProblems(page: Page, include?: string): Promise<string[]> {
  const result = await page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<unknown> } }).axe
    return axe.run(scope ? { include: [scope] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })
  }, include ?? null)
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.map(String).join(' ')}: ${v.help}`))
}

const h1Count = (page: Page) =>
  page.locator('h1').evaluateAll((els) => els.filter((e) => (e as HTMLElement).getClientRects().length > 0 || e.classList.contains('visually-hidden')).length)
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** Waits until no loading spinner is left (lists and blocks load on their own). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[role=progressbar][aria-label^="Loading"], [role=progressbar][aria-label="Renewing session"]'),
    null,
    { timeout: 20_000 },
  )
}

describe('accessibility and layout of the console', () => {
  let tp: TestPortal
  let browser: Browser
  let staff: BrowserContext
  let anon: BrowserContext
  let page: Page
  let port: number
  let companyId = ''
  let questionnaireId = ''
  let outboundId = ''
  let capability = ''
  /** Problems found on every screen and dialog, reported together at the end of each test. */
  const problems: string[] = []

  beforeAll(async () => {
    port = await freePort()
    // WEB_DIST: a build elsewhere than web/dist may be tested (one being built is left alone).
    tp = await startTestPortal({
      listen: true,
      port,
      env: {
        TRUST_CENTER_DOMAIN: 'localhost',
        PUBLIC_URL: `http://localhost:${port}`,
        ...(process.env['WEB_DIST'] ? { WEB_DIST: process.env['WEB_DIST'] } : {}),
      },
    })
    await signUp(tp, ADMIN, PASSWORD)
    const api = apiAs(tp, ADMIN, PASSWORD)
    const ok = async (what: string, reply: Promise<{ status: number; body: unknown }>) => {
      const r = await reply
      if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`)
      return r.body as { data?: unknown }
    }
    // A client with a compliance PDF and a questionnaire drafted from it.
    companyId = (
      (
        await ok(
          'client',
          api('POST', '/api/companys', { companyName: 'Acme Vendor', compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' }),
        )
      ).data as { _id: string }
    )._id
    await ok('compliance file', api('POST', '/api/fs/enterpriseapps-compliance-uploadfile', formOf({ companyId }, [['policy.pdf', await readFile(PDF)]])))
    await ok('questionnaire', api('POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [['vsa-core.xlsx', await readFile(VSA)]])))
    // The trust center: blocks, NDA, published, one pending request and one approved account.
    await ok('overview', api('POST', '/api/overview/save', { subTitle: 'Security at A11y Co', description: '<p>We protect data.</p>' }))
    await ok('framework', api('POST', '/api/compliance/save', { framework: 'SOC 2 Type II', status: 'compliant', badge: 'soc2', description: '' }))
    await ok(
      'document',
      api('POST', '/api/fs/upload-docs', formOf({ title: 'SOC 2 report', visibility: 'approval' }, [['report.pdf', await readFile(PDF)]], 'file')),
    )
    await ok('security', api('POST', '/api/security/save', { title: 'Encryption', description: 'How data is protected' }))
    const categoryId = ((await ok('security list', api('GET', '/api/security'))).data as { _id: string }[])[0]!._id
    await ok('security item', api('POST', `/api/security/addsubdata/${categoryId}`, { title: 'At rest', description: 'AES-256' }))
    await ok('publish', api('POST', '/api/fs/add-cname', { subdomain: 'a11y' }))
    for (const workEmail of ['pending@buyer.example', 'approved@buyer.example']) {
      const asked = await call(tp, 'POST', '/api/useraccessrequest', {
        headers: { host: 'a11y.localhost' },
        body: { firstName: 'Vera', lastName: 'Visitor', companyName: 'Buyer Incorporated', workEmail, relationshpLinkedIn: 'Customer' },
      })
      if (asked.status !== 201) throw new Error(`access request: ${asked.status} ${JSON.stringify(asked.body)}`)
    }
    const requests = (await ok('requests', api('GET', '/api/accountsrequest'))).data as { _id: string; workEmail: string }[]
    await ok('approve', api('PUT', `/api/accountsapprove/${requests.find((a) => a.workEmail === 'approved@buyer.example')!._id}`, { Approved: 'approved' }))
    // After the requests: with an NDA a request must accept it.
    await ok('nda', api('POST', '/api/nda/save', { description: 'Keep what you read here confidential.' }))
    // People: one invitation.
    await ok('invite', api('POST', '/api/people/invite', { email: 'invited@a11y-co.example', status: 'invited' }))
    // Outbound: a template and a questionnaire sent (its emailed link opens the inbound page).
    await ok('template', api('POST', '/api/questionnaire-templates', formOf({}, [['vsa-core.xlsx', await readFile(VSA)]])))
    outboundId = (
      (
        await ok(
          'outbound',
          api(
            'POST',
            '/api/outbound/save',
            formOf({ clientName: 'Globex', email: 'ciso@globex.example', expiresInDays: '14' }, [['vsa-core.xlsx', await readFile(VSA)]]),
          ),
        )
      ).data as { outboundId: string }
    ).outboundId
    capability = await until(
      'the emailed link',
      async () => (await readOutbox(tp.dataDir, 'ciso@globex.example')).at(-1)?.text.match(/\/inbound\/review\/([\w-]+)/)?.[1],
      20_000,
    )
    await until(
      'files, templates and the outbound to be read',
      async () => {
        const [pdf] = (await api('GET', `/api/compliancefile/${companyId}`)).body.data as { state: string }[]
        const [sheet] = (await api('GET', `/api/questionnaires/${companyId}`)).body.data as { _id: string; state: string; total: number; drafted: number }[]
        const [template] = (await api('GET', '/api/questionnaire-templates')).body.data as { state: string }[]
        const [sent] = (await api('GET', '/api/outbound/list?page=1&pageSize=10')).body.data as { state: string }[]
        if ([pdf, sheet, template, sent].some((x) => x?.state === 'failed')) throw new Error('processing failed')
        if (sheet) questionnaireId = sheet._id
        return pdf?.state === 'ready' && sheet?.state === 'ready' && sheet.drafted === sheet.total && template?.state === 'ready' && sent?.state === 'ready'
          ? true
          : undefined
      },
      90_000,
    )

    browser = await launchChromium()
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
    staff = await browser.newContext({ baseURL: tp.url, viewport: DESKTOP })
    anon = await browser.newContext({ baseURL: tp.url, viewport: DESKTOP })
    for (const c of [staff, anon]) await c.addInitScript({ content: axeSource })
    page = await staff.newPage()
    page.setDefaultTimeout(20_000)
    await signInThroughForm(page, ADMIN, PASSWORD)
  }, 180_000)

  afterAll(async () => {
    await staff?.close()
    await anon?.close()
    await browser?.close()
    await tp?.stop()
  })

  /** At 1280 px: axe and one h1; at 360 px: no sideways scroll. Leaves the page at 1280 px. */
  async function checkScreen(p: Page, name: string): Promise<void> {
    await p.setViewportSize(DESKTOP)
    await settled(p)
    for (const line of await axeProblems(p)) problems.push(`${name}: ${line}`)
    const h1 = await h1Count(p)
    if (h1 !== 1) problems.push(`${name}: ${h1} h1 elements`)
    await p.setViewportSize(PHONE)
    await p.waitForTimeout(50)
    const width = await scrollWidth(p)
    if (width > PHONE.width) problems.push(`${name}: ${width} px wide at 360 px`)
    await p.setViewportSize(DESKTOP)
  }

  /**
   * Opens a dialog with `opener` (clicked), runs axe over the page with it open, then checks the
   * keyboard: focus starts inside, Tab and Shift+Tab cycle through its controls without leaving it,
   * Escape closes it and focus is back on the opener.
   */
  async function checkDialog(p: Page, screen: string, opener: Locator, name: string | RegExp): Promise<void> {
    const label = `${screen} › dialog ${String(name)}`
    await opener.click()
    const dialog = p.getByRole('dialog', { name })
    await dialog.waitFor()
    await settled(p)
    // The dialog's own work done too (its spinner gone: the export report): some of its controls are
    // enabled only then, so counting the stops of Tab before would race it.
    await dialog.locator('.spinner').first().waitFor({ state: 'detached', timeout: 20_000 })
    for (const line of await axeProblems(p)) problems.push(`${label}: ${line}`)
    const handle = await dialog.elementHandle()
    const inside = () => p.evaluate((d) => d!.contains(document.activeElement) && document.activeElement !== d, handle)
    const focused = () =>
      p.evaluate(() => {
        const a = document.activeElement as HTMLElement | null
        return a ? `${a.tagName}:${a.getAttribute('name') ?? ''}:${a.getAttribute('aria-label') ?? ''}:${a.textContent?.trim().slice(0, 30) ?? ''}` : ''
      })
    // The stops of Tab: enabled, rendered controls (a disclosure's summary is one), a radio group counting once.
    const tabbable = await dialog.evaluate((d) => {
      const controls = [...d.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, details > summary, [tabindex]')].filter(
        (e) =>
          !(e as HTMLButtonElement).disabled && e.tabIndex >= 0 && e.getClientRects().length > 0 && !(e instanceof HTMLInputElement && e.type === 'hidden'),
      )
      const groups = new Set<string>()
      return controls.filter((e) => {
        if (!(e instanceof HTMLInputElement) || e.type !== 'radio') return true
        if (groups.has(e.name)) return false
        groups.add(e.name)
        return true
      }).length
    })
    if (!(await inside())) problems.push(`${label}: focus is not inside the dialog when it opens`)
    const start = await focused()
    for (let i = 0; i < tabbable; i++) {
      await p.keyboard.press('Tab')
      if (!(await inside())) {
        problems.push(`${label}: Tab ${i + 1} of ${tabbable} left the dialog`)
        break
      }
    }
    // `tabbable` presses go round once.
    if ((await focused()) !== start) problems.push(`${label}: ${tabbable} presses of Tab did not come back to ${start} (at ${await focused()})`)
    await p.keyboard.press('Shift+Tab')
    if (!(await inside())) problems.push(`${label}: Shift+Tab left the dialog`)
    // On a phone it fits the screen too.
    await p.setViewportSize(PHONE)
    const box = await dialog.boundingBox()
    const width = await scrollWidth(p)
    if (!box || box.x < 0 || box.x + box.width > PHONE.width || width > PHONE.width)
      problems.push(`${label}: does not fit 360 px (${JSON.stringify(box)}, page ${width} px)`)
    await p.setViewportSize(DESKTOP)
    await p.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => problems.push(`${label}: Escape did not close it`))
    const back = await opener.evaluate((o) => o === document.activeElement).catch(() => false)
    if (!back) problems.push(`${label}: focus did not return to the opener (at ${await focused()})`)
  }

  const report = () => {
    const found = problems.splice(0)
    if (found.length) console.log(`Accessibility problems:\n${found.join('\n')}`)
    return found
  }

  it('signed-out screens, the inbound review page and the public Request access dialog', async () => {
    const p = await anon.newPage()
    p.setDefaultTimeout(20_000)
    const screens: [string, string][] = [
      ['/login', 'Sign in'],
      ['/signup', 'Sign up'],
      ['/forgot-password', 'Forgot'],
      ['/register', 'Submit'],
      ['/signupconfirmation', 'Thanks for signing up!'],
      ['/terms-of-service', 'Terms of Service'],
      ['/privacy-policy', 'Privacy Policy'],
    ]
    for (const [url, ready] of screens) {
      await p.goto(url)
      await p.getByText(ready).first().waitFor()
      await checkScreen(p, url)
    }
    // What a form says when it is sent empty.
    for (const [url, button, message] of [
      ['/login', 'Continue', 'Please enter your email address.'],
      ['/signup', 'Sign up', 'First name is required.'],
      ['/forgot-password', 'Send OTP', 'Please enter registered Email ID.'],
    ] as const) {
      await p.goto(url)
      await p.getByRole('button', { name: button, exact: true }).click()
      await p.getByText(message).first().waitFor()
      await checkScreen(p, `${url} (errors)`)
    }
    await p.goto('/verify-email')
    await p.getByRole('heading', { name: 'Verify your email address' }).waitFor()
    await checkScreen(p, '/verify-email')

    // Password reset: the code step, then the new password step with the mailed code.
    await p.goto('/forgot-password')
    await p.fill('input[name=email]', ADMIN)
    await p.getByRole('button', { name: 'Send OTP' }).click()
    await p.getByRole('button', { name: 'Verify OTP' }).waitFor()
    await checkScreen(p, '/forgot-password (code)')
    const code = await until(
      'the reset code',
      async () =>
        (await readOutbox(tp.dataDir, ADMIN))
          .filter((m) => m.subject === 'Your password reset code')
          .at(-1)
          ?.text.match(/\b(\d{4})\b/)?.[1],
      10_000,
    )
    await p.locator('.otp-boxes input').first().click()
    await p.keyboard.type(code)
    await p.getByRole('button', { name: 'Verify OTP' }).click()
    await p.locator('input[name=cnfpassword]').waitFor()
    await checkScreen(p, '/forgot-password (new password)')

    // The password step of sign-in.
    await p.goto('/login')
    await p.fill('input[name=email]', ADMIN)
    await p.press('input[name=email]', 'Enter')
    await p.locator('input[name=password]').waitFor()
    await checkScreen(p, '/login (password)')

    // The public trust center on its own host: the Request access dialog.
    await p.goto(`http://a11y.localhost:${port}/`)
    const request = p.getByRole('button', { name: /Request access/ }).first()
    await request.waitFor()
    // The page may come rendered by the server: its buttons work once its script has run.
    await p.waitForLoadState('networkidle')
    await checkDialog(p, 'public trust center', request, 'Request access')

    // The recipient's page from the emailed link (it signs this context in as that recipient).
    await p.goto(`/inbound/review/${capability}`)
    await p.getByText('Question 1 of').first().waitFor()
    await checkScreen(p, '/inbound/review')
    // Submit shows once something is answered (issue 25).
    await p.fill('textarea[name=answer]', 'Yes, reviewed every year.')
    await p.getByRole('button', { name: 'Save Answer' }).click()
    await checkDialog(p, '/inbound/review', p.getByRole('button', { name: 'Submit', exact: true }), 'Submit Questionnaire')
    await p.close()
    expect(report()).toEqual([])
  }, 90_000)

  it('signed-in screens and their dialogs', async () => {
    const screen = async (url: string, ready: string | RegExp) => {
      await page.goto(url)
      await page.getByText(ready).first().waitFor()
      await checkScreen(page, url)
    }
    await screen('/enterprise', 'Acme Vendor')
    await checkDialog(page, '/enterprise', page.getByRole('button', { name: 'Create New Client' }), 'Create New Client')
    await checkDialog(page, '/enterprise', page.getByRole('button', { name: 'Delete Acme Vendor' }), 'Delete Client')

    await screen(`/enterprise-vendor-details?id=${companyId}`, 'vsa-core.xlsx')
    await checkDialog(page, 'vendor details', page.getByRole('button', { name: /vsa-core\.xlsx/ }).first(), 'vsa-core.xlsx')
    await checkDialog(page, 'vendor details', page.getByRole('button', { name: 'Delete policy.pdf' }), 'Delete File')

    await screen(`/enterprise-apps/review/${questionnaireId}`, /^Q1\b/)
    await checkDialog(page, 'review', page.getByRole('button', { name: 'Export', exact: true }), 'Export answers')

    await screen('/trust-center-editor', 'SOC 2 Type II')
    await checkDialog(page, 'editor', page.getByRole('button', { name: 'Delete SOC 2 Type II' }), 'Delete framework')
    await screen('/NDA/addNDA', 'Acceptances')
    await screen('/settings', 'Theme colours')
    // A header colour that white text cannot be read on: the warning shows, itself readable.
    await page.getByLabel('Header', { exact: true }).fill('#ffff00')
    await page.getByText('White text on the yellow (#ffff00) header has a contrast of only 1.07:1').waitFor()
    await checkScreen(page, '/settings (contrast warning)')
    await screen('/account', 'pending@buyer.example')
    await checkDialog(page, '/account', page.getByRole('button', { name: 'Deny pending@buyer.example' }), 'Deny request')
    await screen('/people', 'invited@a11y-co.example')
    await checkDialog(page, '/people', page.getByRole('button', { name: 'Invite People' }), 'Invite people')
    await checkDialog(page, '/people', page.getByRole('button', { name: 'Delete invited@a11y-co.example' }), 'Delete Person')
    await screen('/profile', 'Authenticator app: not set up.')

    await screen('/outbound', 'Globex')
    await checkDialog(page, '/outbound', page.getByRole('button', { name: 'Add Template' }), 'Add Template')
    await checkDialog(page, '/outbound', page.getByRole('button', { name: 'Questions of vsa-core.xlsx' }), 'Questions of vsa-core.xlsx')
    await checkDialog(page, '/outbound', page.getByRole('button', { name: 'Delete vsa-core.xlsx' }), 'Delete Template')
    await checkDialog(page, '/outbound', page.getByRole('button', { name: 'New Questionnaire' }), 'Send Security Questionnaire')
    await checkDialog(page, '/outbound', page.getByRole('button', { name: 'Collaborators of Globex' }), 'Collaborators: Globex')
    await checkDialog(page, '/outbound', page.getByRole('button', { name: 'Resend the link to Globex' }), 'Resend Link')
    await checkDialog(page, '/outbound', page.getByRole('button', { name: 'Revoke the link sent to Globex' }), 'Revoke Link')
    await checkDialog(page, '/outbound', page.getByRole('button', { name: 'Delete the questionnaire sent to Globex' }), 'Delete Outbound')
    await screen(`/outbound/review/${outboundId}`, 'Question 1 of')
    await screen('/responsellm', 'Generate answer')
    await screen('/dashboard', 'Dashboard')
    await screen('/answer-library', /^(No answers in the library yet|\d+ entr(y|ies))$/)
    await screen('/knowledge-base', 'policy.pdf')
    await screen('/settings/drafter', 'Test the connection')
    // Issue 27's console: sign-in settings, keys, webhooks and the audit log.
    await screen('/settings/sso', 'OpenID Connect provider')
    await screen('/settings/api-keys', 'No API keys yet')
    await checkDialog(page, '/settings/api-keys', page.getByRole('button', { name: 'New API key' }), 'New API key')
    await screen('/settings/webhooks', 'No webhooks yet')
    await checkDialog(page, '/settings/webhooks', page.getByRole('button', { name: 'New webhook' }), 'New webhook')
    await screen('/audit-log', 'Verify the chain')
    await screen('/ai-questionnaire-auto-complete', 'Coming soon...')
    await screen('/trust-center', 'Security at A11y Co')

    // The header's menu at 360 px: the side menu opens from its button and still fits.
    await page.goto('/enterprise')
    await page.setViewportSize(PHONE)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('link', { name: 'Trust Center Editor' }).waitFor()
    const width = await scrollWidth(page)
    if (width > PHONE.width) problems.push(`/enterprise with the menu open: ${width} px wide at 360 px`)
    await page.setViewportSize(DESKTOP)
    expect(report()).toEqual([])
  }, 150_000)
})
