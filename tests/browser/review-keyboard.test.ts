// The review page by keyboard in Chromium (issue 14), at 1280 px and 360 px, on a questionnaire
// drafted for real in one portal: the question list is one tab stop (the answer box is a few Tab
// presses away, not 312), arrows move in it, Alt+↓ / Alt+↑, Ctrl+S and Ctrl+Enter work from the
// answer box, `?` and the button list the shortcuts, leaving unsaved changes asks first, a save says
// so, an empty answer gets "Answer field is required", the header names the client, and the source
// links to the cited document at its page (opened in a new tab).
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { apiAs, formOf, launchChromium, requireBrowserSetup, signedInPage, until, untilDrafted } from '../support/browser.js'
import { type DraftingProgress, signUp, startTestPortal, type TestPortal } from '../support/portal.js'
import { MINIMAL_SOC2_PDF, SECURITY_QUESTIONS, unansweredWorkbook } from '../support/security-questions.js'

requireBrowserSetup()
const QUESTIONS = SECURITY_QUESTIONS.slice(0, 8)
const EMAIL = 'kim@keyboard-review.example'
const PASSWORD = 'Keyboard!2026x'

interface QuestionItem {
  _id: string
  question: string
  answer: string
  sourceDocumentId: string
  sourcePage: number | null
}

describe('review page by keyboard in a real browser', () => {
  let tp: TestPortal
  let browser: Browser
  let questionnaireId: string
  let docId: string
  let questions: QuestionItem[]

  beforeAll(async () => {
    ;[tp, browser] = await Promise.all([startTestPortal({ listen: true }), launchChromium()])
    await signUp(tp, EMAIL, PASSWORD)
    const api = apiAs(tp, EMAIL, PASSWORD)
    const companyId = (
      (await api('POST', '/api/companys', { companyName: 'Global Bank', compliance_bucket: 'c', questionnaires_bucket: 'q' })).body.data as { _id: string }
    )._id
    docId = (
      (await api('POST', '/api/fs/enterpriseapps-compliance-uploadfile', formOf({ companyId }, [['soc2.pdf', await readFile(MINIMAL_SOC2_PDF)]]))).body
        .data as {
        _id: string
      }[]
    )[0]!._id
    await until(
      'the document to be read',
      async () => ((await api('GET', `/api/compliancefile/${companyId}`)).body.data as { state: string }[]).every((f) => f.state === 'ready') || undefined,
    )
    const workbook = await unansweredWorkbook(QUESTIONS, 'K')
    questionnaireId = (
      (await api('POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [['keyboard.xlsx', workbook]]))).body.data as { _id: string }[]
    )[0]!._id
    await untilDrafted(
      'drafting to finish',
      async () => (await api('GET', `/api/questionnaires/${companyId}`)).body.data as DraftingProgress[],
      questionnaireId,
    )
    // Each question as opened: its cited source comes with it, not with the list (issue 26).
    const rows = (await api('GET', `/api/getquestionlist/${questionnaireId}`)).body.data as { _id: string }[]
    questions = await Promise.all(rows.map(async (r) => (await api('GET', `/api/questionnaires/question/${r._id}`)).body.data as QuestionItem))
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await tp?.stop()
  })

  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return {
        tag: el?.tagName ?? '',
        role: el?.getAttribute('role') ?? '',
        name: el?.getAttribute('name') ?? '',
        text: el?.textContent?.slice(0, 80) ?? '',
        inList: Boolean(el?.closest('[role=listbox]')),
      }
    })
  const selectedText = async (page: Page) => (await page.locator('[role=option][aria-selected=true]').textContent()) ?? ''

  /** Tab presses from the top of the page to the answer box, and how many of them stopped in the question list. */
  async function tabsToAnswer(page: Page) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    let inList = 0
    for (let n = 1; n <= 60; n++) {
      await page.keyboard.press('Tab')
      const f = await focused(page)
      if (f.inList) inList++
      if (f.tag === 'TEXTAREA' && f.name === 'answer') return { presses: n, inList }
    }
    throw new Error('the answer box was not reached in 60 Tab presses')
  }

  for (const [width, height] of [
    [1280, 900],
    [360, 740],
  ] as const) {
    it(`works by keyboard at ${width} px`, async () => {
      const context = await browser.newContext({ baseURL: tp.url, viewport: { width, height } })
      const page = await signedInPage(context, EMAIL, PASSWORD, 15_000)
      await page.goto(`/enterprise-apps/review/${questionnaireId}`)
      // The header names the client, not "Review".
      await page.getByRole('heading', { level: 1, name: 'Global Bank' }).waitFor()
      await page.getByRole('listbox', { name: 'Questions' }).waitFor()
      expect(await page.locator('[role=option]').count()).toBe(QUESTIONS.length)
      expect(await page.locator('[role=option][tabindex="0"]').count()).toBe(1)

      // A few Tab presses, one of them in the list (it was one per question, 312 for a CAIQ). The
      // side menu's links come first: an admin's has four more since issue 27 (sign-in, keys,
      // webhooks, audit log), 28 presses at 1280 px.
      const tabs = await tabsToAnswer(page)
      expect(tabs.inList).toBe(1)
      expect(tabs.presses).toBeLessThanOrEqual(30)
      console.log(`[${width} px] Tab presses from the top to the answer box: ${tabs.presses}`)
      // From the list, one Tab back reaches it, one forward reaches the answer box.
      await page.keyboard.press('Shift+Tab')
      expect((await focused(page)).role).toBe('option')
      await page.keyboard.press('Tab')
      expect((await focused(page)).name).toBe('answer')

      // Arrows in the list move the selection and focus; Enter goes to the answer box.
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('ArrowDown')
      await page.waitForFunction(
        (q) => document.activeElement?.getAttribute('aria-selected') === 'true' && document.activeElement.textContent?.includes(q),
        QUESTIONS[1]!,
      )
      await page.keyboard.press('End')
      await page.waitForFunction((q) => document.activeElement?.textContent?.includes(q), QUESTIONS.at(-1)!)
      await page.keyboard.press('Home')
      await page.waitForFunction((q) => document.activeElement?.textContent?.includes(q), QUESTIONS[0]!)
      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'answer')

      // Alt+↓ / Alt+↑ from the answer box; focus stays there.
      await page.keyboard.press('Alt+ArrowDown')
      await until('the next question', async () => ((await selectedText(page)).includes(QUESTIONS[1]!) ? true : undefined), 10_000)
      expect((await focused(page)).name).toBe('answer')
      await page.keyboard.press('Alt+ArrowUp')
      await until('the previous question', async () => ((await selectedText(page)).includes(QUESTIONS[0]!) ? true : undefined), 10_000)

      // Unsaved changes: leaving asks; Cancel stays with the text.
      const answer = page.locator('textarea[name=answer]')
      const typed = `Reviewed at ${width} px: encrypted with AES-256.`
      await answer.fill(typed)
      await page.keyboard.press('Alt+ArrowDown')
      const guard = page.getByRole('dialog', { name: 'Unsaved answer' })
      await guard.waitFor()
      await guard.getByRole('button', { name: 'Cancel' }).click()
      await guard.waitFor({ state: 'detached' })
      expect(await selectedText(page)).toContain(QUESTIONS[0]!)
      expect(await answer.inputValue()).toBe(typed)

      // Ctrl+S saves, and says so.
      await answer.focus()
      await page.keyboard.press('Control+s')
      await page.getByText('Answer saved').first().waitFor()

      // An empty answer is refused with the spec's words; leaving then asks, and Discard restores.
      await answer.fill('')
      await page.getByRole('button', { name: 'Save', exact: true }).first().click()
      await page.getByText('Answer field is required').waitFor()
      await page.keyboard.press('Alt+ArrowDown')
      await guard.waitFor()
      await guard.getByRole('button', { name: 'Discard' }).click()
      await until('the next question', async () => ((await selectedText(page)).includes(QUESTIONS[1]!) ? true : undefined), 10_000)
      await page.keyboard.press('Alt+ArrowUp')
      await until('the first question again', async () => ((await answer.inputValue()) === typed ? true : undefined), 10_000)

      // Ctrl+Enter approves.
      await answer.focus()
      await page.keyboard.press('Control+Enter')
      await page.getByText('Answer approved').first().waitFor()
      await until('the toggle to turn on', async () => ((await page.locator('input[name=approved]').isChecked()) ? true : undefined), 10_000)
      await page.keyboard.press('Control+Enter') // again: undone
      await page.getByText('Approval removed').first().waitFor()

      // "?" outside a text field lists the shortcuts; Escape closes the list.
      await page.locator('[role=option][aria-selected=true]').focus()
      await page.keyboard.press('?')
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await help.getByText('Next question').waitFor()
      const box = (await help.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      await page.keyboard.press('Escape')
      await help.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
      await help.waitFor()
      await page.keyboard.press('Escape')

      // The source links to the cited document at its page, and opens it in a new tab.
      const cited = questions.find((q) => q.sourceDocumentId)
      expect(cited).toBeDefined()
      await page.goto(`/enterprise-apps/review/${questionnaireId}?q=${cited!._id}`)
      const link = page.locator('a.source-link')
      await link.waitFor()
      expect(await link.getAttribute('href')).toBe(`/api/compliancefile/${docId}/view#page=${cited!.sourcePage}`)
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()])
      await until('the document in the new tab', async () => (tab.url().startsWith('blob:') ? true : undefined), 10_000)
      expect(tab.url()).toMatch(new RegExp(`^blob:${tp.url}/[0-9a-f-]+#page=${cited!.sourcePage}$`))

      // The page fits the screen: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await context.close()
    }, 90_000)
  }
})
