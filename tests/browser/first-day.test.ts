// A new customer's first day in Chromium (issue 25), at 1280 px and 360 px: sign up as
// "AcmeCloud Inc." with the password rules in sight, verify from the mailed link (dev outbox), land
// on the dashboard's checklist, follow its steps (knowledge base, editor), save a logo and see it on the public page, publish
// from the editor and see the checklist advance, unpublish and see the public page gone.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, requireBrowserSetup } from '../support/browser.js'
import { freePort, startTestPortal, type TestPortal } from '../support/portal.js'

requireBrowserSetup()
const require = createRequire(import.meta.url)
const PASSWORD = 'Acme!Cloud2026'
const EMAIL = 'founder@acmecloud.example'
const SHOTS = process.env['SHOTS_DIR'] ?? '/work/shots/i25-start'
const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 360, height: 740 }
const POLICY = path.resolve(process.cwd(), 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')

/** A real 16×16 PNG of one colour (signature, IHDR, IDAT, IEND with CRCs). */
function png(rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (b: Buffer) => {
    let c = 0xffffffff
    for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(16, 0)
  ihdr.writeUInt32BE(16, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 16 }, () => rgb).flat())])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array(16).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function verificationLink(tp: TestPortal): Promise<string> {
  for (let i = 0; i < 100; i++) {
    for (const m of (await readOutbox(tp.dataDir, EMAIL)).reverse()) {
      const found = m.text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)
      if (found) return found[0].replace(/^https?:\/\/[^/]+/, '')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no verification mail to ${EMAIL}`)
}

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[]
}
/** axe's critical, serious and moderate violations on the page, one line each. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<unknown> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    }),
  )) as AxeResult
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.map(String).join(' ')}`))
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

describe("a new customer's first day in a real browser", () => {
  let tp: TestPortal
  let browser: Browser
  let port: number
  const contexts: BrowserContext[] = []
  let axeSource: string

  beforeAll(async () => {
    port = await freePort()
    tp = await startTestPortal({ listen: true, port, env: { PUBLIC_URL: `http://localhost:${port}`, TRUST_CENTER_DOMAIN: 'localhost' } })
    browser = await launchChromium()
    axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  })
  afterAll(async () => {
    for (const c of contexts) await c.close()
    await browser?.close()
    await tp?.stop()
  })

  const newPage = async (viewport = DESKTOP, baseURL = tp.url): Promise<Page> => {
    const context = await browser.newContext({ baseURL, viewport })
    await context.addInitScript({ content: axeSource })
    contexts.push(context)
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    return page
  }
  const problems: string[] = []
  const check = async (page: Page, name: string) => {
    for (const line of await axeProblems(page)) problems.push(`${name}: ${line}`)
    if (!(await noSidewaysScroll(page))) problems.push(`${name}: scrolls sideways at ${page.viewportSize()?.width} px`)
  }

  it('signs up as AcmeCloud Inc., follows the checklist, publishes with a logo and unpublishes', async () => {
    // Sign-up on a phone: the password rules are there before the first try and tick as one types.
    const page = await newPage(PHONE)
    await page.goto('/signup')
    const rules = page.getByRole('list', { name: 'Password rules' })
    await rules.getByText('At least 8 characters').waitFor()
    expect(await rules.locator('li.met').count()).toBe(0)
    await page.fill('input[name=firstName]', 'ada')
    await page.fill('input[name=lastName]', 'founder')
    await page.fill('input[name=email]', EMAIL)
    await page.fill('input[name=password]', 'acme1')
    expect(await rules.locator('li.met').count()).toBe(2)
    await page.screenshot({ path: `${SHOTS}/signup-rules-360.png`, fullPage: true })
    await check(page, 'sign-up (360)')
    await page.fill('input[name=password]', PASSWORD)
    expect(await rules.locator('li.met').count()).toBe(4)
    await page.fill('input[name=cnfpassword]', PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()

    // The first run takes the company's real name, punctuation and all.
    await page.waitForURL('**/provision')
    await page.getByRole('textbox', { name: 'Company name' }).fill('AcmeCloud Inc.')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Provisioning Infrastructure For Trust Center').waitFor()
    await page.waitForURL('**/dashboard', { timeout: 10_000 })
    const checklist = page.getByRole('region', { name: 'Get started' })
    await checklist.getByText('0 of 6 done').waitFor()
    expect(await checklist.getByRole('link', { name: 'Open the knowledge base' }).getAttribute('href')).toBe('/knowledge-base')

    // Verify from the mailed link: the first step is ticked.
    await page.goto(await verificationLink(tp))
    await page.getByText('Your email address is verified.').waitFor()
    await page.getByRole('link', { name: 'Continue to the portal' }).click()
    await page.waitForURL('**/dashboard')
    await checklist.getByText('1 of 6 done').waitFor()

    // At 1280 px: follow the knowledge-base step and add a policy; the checklist counts it.
    await page.setViewportSize(DESKTOP)
    await check(page, 'dashboard (1280)')
    await page.screenshot({ path: `${SHOTS}/dashboard-checklist-1280.png`, fullPage: true })
    await checklist.getByRole('link', { name: 'Open the knowledge base' }).click()
    await page.waitForURL('**/knowledge-base')
    await page.getByLabel('Drop PDF files here, or choose them').setInputFiles(POLICY)
    await page
      .getByText(/^1 file uploaded/)
      .first()
      .waitFor()
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await checklist.getByText('2 of 6 done').waitFor()
    await checklist.getByText('1 document in your knowledge base.').waitFor()

    // Follow the content step to the editor and write an overview with bullets.
    await checklist.getByRole('link', { name: 'Open the trust center editor' }).click()
    await page.waitForURL('**/trust-center-editor')
    await page.fill('input[name=subTitle]', 'Security at AcmeCloud')
    await page.fill('textarea[name=description]', 'We protect your data:\n- encrypted at rest\n- audited every year')
    await page.getByRole('button', { name: 'Save overview' }).click()
    await page.getByText('Added Successfully').first().waitFor()

    // The logo: chosen (a preview marked not saved), then Save keeps it; Settings shows it on return.
    await page.goto('/settings')
    await page.setInputFiles('input[name=logo]', { name: 'logo.png', mimeType: 'image/png', buffer: png([20, 90, 200]) })
    await page.getByText('Not saved yet: click Upload or Save to keep it.').waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Logo saved: it shows on your trust center').waitFor()
    await page.screenshot({ path: `${SHOTS}/settings-logo-1280.png`, fullPage: true })
    await page.goto('/dashboard')
    await page.goto('/settings')
    await page.getByRole('img', { name: 'Logo', exact: true }).waitFor()
    expect(await page.getByText('No logo yet').count()).toBe(0)

    // Publish from the editor, in plain words.
    await page.goto('/trust-center-editor')
    const publishCard = page.getByRole('region', { name: 'Publish your trust center' })
    await publishCard.getByText('Your trust center is not public yet', { exact: false }).waitFor()
    expect(await publishCard.getByRole('textbox').inputValue()).toBe('acmecloud')
    await publishCard.getByRole('button', { name: 'Publish your trust center' }).click()
    const site = `http://acmecloud.localhost:${port}`
    await page.getByText(`Your trust center is live at ${site}`).first().waitFor()
    await page.getByRole('region', { name: 'Your trust center is public' }).waitFor()
    await check(page, 'editor, published (1280)')

    // The public page: the company's real name, the saved logo, and the bullets as a list.
    const visitor = await newPage(DESKTOP, site)
    const first = await visitor.goto('/')
    expect(first?.status()).toBe(200)
    await visitor.getByText('AcmeCloud Inc. Trust Center').waitFor()
    await visitor.waitForFunction(() => (document.querySelector('.tc-logo') as HTMLImageElement | null)?.complete === true)
    expect(await visitor.locator('.tc-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(16)
    const overview = visitor.locator('.tc-overview')
    expect(await overview.locator('li').allTextContents()).toEqual(['encrypted at rest', 'audited every year'])
    expect(await overview.textContent()).not.toContain('- encrypted')

    // The checklist has moved on: verified, a document, content written, published.
    await page.goto('/dashboard')
    await checklist.getByText('4 of 6 done').waitFor()
    for (const done of ['Verify your email address', 'Add a document to your knowledge base', "Write your trust center's content", 'Publish your trust center'])
      await checklist.locator('li.done', { hasText: done }).waitFor()

    // On a phone: unpublish from the editor after a confirm.
    await page.setViewportSize(PHONE)
    await check(page, 'dashboard (360)')
    await page.screenshot({ path: `${SHOTS}/dashboard-checklist-360.png`, fullPage: true })
    await page.goto('/trust-center-editor')
    const live = page.getByRole('region', { name: 'Your trust center is public' })
    await live.getByRole('button', { name: 'Unpublish' }).click()
    const dialog = page.getByRole('dialog', { name: 'Unpublish your trust center?' })
    await dialog.getByText(`Visitors will no longer see it at ${site}.`, { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Unpublish' }).click()
    await page.getByText('Your trust center is no longer public').first().waitFor()
    await page.getByRole('region', { name: 'Publish your trust center' }).waitFor()
    await check(page, 'editor, unpublished (360)')
    await page.screenshot({ path: `${SHOTS}/editor-unpublished-360.png`, fullPage: true })

    // The public page is gone, in words.
    const gone = await visitor.goto('/')
    expect(gone?.status()).toBe(404)
    await visitor.getByText('This trust center is not available.').waitFor()
    await page.goto('/dashboard')
    await checklist.getByText('3 of 6 done').waitFor()
    expect(problems).toEqual([])
  }, 180_000)
})
