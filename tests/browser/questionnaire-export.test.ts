// Browser test of the export (issue 11): upload a policy and a real CAIQ through the console, review
// and approve two answers (a choice and a text each), open the export dialog, see its report (the
// check of the written file, cells per sheet, questions left blank and why) for approved answers and
// for all drafts, download the filled workbook and read it back with @portal/sheets. A workbook the
// check refuses shows why, and its download stays disabled.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { type CellWrites, compareWorkbooks, readWorkbook } from '@portal/sheets'
import type { Page } from 'playwright-core'
import { apiAs, formOf, portalAndChromiumForSuite, requireBrowserSetup, signedInPage, untilDrafted } from '../support/browser.js'
import { signUp } from '../support/portal.js'

requireBrowserSetup()
const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const CAIQ = path.join(DATA, 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx')
const POLICY = path.join(DATA, 'policies/basecamp_37signals/security_Basecamp_Security_Overview_2021-02-04.pdf')
const SHARED_FORMULA = path.join(DATA, 'export/shared-formula-answers.xlsx')
const EMAIL = 'erin@export-co.example'
const PASSWORD = 'Export!2026x'

interface FileEntry {
  _id: string
  files: { fileName: string }[]
  state: string
  total: number
  drafted: number
  error: string | null
}
interface Question {
  _id: string
  answer: string
  choiceValue: string | null
  llmstatus: boolean
}

describe('the export dialog in a real browser', () => {
  const suite = portalAndChromiumForSuite()

  it('reviews, approves, shows the export report and downloads the verified workbook', async () => {
    const { tp, browser } = suite
    await signUp(tp, EMAIL, PASSWORD)
    const api = apiAs(tp, EMAIL, PASSWORD)
    const context = await browser.newContext({ baseURL: tp.url, acceptDownloads: true })
    const page = await signedInPage(context, EMAIL, PASSWORD)
    await page.goto('/enterprise') // sign-in lands on the dashboard (issue 25)

    await page.getByRole('button', { name: 'Create New Client' }).click()
    await page.fill('input[name=companyName]', 'Export Bank')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.waitForURL('**/enterprise-vendor-details?id=*')
    const companyId = new URL(page.url()).searchParams.get('id')!
    await page.setInputFiles('input[name=compliance-file]', POLICY)
    // One summary toast, no dialog to close (issue 25).
    await page.getByRole('status').filter({ hasText: '1 file uploaded' }).waitFor()
    await page.setInputFiles('input[name=questionnaire-file]', CAIQ)
    await page.getByRole('heading', { name: 'Questionnaire File Uploaded!' }).waitFor()
    await page.getByRole('button', { name: 'OK' }).click()
    const name = 'csa-caiq-v3.0.1-09-01-2017.xlsx'
    const { _id: id } = await untilDrafted(
      `${name} drafted`,
      async () => (await api('GET', `/api/questionnaires/${companyId}`)).body.data as FileEntry[],
      (x) => x.files[0]?.fileName === name,
      { ready: true },
    )

    // Review: the first two questions get a text and a choice (No, Not Applicable) and are approved.
    await page.goto(`/enterprise-apps/review/${id}`)
    const answers = ['No: we do not run application code for customers.', 'Not applicable: no customer-facing APIs.']
    await answer(page, answers[0]!, 'No')
    await page.getByRole('option', { name: /^Q2\b/ }).click()
    await answer(page, answers[1]!, 'Not Applicable')

    // The export dialog: approved answers only by default, verified on the written file.
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export answers' })
    expect(await dialog.getByLabel('Approved answers only').isChecked()).toBe(true)
    await dialog.getByText(/^Verified on the written file: only answer cells changed \(\d+ cells compared on 3 sheets, 4 answer cells read back\)\.$/).waitFor()
    await dialog.getByText('4 cells filled: 2 questions written in full, 0 in part, 292 left blank (of 294).').waitFor()
    expect(await dialog.getByRole('table', { name: 'Cells written per sheet' }).locator('tbody tr').allInnerTexts()).toEqual([
      'CSA CAIQ v3.0.1\t294\t2\t0\t292\t4',
    ])
    // Why the others are blank: drafts waiting for approval, and questions with no answer at all.
    const questions = (await api('GET', `/api/getquestionlist/${id}`)).body.data as Question[]
    const waiting = questions.filter((q) => !q.llmstatus && (q.answer.trim() || q.choiceValue)).length
    const leftBlank = dialog.getByRole('region', { name: 'Left blank' })
    if (waiting) await leftBlank.getByText(`${waiting} question${waiting === 1 ? '' : 's'}: not approved yet`).waitFor()
    await leftBlank.getByText(`${292 - waiting} questions: no answer`, { exact: true }).waitFor()
    await leftBlank.getByText(/: no answer$/).click()
    await leftBlank.getByText(/^AIS-01\.3, /).waitFor() // the ids of the questions left blank, shown as text

    // All drafts: the drafts waiting for review are written too.
    await dialog.getByLabel('All drafts').check()
    await dialog
      .getByText(new RegExp(`^\\d+ cells filled: \\d+ questions? written in full, \\d+ in part, ${292 - waiting} left blank \\(of 294\\)\\.$`))
      .waitFor()
    await dialog.getByText(/^Verified on the written file/).waitFor()
    await dialog.getByLabel('Approved answers only').check()
    await dialog.getByText('4 cells filled: 2 questions written in full, 0 in part, 292 left blank (of 294).').waitFor()

    // The download is the verified file: re-opened, the answers are at their cells and nothing else changed.
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download filled questionnaire' }).click()])
    expect(download.suggestedFilename()).toBe('Questionnaire_with_Answers.xlsx')
    const bytes = await readFile((await download.path())!)
    const rows = (await readWorkbook(bytes)).sheets[0]!.rows
    expect(rows[4]!.slice(5, 9)).toEqual(['', 'x', '', answers[0]]) // AIS-01.1: F-H Yes / No / Not Applicable, I Notes
    expect(rows[5]!.slice(5, 9)).toEqual(['', '', 'x', answers[1]])
    const written: CellWrites = new Map([
      [
        'CSA CAIQ v3.0.1',
        new Map<string, string | number>([
          ['G5', 'x'],
          ['I5', answers[0]!],
          ['H6', 'x'],
          ['I6', answers[1]!],
        ]),
      ],
    ])
    expect(await compareWorkbooks(await readFile(CAIQ), bytes, written)).toMatchObject({ differenceCount: 0, written: 4 })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  }, 150_000)

  it('shows why a workbook is not verified and keeps its download disabled', async () => {
    const { tp, browser } = suite
    const api = apiAs(tp, EMAIL, PASSWORD)
    const companies = (await api('GET', '/api/companys')).body.data as { _id: string }[]
    const up = await api(
      'POST',
      '/api/questionnaires/save',
      formOf({ company_id: companies[0]!._id }, [['shared-formula-answers.xlsx', await readFile(SHARED_FORMULA)]]),
    )
    expect(up.status).toBe(201)
    const id = (up.body.data as { _id: string }[])[0]!._id
    await untilDrafted(
      'the shared-formula workbook drafted',
      async () => (await api('GET', `/api/questionnaires/${companies[0]!._id}`)).body.data as FileEntry[],
      id,
      { ready: true },
    )
    const context = await browser.newContext({ baseURL: tp.url })
    const page = await signedInPage(context, EMAIL, PASSWORD)
    await page.goto(`/enterprise-apps/review/${id}`)
    // Q-01's answer cell C2 holds the formula that C3:C6 share: writing it changes them.
    await answer(page, 'Yes, AES-256 at rest.')
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export answers' })
    await dialog
      .getByText(
        'Not verified: 4 changes besides the answers: Questionnaire!C3, Questionnaire!C4, Questionnaire!C5 and 1 more. The filled workbook cannot be downloaded; download the questions and answers instead.',
      )
      .waitFor()
    expect(await dialog.getByRole('button', { name: 'Download filled questionnaire' }).isDisabled()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Download questions and answers' }).isEnabled()).toBe(true)
    await context.close()
  }, 150_000)
})

/** Types an answer for the selected question, picks a choice, saves, and approves it. */
async function answer(page: Page, text: string, choice?: string): Promise<void> {
  await page.fill('textarea[name=answer]', text)
  if (choice) await page.getByLabel('Choice').selectOption(choice)
  // Saved before the approval is sent: a save that landed after it would send the old status.
  // A minute: on a CI machine whose two cores run three suites, the 294-question page can take 20 s to answer a click.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/questionnaires/answer') && r.request().method() === 'PUT', { timeout: 60_000 })
  await page.getByRole('button', { name: 'Save', exact: true }).first().click()
  expect((await saved).status()).toBe(200)
  await page.locator('input[name=approved]').click() // controlled: it turns on when the server confirms
  await page.locator('input[name=approved]:checked').waitFor()
}
