// Browser test of "Check the columns" (issue 23), the way a newcomer meets it: a bilingual control
// library (statements in French and English, no answer column) uploaded through the console is read
// but not drafted; its drawer says "Check the columns" and shows the mapping over the sheet's
// preview; the user moves the question column to the French statements and the answer to the empty
// column after the table, saves, sees the questions re-read and drafted, approves an answer on the
// review page, exports, and finds the answer in that column of that row and nothing else changed.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { type CellWrites, compareWorkbooks, readWorkbook } from '@portal/sheets'
import { apiAs, portalAndChromiumForSuite, requireBrowserSetup, signedInPage, untilDrafted } from '../support/browser.js'
import { signUp } from '../support/portal.js'

requireBrowserSetup()
const LIBRARY = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/intuitem/vendor-due-diligence.xlsx')
const NAME = 'vendor-due-diligence.xlsx'
const EMAIL = 'chloe@columns-co.example'
const PASSWORD = 'Columns!2026x'

interface FileEntry {
  _id: string
  files: { fileName: string }[]
  state: string
  total: number
  drafted: number
  error: string | null
}

describe('checking the columns in a real browser', () => {
  const suite = portalAndChromiumForSuite()

  it('asks, takes the columns the user chooses, drafts, and exports into them', async () => {
    const { tp, browser } = suite
    await signUp(tp, EMAIL, PASSWORD)
    const api = apiAs(tp, EMAIL, PASSWORD)
    const context = await browser.newContext({ baseURL: tp.url, acceptDownloads: true })
    const page = await signedInPage(context, EMAIL, PASSWORD)
    await page.goto('/enterprise') // sign-in lands on the dashboard (issue 25)

    await page.getByRole('button', { name: 'Create New Client' }).click()
    await page.fill('input[name=companyName]', 'Columns Bank')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.waitForURL('**/enterprise-vendor-details?id=*')
    const companyId = new URL(page.url()).searchParams.get('id')!
    await page.setInputFiles('input[name=questionnaire-file]', LIBRARY)
    await page.getByRole('heading', { name: 'Questionnaire File Uploaded!' }).waitFor()
    await page.getByRole('button', { name: 'OK' }).click()

    // The drawer opens on the file: read, not drafted, and it says why.
    const drawer = page.getByRole('dialog', { name: NAME })
    await drawer.getByRole('heading', { name: 'Check the columns' }).waitFor({ timeout: 30_000 })
    await drawer.getByText('The product is unsure of these columns: check them').waitFor()
    const files = async () => (await api('GET', `/api/questionnaires/${companyId}`)).body.data as FileEntry[]
    const before = (await files()).find((f) => f.files[0]?.fileName === NAME)!
    expect(before).toMatchObject({ state: 'check', total: 46, drafted: 0 })
    await drawer.getByText(/Row 3 · GOV\.01: The organization is certified ISO 27001 or SOC 2\./).waitFor()

    // The statements in the library's own language (E), the answers in the empty column after the table (H).
    await drawer.getByLabel('Column E').selectOption('question')
    await drawer.getByLabel('Column H').selectOption('answer')
    expect(await drawer.getByLabel('Column G').inputValue()).toBe('none')
    await drawer.getByRole('button', { name: 'Save columns' }).click()
    await drawer.getByText('Columns saved: 46 questions read').waitFor()
    await drawer.getByText('Confirmed').waitFor()
    await drawer.getByText(/Row 3 · GOV\.01: L’organisation est certifiée ISO 27001 ou SOC 2\./).waitFor()
    const { _id: id } = await untilDrafted('the library drafted', files, (f) => f.files[0]?.fileName === NAME, { ready: true })

    // Review: the first statement, in French now, gets an answer and is approved.
    await drawer.getByRole('button', { name: 'Review Answers' }).click()
    await page.waitForURL(`**/enterprise-apps/review/${id}`)
    await page.getByText('L’organisation est certifiée ISO 27001 ou SOC 2.').first().waitFor()
    const text = 'Oui : certifiée ISO 27001 depuis 2024 (certificat n° 12345).'
    await page.fill('textarea[name=answer]', text)
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/questionnaires/answer') && r.request().method() === 'PUT')
    await page.getByRole('button', { name: 'Save', exact: true }).first().click()
    expect((await saved).status()).toBe(200)
    await page.locator('input[name=approved]').click()
    await page.locator('input[name=approved]:checked').waitFor()

    // Exported: the answer is in H3, GOV.01's row, and no other cell of any sheet changed.
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export answers' })
    await dialog.getByText(/^Verified on the written file/).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download filled questionnaire' }).click()])
    const bytes = await readFile((await download.path())!)
    const sheet = (await readWorkbook(bytes)).sheets.find((s) => s.name === 'objectives_content')!
    expect(sheet.rows[2]![2]).toBe('GOV.01')
    expect(sheet.rows[2]![7]).toBe(text)
    const written: CellWrites = new Map([['objectives_content', new Map<string, string | number>([['H3', text]])]])
    expect(await compareWorkbooks(await readFile(LIBRARY), bytes, written)).toMatchObject({ differenceCount: 0, written: 1 })
    await context.close()
  }, 150_000)
})
