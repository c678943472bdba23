// Browser test of the questionnaire path: create a client, upload a policy PDF and a real CAIQ
// workbook, watch progress, review (edit, choose Yes, comment, approve), and export the filled workbook.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { readWorkbook } from '@portal/sheets'
import { signUp } from '../support/portal.js'
import { portalAndChromiumForSuite, requireBrowserSetup, signedInPage } from '../support/browser.js'

requireBrowserSetup()

const DATA = path.resolve(process.cwd(), 'tests/fixtures')

describe('questionnaire review in a real browser', () => {
  const suite = portalAndChromiumForSuite()

  it('uploads, follows progress, reviews and exports', async () => {
    const { tp, browser } = suite
    await signUp(tp, 'rita@review-co.example', 'Review!2026x')
    const context = await browser.newContext({ baseURL: tp.url, acceptDownloads: true })
    const page = await signedInPage(context, 'rita@review-co.example', 'Review!2026x')
    await page.goto('/enterprise') // sign-in lands on the dashboard (issue 25)
    await page.getByText('No Data found').waitFor()

    await page.getByRole('button', { name: 'Create New Client' }).click()
    await page.fill('input[name=companyName]', 'Global Bank')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.waitForURL('**/enterprise-vendor-details?id=*')
    await page.getByRole('button', { name: /^(← )?Global Bank$/ }).waitFor() // the arrow may be hidden from the name

    await page.setInputFiles('input[name=compliance-file]', path.join(DATA, 'policies/open_access_policies/minimal-soc2_compiled.pdf'))
    // One summary toast, no dialog to close (issue 25).
    await page.getByRole('status').filter({ hasText: '1 file uploaded' }).waitFor()
    await page.getByText('Ready').waitFor({ timeout: 30_000 })

    await page.setInputFiles('input[name=questionnaire-file]', path.join(DATA, 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx'))
    await page.getByRole('heading', { name: 'Questionnaire File Uploaded!' }).waitFor()
    await page.getByRole('button', { name: 'OK' }).click()
    // The questionnaire's drawer opens by itself once the upload's modal closes (spec §4).
    const drawer = page.getByRole('dialog', { name: 'csa-caiq-v3.0.1-09-01-2017.xlsx' })
    // Shown once every question is drafted: "answered" counts what a person approved or wrote, so none yet.
    await drawer.getByText('0 of 294 questions answered').waitFor({ timeout: 45_000 })
    await drawer.getByRole('button', { name: 'Review Answers' }).click()
    await page.waitForURL('**/enterprise-apps/review/*')
    await page.getByText('0/294 questions approved').waitFor()

    await page.fill('textarea[name=answer]', 'Yes. We follow OWASP ASVS and review all code before release.')
    await page.getByLabel('Choice').selectOption('Yes') // the CAIQ's Yes / No / Not Applicable columns
    await page.getByRole('button', { name: 'Save', exact: true }).first().click()
    // A comment joins the question's thread, shown as text (never as HTML).
    await page.getByRole('button', { name: 'Save', exact: true }).nth(1).click()
    await page.getByText('Comment field is required').waitFor()
    await page.fill('textarea[name=comment]', '<b>Checked</b> with the CISO')
    await page.getByRole('button', { name: 'Save', exact: true }).nth(1).click()
    await page.getByText('<b>Checked</b> with the CISO').waitFor()
    await page
      .getByText(/Test User$/)
      .first()
      .waitFor()
    await page.locator('input[name=approved]').click() // controlled: it turns on when the server confirms
    await page.getByText('1/294 questions approved').waitFor()
    await page.getByRole('tab', { name: 'APPROVED' }).click()
    await page
      .getByText(/Do you use industry standards/)
      .first()
      .waitFor()

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export answers' })
    await dialog.getByText(/^Verified on the written file/).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download filled questionnaire' }).click()])
    expect(download.suggestedFilename()).toBe('Questionnaire_with_Answers.xlsx')
    const filled = await readWorkbook(await readFile((await download.path())!))
    expect(filled.sheets[0]!.rows[4]![8]).toBe('Yes. We follow OWASP ASVS and review all code before release.')
    expect(filled.sheets[0]!.rows[4]![5]).toBe('x') // F5, under "Yes"
    await context.close()
  }, 120_000)
})
