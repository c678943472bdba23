// The answer library screen in Chromium (issue 24), the way a user fills it: two files imported at
// once through the screen's file control: a previously completed questionnaire (a CISO's filled CSF
// 2.0 self-assessment, tests/fixtures/SOURCES.md) and a control library the product is unsure how
// to read, whose column form shows and is saved (it has no answers: none are stored). Then a search
// finds the vendor's own answer, cited to the file and its row. The screen fits a 360 px phone.
// Then the same self-assessment, blank, is drafted from the library; a reviewer approves one draft
// as it is, edits another and clears a third, and the drafter's track record (review header, dashboard) counts them.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { apiAs, formOf, portalAndChromiumForSuite, requireBrowserSetup, signedInPage, until, untilDrafted } from '../support/browser.js'
import { confirmColumns, signUp } from '../support/portal.js'

requireBrowserSetup()
const FILLED = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/csf_profile/ciso-self-assessment.csv')
const NAME = 'ciso-self-assessment.csv'
const BLANK = path.resolve(process.cwd(), 'tests/fixtures/library/ciso-self-assessment-blank.csv')
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

  it("counts a browser review session in the drafter's track record, per source", async () => {
    const { tp, browser } = suite
    const api = apiAs(tp, EMAIL, PASSWORD)
    const company = await api('POST', '/api/companys', { companyName: 'Library Bank', compliance_bucket: 'c', questionnaires_bucket: 'q' })
    const companyId = (company.body.data as { _id: string })._id
    const upload = await api('POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [['customer-csf.csv', await readFile(BLANK)]]))
    expect(upload.status).toBe(201)
    const id = (upload.body.data as { _id: string }[])[0]!._id
    await confirmColumns((m, u, b) => api(m, u, b).then((r) => r.body), companyId, id)
    const files = async () =>
      (await api('GET', `/api/questionnaires/${companyId}`)).body.data as { _id: string; state: string; total: number; drafted: number }[]
    await untilDrafted('the blank self-assessment', files, id, { ready: true, ms: 120_000 })
    const before = (await api('GET', `/api/answer-quality?questionnaireId=${id}`)).body.data as { bySource: Record<string, { drafted: number }> }
    const fromLibrary = before.bySource['library']!.drafted
    expect(fromLibrary).toBeGreaterThanOrEqual(2)

    const context = await browser.newContext({ baseURL: tp.url })
    const page = await signedInPage(context, EMAIL, PASSWORD)
    await page.goto(`/enterprise-apps/review/${id}`)
    await page.getByRole('heading', { level: 1, name: 'Library Bank' }).waitFor()
    // Nothing reviewed yet: the header's track record says so.
    await page.getByText('How the drafts did', { exact: true }).click()
    await page.getByText('No drafted answers reviewed yet').waitFor()

    // The first question: its library draft approved as it is.
    await page.getByRole('option').first().click()
    await expect(page.locator('textarea[name=answer]').inputValue()).resolves.toMatch(ANSWER)
    await page.locator('input[name=approved]').click()
    await page.locator('input[name=approved]:checked').waitFor()
    // The second: its draft edited and saved.
    await page.getByRole('option').nth(1).click()
    const drafted = await page.locator('textarea[name=answer]').inputValue()
    expect(drafted).not.toBe('')
    await page.fill('textarea[name=answer]', `${drafted} Reviewed with the CISO in November.`)
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/questionnaires/answer') && r.request().method() === 'PUT')
    await page.getByRole('button', { name: 'Save', exact: true }).first().click()
    expect((await saved).status()).toBe(200)
    // The third: a draft the reviewer clears (wrong for this customer); it waits for a person's answer.
    await page.getByRole('option').nth(2).click()
    expect(await page.locator('textarea[name=answer]').inputValue()).not.toBe('')
    const cleared = page.waitForResponse((r) => r.url().endsWith('/api/questionnaires/answer/clear'))
    await page.getByRole('button', { name: 'Clear draft' }).click()
    expect((await cleared).status()).toBe(200)
    await page.getByText('Draft cleared').first().waitFor()
    await expect(page.locator('textarea[name=answer]').inputValue()).resolves.toBe('')

    // The track record, asked for again: one approved unchanged, one edited, one cleared, the rest waiting.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Library Bank' }).waitFor()
    await page.getByText('How the drafts did', { exact: true }).click()
    const table = page.getByRole('table', { name: 'How the drafts of this questionnaire were reviewed, by source' })
    const library = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Library', exact: true }) })
    await library.waitFor()
    const row = (await library.locator('td').allTextContents()).map((t) => t.trim())
    expect(row[0]).toBe(String(fromLibrary))
    expect(row[1]).toBe('1')
    expect(row[2]).toMatch(/^1 \(\d+ % changed\)$/)
    expect(row[3]).toBe('1')
    expect(row[5]).toBe(String(fromLibrary - 3))

    // The dashboard shows the tenant's: the same session counted.
    await page.goto('/dashboard')
    const card = page.getByRole('region', { name: 'How the drafts did' })
    const all = card.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Library', exact: true }) })
    await all.waitFor()
    expect((await all.locator('td').allTextContents()).slice(1, 4).map((t) => t.trim())).toEqual(['1', expect.stringMatching(/^1 \(/), '1'])
    await context.close()
  }, 180_000)
})
