// The company knowledge base in Chromium (issue 25), the way a user fills it: seventeen policy PDFs
// chosen at once on the "Knowledge base" screen, each with its own progress and one summary toast
// (no dialog per file); they become ready, marked "All clients". Then a questionnaire of a client
// with no document of its own is drafted from them. And the drafter settings page says the offline
// drafter drafts. At 1280 px and on a 360 px phone; axe finds nothing on either screen.
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { textPdf } from '@portal/pdf-writer'
import type { Page } from 'playwright-core'
import { apiAs, portalAndChromiumForSuite, requireBrowserSetup, signedInPage, untilDrafted } from '../support/browser.js'
import { signUp } from '../support/portal.js'
import { SECURITY_QUESTIONS, unansweredWorkbook } from '../support/security-questions.js'

requireBrowserSetup()
const require = createRequire(import.meta.url)
const EMAIL = 'kim@kb-co.example'
const PASSWORD = 'Knowledge!2026x'
const PHONE = { width: 360, height: 800 }
const DESKTOP = { width: 1280, height: 900 }
/** Screenshots for the record (not asserted): only when SHOTS_DIR is set. */
const SHOTS = process.env['SHOTS_DIR']

// Seventeen one-page policies; the first states what the questionnaire's first question asks.
const TOPICS = [
  'Customer data is encrypted at rest with AES-256 on every database and backup.',
  'Employees receive security awareness training when hired and every year after.',
  'Multi-factor authentication is required for administrators on every system.',
  'Backups are performed daily and restored in a test every quarter.',
  'An incident response plan is maintained and exercised twice a year.',
  'Access reviews are performed every quarter by each system owner.',
  'Security events are logged centrally and monitored around the clock.',
  'Vendors are assessed before onboarding and reviewed every year.',
  'Changes to production are reviewed and approved before release.',
  'Data in transit is encrypted with TLS 1.2 or later.',
  'Laptops use full disk encryption and are managed centrally.',
  'Penetration tests are run by an outside firm every year.',
  'Passwords are at least fourteen characters and never reused.',
  'Physical access to offices is badge controlled and logged.',
  'Customer data is deleted within thirty days of contract end.',
  'Vulnerabilities are patched within fourteen days when critical.',
  'The business continuity plan is reviewed every year.',
]
const files = TOPICS.map((line, i) => ({
  name: `policy-${String(i + 1).padStart(2, '0')}.pdf`,
  mimeType: 'application/pdf',
  buffer: textPdf([[`Policy ${i + 1}`, line]]),
}))

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[]
}

/** axe over the page: critical, serious and moderate violations, one line each. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<unknown> } }).axe
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] })
  })) as AxeResult
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.map(String).join(' ')}: ${v.help}`))
}

/** At 360 px: nothing wider than the phone; then back to 1280 px. A screenshot at each width when asked for. */
async function fitsBothWidths(page: Page, shot: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${shot}-1280.png`), fullPage: true })
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(100)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${shot}-360.png`), fullPage: true })
  await page.setViewportSize(DESKTOP)
}

describe('the company knowledge base in a real browser', () => {
  const suite = portalAndChromiumForSuite()

  it('uploads seventeen PDFs at once, drafts a client with no documents of its own from them, and shows the drafter', async () => {
    const { tp, browser } = suite
    if (SHOTS) mkdirSync(SHOTS, { recursive: true })
    await signUp(tp, EMAIL, PASSWORD)
    const api = apiAs(tp, EMAIL, PASSWORD)
    const client = await api('POST', '/api/companys', { companyName: 'Solo Bank', compliance_bucket: 'c', questionnaires_bucket: 'q' })
    const companyId = (client.body.data as { _id: string })._id
    const context = await browser.newContext({ baseURL: tp.url, viewport: DESKTOP })
    await context.addInitScript({ content: await readFile(require.resolve('axe-core/axe.min.js'), 'utf8') })
    const page = await signedInPage(context, EMAIL, PASSWORD, 30_000)

    await page.getByRole('link', { name: 'Knowledge base', exact: true }).click()
    await page.waitForURL('**/knowledge-base')
    await page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor()
    await page.getByText('No documents yet').waitFor()

    // Seventeen files at once through the screen's file control (the drop zone's input).
    await page.getByLabel('Drop PDF files here, or choose them').setInputFiles(files)
    const progress = page.getByRole('region', { name: 'Upload progress' })
    await expect(progress.getByRole('listitem').count()).resolves.toBe(17)
    // One summary for the whole batch, and every file says its own outcome.
    await page.getByRole('status').filter({ hasText: '17 files uploaded' }).waitFor()
    await progress.getByText('17 of 17 files done').waitFor()
    await expect(progress.getByText('Uploaded', { exact: true }).count()).resolves.toBe(17)
    expect(await page.getByRole('dialog').count()).toBe(0)

    // Read, each marked for every client.
    await page.getByRole('heading', { name: 'Documents (17)' }).waitFor()
    const documents = page.locator('.kb-documents > li')
    await page.waitForFunction(
      () => [...document.querySelectorAll('.kb-documents > li .kb-state')].filter((e) => e.textContent === 'Ready').length === 17,
      null,
      { timeout: 90_000 },
    )
    await expect(documents.getByText('All clients', { exact: true }).count()).resolves.toBe(17)
    await documents.filter({ hasText: 'policy-01.pdf' }).getByText('1 page').waitFor()
    expect(await axeProblems(page)).toEqual([])
    await fitsBothWidths(page, 'knowledge-base')

    // A client with no document of its own: its questionnaire is drafted from the company's.
    await page.goto(`/enterprise-vendor-details?id=${companyId}`)
    await page.getByRole('button', { name: /^(← )?Solo Bank$/ }).waitFor()
    await page.setInputFiles('input[name=questionnaire-file]', {
      name: 'solo.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await unansweredWorkbook(SECURITY_QUESTIONS, 'S'),
    })
    await page.getByRole('heading', { name: 'Questionnaire File Uploaded!' }).waitFor()
    await page.getByRole('button', { name: 'OK' }).click()
    const drawer = page.getByRole('dialog', { name: 'solo.xlsx' })
    await drawer.getByText(`0 of ${SECURITY_QUESTIONS.length} questions answered`).waitFor({ timeout: 60_000 })
    const list = async () =>
      (await api('GET', `/api/questionnaires/${companyId}`)).body.data as { _id: string; state: string; total: number; drafted: number }[]
    const { _id: id } = await untilDrafted('solo.xlsx drafted', list, (f) => f.total > 0)
    // Each question as opened: its source comes with it, not with the list (issue 26).
    const rows = (await api('GET', `/api/getquestionlist/${id}`)).body.data as { _id: string }[]
    const questions = (await Promise.all(rows.map(async (r) => (await api('GET', `/api/questionnaires/question/${r._id}`)).body.data))) as {
      question: string
      answer: string
      documentName: string
    }[]
    const encrypted = questions.find((q) => q.question === 'Is customer data encrypted at rest?')!
    expect(encrypted).toMatchObject({ answer: expect.stringMatching(/encrypted at rest with AES-256/), documentName: 'policy-01.pdf' })
    expect(questions.filter((q) => q.answer).length).toBeGreaterThanOrEqual(5)

    // The drafter settings: the offline drafter, and a test that says no model is set.
    await page.goto('/settings/drafter')
    await page.getByRole('heading', { level: 1, name: 'Drafter settings' }).waitFor()
    await page.getByText('offline drafter', { exact: true }).waitFor()
    await page.getByText('OPENAI_BASE_URL', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Test the connection' }).click()
    await page
      .getByRole('status')
      .getByText(/^No model is set: the offline drafter drafts answers/)
      .waitFor()
    expect(await axeProblems(page)).toEqual([])
    await fitsBothWidths(page, 'drafter-settings')
    await context.close()
  }, 240_000)
})
