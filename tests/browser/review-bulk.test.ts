// Issue 25 in Chromium at 1280 px and 360 px, on a questionnaire drafted for real by the offline
// drafter: the console names the offline drafter (with the link to configure a model); the dashboard,
// the client's drawer and the review header show the same counts (the server's, computed one way);
// NEEDS REVIEW lists the answers to review, not every question; the drafts with no warning are
// approved at once, undone, and approved again; on a phone "Mark as approved" comes before the long
// evidence; axe finds nothing on the page, in selection too; the export still works.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Question, ReviewCounts } from '@portal/contracts'
import type { Browser, Page } from 'playwright-core'
import { apiAs, formOf, launchChromium, requireBrowserSetup, signedInPage, untilDrafted, until } from '../support/browser.js'
import { type DraftingProgress, signUp, startTestPortal, type TestPortal } from '../support/portal.js'
import { MINIMAL_SOC2_PDF, SECURITY_QUESTIONS, unansweredWorkbook } from '../support/security-questions.js'

requireBrowserSetup()
const require = createRequire(import.meta.url)
const QUESTIONS = SECURITY_QUESTIONS.slice(0, 12)
const EMAIL = 'bo@bulk-review.example'
const PASSWORD = 'BulkReview!2026x'
const SHOTS = '/work/shots/i25-review'

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[]
}
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

describe('drafts named, counts agreeing, bulk approval in a real browser', () => {
  let tp: TestPortal
  let browser: Browser
  let api: ReturnType<typeof apiAs>
  let companyId: string
  let questionnaireId: string
  let axeSource: string

  beforeAll(async () => {
    ;[tp, browser] = await Promise.all([startTestPortal({ listen: true }), launchChromium()])
    axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
    await signUp(tp, EMAIL, PASSWORD)
    api = apiAs(tp, EMAIL, PASSWORD)
    companyId = (
      (await api('POST', '/api/companys', { companyName: 'Global Bank', compliance_bucket: 'c', questionnaires_bucket: 'q' })).body.data as { _id: string }
    )._id
    await api('POST', '/api/fs/enterpriseapps-compliance-uploadfile', formOf({ companyId }, [['soc2.pdf', await readFile(MINIMAL_SOC2_PDF)]]))
    await until(
      'the document to be read',
      async () => ((await api('GET', `/api/compliancefile/${companyId}`)).body.data as { state: string }[]).every((f) => f.state === 'ready') || undefined,
    )
    const workbook = await unansweredWorkbook(QUESTIONS, 'B')
    questionnaireId = (
      (await api('POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [['bulk.xlsx', workbook]]))).body.data as { _id: string }[]
    )[0]!._id
    await untilDrafted(
      'drafting to finish',
      async () => (await api('GET', `/api/questionnaires/${companyId}`)).body.data as DraftingProgress[],
      questionnaireId,
    )
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await tp?.stop()
  })

  const serverCounts = async () => (await api('GET', `/api/questionnaires/count/${questionnaireId}`)).body.review as ReviewCounts
  const figures = (c: ReviewCounts) =>
    `${c.drafted} drafted · ${c.approved} approved · ${c.needsReview} need${c.needsReview === 1 ? 's' : ''} review${c.flagged ? ` (${c.flagged} flagged)` : ''} · ${c.empty} without an answer`

  for (const [width, height] of [
    [1280, 900],
    [360, 740],
  ] as const) {
    it(`names the offline drafter, agrees on the counts and approves in bulk at ${width} px`, async () => {
      const context = await browser.newContext({ baseURL: tp.url, viewport: { width, height }, acceptDownloads: true })
      await context.addInitScript({ content: axeSource })
      const page = await signedInPage(context, EMAIL, PASSWORD, 15_000)
      const c = await serverCounts()
      const questions = (await api('GET', `/api/getquestionlist/${questionnaireId}`)).body.data as Question[]
      const quiet = questions.filter((q) => !q.llmstatus && q.answer && q.answerSource && !q.personAnswer && q.llmReviewRespons === 0)
      // The offline drafter drafted these, and some with no warning (else there is nothing to approve at once).
      expect(c.bySource.documents).toBeGreaterThan(0)
      expect(quiet.length).toBeGreaterThan(0)
      expect(c.approved + c.needsReview + c.empty).toBe(QUESTIONS.length)
      expect(c.needsReview).toBeLessThan(QUESTIONS.length) // not every question

      // The dashboard: the same figures, and the offline drafter named.
      await page.goto('/dashboard')
      const item = page.getByRole('region', { name: /Questionnaires in progress/ }).locator('li', { hasText: 'bulk.xlsx' })
      await item.getByText(`${c.drafted} drafted`).waitFor()
      await item.getByText(`${c.needsReview} need${c.needsReview === 1 ? 's' : ''} review`).waitFor()
      await item.getByText(`${c.empty} without an answer`).waitFor()
      await item.getByText(/Drafts by the offline drafter/).waitFor()

      // The client's drawer: the same.
      await page.goto(`/enterprise-vendor-details?id=${companyId}`)
      await page.getByText('bulk.xlsx').first().click()
      const drawer = page.getByRole('dialog', { name: 'bulk.xlsx' })
      await drawer.getByText(figures(c)).waitFor()
      await drawer.getByText(/Drafts by the offline drafter/).waitFor()
      expect(await drawer.getByRole('link', { name: 'configure a model for better drafts' }).getAttribute('href')).toBe('/settings/drafter')

      // The review page: the same, and per question who drafted it.
      await page.goto(`/enterprise-apps/review/${questionnaireId}`)
      await page.getByText(figures(c)).waitFor()
      await page
        .locator('.review-head')
        .getByText(/Drafts by the offline drafter/)
        .waitFor()
      await page
        .getByText(/Drafted by the offline drafter \(from your documents\)|From a document's Q&A|From the answer library/)
        .first()
        .waitFor()
      expect(await page.getByRole('tab', { name: /^NEEDS REVIEW/ }).textContent()).toBe(`NEEDS REVIEW ${c.needsReview}`)

      // On a phone "Mark as approved" comes before the history, comments and context.
      const toggle = page.locator('input[name=approved]')
      const evidence = page.getByRole('region', { name: 'History, comments and context' })
      expect((await toggle.boundingBox())!.y).toBeLessThan((await evidence.boundingBox())!.y)
      await page.getByText(/\+Enter saves this answer and marks it approved/).waitFor()
      await page.screenshot({ path: `${SHOTS}/review-${width}.png`, fullPage: width === 1280 })
      if (width === 1280) expect(await axeProblems(page)).toEqual([])

      // NEEDS REVIEW: the answers to review only.
      await page.getByRole('tab', { name: /^NEEDS REVIEW/ }).click()
      await until('the filter', async () => ((await page.locator('[role=option]').count()) === c.needsReview ? true : undefined), 10_000)

      // Select the drafts with no warning (one more by keyboard: Space), approve them at once.
      await page.getByRole('button', { name: 'Select several' }).click()
      const group = page.getByRole('group', { name: 'Select answers to approve' })
      await page.getByRole('button', { name: `Select all drafts with no warning (${quiet.length})` }).click()
      expect(await group.locator('input:checked').count()).toBe(quiet.length)
      await page.screenshot({ path: `${SHOTS}/bulk-select-${width}.png` })
      if (width === 1280) expect(await axeProblems(page)).toEqual([])
      await page.getByRole('button', { name: `Approve selected (${quiet.length})` }).click()
      const done = page.getByRole('status').filter({ hasText: 'approved.' })
      await done.getByText(`${quiet.length} answer${quiet.length === 1 ? '' : 's'} approved.`).waitFor()
      const approved = { ...c, approved: c.approved + quiet.length, needsReview: c.needsReview - quiet.length }
      await page.getByText(figures(approved)).waitFor()
      expect(await serverCounts()).toEqual(approved)
      await page.screenshot({ path: `${SHOTS}/bulk-done-${width}.png` })

      // Undo, from the keyboard: focus is on it.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Undo')
      await page.keyboard.press('Enter')
      await page
        .getByText(`Approval undone for ${quiet.length} answer${quiet.length === 1 ? '' : 's'}`)
        .first()
        .waitFor()
      await page.getByText(figures(c)).waitFor()
      expect(await serverCounts()).toEqual(c)

      // Approved again; the export still works.
      await page.getByRole('button', { name: 'Select several' }).click()
      await page.getByRole('button', { name: `Select all drafts with no warning (${quiet.length})` }).click()
      await page.getByRole('button', { name: `Approve selected (${quiet.length})` }).click()
      await page.getByText(figures(approved)).waitFor()
      if (width === 1280) {
        await page.getByRole('button', { name: 'Export', exact: true }).click()
        const dialog = page.getByRole('dialog', { name: 'Export answers' })
        const filled = dialog.getByRole('button', { name: 'Download filled questionnaire' })
        await until('the verified workbook', async () => ((await filled.isEnabled()) ? true : undefined), 30_000)
        const [download] = await Promise.all([page.waitForEvent('download'), filled.click()])
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
      }
      // Back as it was, for the next width.
      await page.getByRole('button', { name: 'Undo' }).click()
      await page.getByText(figures(c)).waitFor()
      await context.close()
    }, 90_000)
  }
})
