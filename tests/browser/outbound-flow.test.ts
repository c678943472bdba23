// Browser test of outbound questionnaires with two browser contexts, as two people use it: staff send
// a workbook to a client; the client opens the emailed link (from the development outbox), answers,
// attaches a file, comments and submits; staff see "Submitted, 2 of 20 answered" live, read the answers and download
// both exports, whose contents are checked.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import { readWorkbook } from '@portal/sheets'
import { portalAndChromiumForSuite, requireBrowserSetup, signedInPage, until } from '../support/browser.js'
import { signUp } from '../support/portal.js'

requireBrowserSetup()
const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const VSA = path.join(DATA, 'questionnaires/built/vsa-core.xlsx')
const PDF = path.join(DATA, 'policies/open_access_policies/minimal-soc2_compiled.pdf')

describe('outbound questionnaire in real browsers (staff and recipient)', () => {
  const suite = portalAndChromiumForSuite()

  it('sends, is answered through the emailed link, and comes back complete with both exports', async () => {
    const { tp, browser } = suite
    await signUp(tp, 'sam@sender-co.example', 'Outbound!2026x')
    const staffContext = await browser.newContext({ baseURL: tp.url, acceptDownloads: true })
    const staff = await signedInPage(staffContext, 'sam@sender-co.example', 'Outbound!2026x')

    // Send: the spec's validation first, then a real workbook.
    await staff.goto('/outbound')
    await staff.getByRole('button', { name: 'New Questionnaire' }).click()
    const send = staff.getByRole('dialog', { name: 'Send Security Questionnaire' })
    await send.getByRole('button', { name: 'Send' }).click()
    await send.getByText('Client name is required').waitFor()
    await send.getByText('Please upload a file or select a template').waitFor()
    await send.locator('input[name=clientName]').fill('Globex Corporation')
    await send.locator('input[name=email]').fill('ciso@globex.example')
    await send.locator('input[name=files]').setInputFiles(VSA)
    await send.getByRole('button', { name: 'Send' }).click()
    await staff.getByText('Outbound sent successfully').first().waitFor()
    await send.waitFor({ state: 'detached', timeout: 10_000 }) // closes 4 s after the success
    await staff.getByRole('cell', { name: 'Globex Corporation', exact: true }).waitFor()
    await staff
      .getByRole('row', { name: /Globex Corporation/ })
      .getByText('Pending', { exact: true })
      .waitFor()

    // The staff review page stays open: it must follow the submit by itself.
    await staff.getByRole('link', { name: 'Review Globex Corporation' }).click()
    await staff.waitForURL('**/outbound/review/*')
    await staff.getByText('Question 1 of 20').waitFor({ timeout: 30_000 })
    await staff.getByText('0 of 20 questions answered (0%)').waitFor()

    // The recipient: a separate browser context with no account, from the emailed link.
    const link = await until(
      'the emailed link',
      async () => (await readOutbox(tp.dataDir, 'ciso@globex.example')).at(-1)?.text.match(/https?:\/\/\S+\/inbound\/review\/[\w-]+/)?.[0],
      10_000,
    )
    const capability = link.split('/').at(-1)!
    const clientContext = await browser.newContext({ baseURL: tp.url, acceptDownloads: true })
    const client = await clientContext.newPage()
    client.setDefaultTimeout(20_000)
    await client.goto(`/inbound/review/${capability}`)
    await client.getByText('Question 1 of 20').waitFor()
    await client.getByText('Globex Corporation').first().waitFor()

    await client.getByRole('button', { name: 'Save Answer' }).click()
    await client.getByText('Answer field is required').waitFor()
    await client.fill('textarea[name=answer]', 'Yes, our security policy is reviewed yearly by the CISO.')
    await client.getByRole('button', { name: 'Save Answer' }).click()
    await client.getByText('1 of 20 questions answered (5%)').waitFor()
    await client.locator('input[name=attachment]').setInputFiles(PDF)
    await client.getByRole('button', { name: 'Add Attachment' }).click()
    await client.getByRole('button', { name: 'Download minimal-soc2_compiled.pdf' }).waitFor()
    await client.fill('textarea[name=comment]', '<b>See</b> the attached report')
    await client.getByRole('button', { name: 'Add Comment' }).click()
    await client.getByText('<b>See</b> the attached report').waitFor() // as text, never HTML

    // Autosave: typed and left without pressing Save, the second answer is kept.
    await client.getByRole('button', { name: 'Next question' }).click()
    await client.getByText('Question 2 of 20').waitFor()
    await client.fill('textarea[name=answer]', 'No, we do not store cardholder data.')
    await client.getByText('2 of 20 questions answered (10%)').waitFor({ timeout: 10_000 })

    // Staff see the answers arrive without reloading.
    await staff.getByText('2 of 20 questions answered (10%)').waitFor()

    await client.getByRole('button', { name: 'Submit' }).click()
    await client.getByRole('dialog', { name: 'Submit Questionnaire' }).getByRole('button', { name: 'Submit' }).click()
    await client.getByText('This questionnaire was submitted: answers can no longer be changed').waitFor()
    expect(await client.locator('textarea[name=answer]').getAttribute('readonly')).not.toBeNull()

    // Staff: submitted with 18 questions blank, so not "Complete" (issue 25): live on the open page, then on the list.
    await staff.getByText('Submitted, 2 of 20 answered').first().waitFor()
    await staff.getByRole('link', { name: '← Back to Outbound' }).click()
    await staff
      .getByRole('row', { name: /Globex Corporation/ })
      .getByText('Submitted, 2 of 20 answered', { exact: true })
      .waitFor()
    await staff.getByRole('link', { name: 'Review Globex Corporation' }).click()
    await staff.getByText('Yes, our security policy is reviewed yearly by the CISO.').first().waitFor()
    await staff.getByText('<b>See</b> the attached report').waitFor()

    // The plain answers sheet.
    const [sheet] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Download answers sheet' }).click()])
    const rows = (await readWorkbook(await readFile((await sheet.path())!))).sheets[0]!.rows.map((r) => r.map(String))
    expect(rows.some((r) => r.includes('Yes, our security policy is reviewed yearly by the CISO.'))).toBe(true)
    expect(rows.some((r) => r.includes('No, we do not store cardholder data.'))).toBe(true)

    // The sent workbook with the answers in their cells, after the export report says it was checked.
    await staff.getByRole('button', { name: 'Export filled questionnaire' }).click()
    const dialog = staff.getByRole('dialog', { name: 'Export answers' })
    await dialog.getByText(/^Verified on the written file/).waitFor()
    const [filled] = await Promise.all([staff.waitForEvent('download'), dialog.getByRole('button', { name: 'Download filled questionnaire' }).click()])
    const cells = (await readWorkbook(await readFile((await filled.path())!))).sheets.flatMap((s) => s.rows.flat()).map(String)
    expect(cells.some((c) => c.includes('reviewed yearly by the CISO'))).toBe(true)
    expect(cells.some((c) => c.includes('we do not store cardholder data'))).toBe(true)

    await staffContext.close()
    await clientContext.close()
  }, 180_000)
})
