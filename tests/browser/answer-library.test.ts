// The answer library screen in Chromium (issue 24), the way a user fills it: two files imported at
// once through the screen's file control: a previously completed questionnaire (a CISO's filled CSF
// 2.0 self-assessment, tests/fixtures/SOURCES.md) and a control library the product is unsure how
// to read, whose column form shows and is saved (it has no answers: none are stored). Then a search
// finds the vendor's own answer, cited to the file and its row. The screen fits a 360 px phone.
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { apiAs, portalAndChromiumForSuite, requireBrowserSetup, signedInPage, until } from '../support/browser.js'
import { signUp } from '../support/portal.js'

requireBrowserSetup()
const FILLED = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/csf_profile/ciso-self-assessment.csv')
const NAME = 'ciso-self-assessment.csv'
const UNSURE = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/intuitem/vendor-due-diligence.xlsx')
const EMAIL = 'lena@library-co.example'
const PASSWORD = 'Library!2026x'
// Row 2 of the file: DE.AE-02 Ex1, whose answer (column J) the vendor wrote as below.
const QUESTION = /Use security information and event management \(SIEM\)/
const ANSWER = /Alma Security uses AWS CloudTrail and GuardDuty for SIEM-like log monitoring/

interface Entry {
  question: string
  answer: string
  source: string
  sourceFile: string
  row: number | null
}

describe('the answer library in a real browser', () => {
  const suite = portalAndChromiumForSuite()

  it('imports a filled questionnaire through the screen and finds its answer by search', async () => {
    const { tp, browser } = suite
    await signUp(tp, EMAIL, PASSWORD)
    const api = apiAs(tp, EMAIL, PASSWORD)
    const context = await browser.newContext({ baseURL: tp.url })
    const page = await signedInPage(context, EMAIL, PASSWORD)

    await page.getByRole('link', { name: 'Answer Library' }).click()
    await page.waitForURL('**/answer-library')
    await page.getByText('No answers in the library yet').waitFor()

    const panel = page.getByRole('region', { name: 'Import completed questionnaires' })
    await panel.getByLabel('Drop files here, or choose them').setInputFiles([FILLED, UNSURE])
    await panel.getByRole('button', { name: 'Import 2 files' }).click()
    const filled = panel.getByRole('listitem').filter({ hasText: NAME })
    await filled.getByText(/^Imported: \d+ answers/).waitFor({ timeout: 60_000 })
    // The unsure one waits on its columns, shown over the sheet's preview; saved, it is imported (no answers in it).
    const unsure = panel.getByRole('listitem').filter({ hasText: 'vendor-due-diligence.xlsx' })
    await unsure.getByText('Check the columns', { exact: true }).waitFor()
    await unsure.getByText('The product is unsure of these columns: check them').waitFor()
    await unsure.getByRole('button', { name: 'Save columns' }).click()
    await unsure.getByText(/^Imported: 0 answers/).waitFor()
    await unsure.getByText('No question in this file has an answer to import').waitFor()

    // The entries are in: found by a word of the vendor's answer, with where they come from.
    const found = await until('the imported answer is listed', async () => {
      const r = await api('GET', '/api/answer-library?q=CloudTrail')
      const entries = (r.body.data ?? []) as Entry[]
      return entries.find((e) => ANSWER.test(e.answer))
    })
    expect(found).toMatchObject({ source: 'import', sourceFile: NAME, row: 2 })
    expect(found.question).toMatch(QUESTION)

    await page.getByRole('searchbox', { name: 'Search questions and answers' }).fill('CloudTrail')
    const entry = page.getByRole('article').filter({ hasText: ANSWER })
    await entry.waitFor()
    await entry.getByText(`Imported from ${NAME}`, { exact: false }).waitFor()
    await expect(entry.getByText(/row 2$/).count()).resolves.toBe(1)
    // The count says what was searched for.
    await page.getByText(/^\d+ entr(y|ies) matching “CloudTrail”$/).waitFor()

    // A phone: the list, the import box and the filters fit 360 px.
    await page.setViewportSize({ width: 360, height: 800 })
    await entry.waitFor()
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)
    expect(fits).toBe(true)
    await context.close()
  }, 150_000)
})
