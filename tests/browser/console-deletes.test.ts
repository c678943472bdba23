// Every delete button of the console works (issue 10: the client sent `content-type: application/json`
// with no body and the server answered 400). In Chromium, for each: click it, confirm, see it go, and
// after a reload it is still gone, read back through the API too: people (invited and active),
// access requests (pending and approved), the trust-center editor's compliance, documents, security
// categories and items, clients, and a client's compliance file and questionnaire.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { apiAs, formOf, launchChromium, requireBrowserSetup, signInThroughForm, until } from '../support/browser.js'
import { call, confirmColumns, dbKinds, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

requireBrowserSetup()
const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures')
const PDF = path.join(FIXTURES, 'policies/basecamp_37signals/security_Basecamp_Security_Overview_2021-02-04.pdf')
const QUESTIONNAIRE = path.join(FIXTURES, 'questionnaires/intuitem/vendor-due-diligence.xlsx')
const PASSWORD = 'Delete!2026x'

describe.each(dbKinds())('every delete button of the console, in a real browser, on %s', (db) => {
  let tp: TestPortal
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let api: ReturnType<typeof apiAs>
  let filesClientId: string
  const admin = `ada@deletes-${db}.example`
  const deletes: string[] = [] // "METHOD path status" of every DELETE the browser sent

  const names = (rows: unknown, field: string) => (rows as Record<string, unknown>[]).map((r) => r[field])

  /** Clicks the row's delete button, confirms, waits for the server's answer and for the row to go. */
  /** `confirm` / `asks`: a pending access request is denied ("Deny the request from …?", issue 25). */
  async function deleteItem(button: string, confirm = 'Delete', asks = /^Are you sure you want to delete /): Promise<void> {
    await page.getByRole('button', { name: button, exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(asks).waitFor()
    const [reply] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'DELETE'), dialog.getByRole('button', { name: confirm }).click()])
    expect({ button, status: reply.status() }).toEqual({ button, status: 200 })
    await page.getByRole('button', { name: button, exact: true }).waitFor({ state: 'detached' })
    await dialog.waitFor({ state: 'detached' })
  }

  /** After a reload the screen shows none of `buttons`. */
  async function goneAfterReload(ready: string, buttons: string[]): Promise<void> {
    await page.reload()
    await page.getByText(ready).first().waitFor()
    for (const b of buttons) expect({ b, count: await page.getByRole('button', { name: b, exact: true }).count() }).toEqual({ b, count: 0 })
  }

  beforeAll(async () => {
    tp = await startTestPortal({ db, listen: true })
    await signUp(tp, admin, PASSWORD) // verified: it may publish and invite
    api = apiAs(tp, admin, PASSWORD)

    // People: one invitation left open, one colleague who signed up from theirs.
    expect((await api('POST', '/api/people/invite', { email: 'invited@deletes.example', status: 'invited' })).status).toBe(201)
    expect((await api('POST', '/api/people/invite', { email: 'active@deletes.example', status: 'invited' })).status).toBe(201)
    const invite = /invite=([\w-]+)/.exec((await readOutbox(tp.dataDir, 'active@deletes.example')).at(-1)?.text ?? '')?.[1]
    const joined = await call(tp, 'POST', '/api/usercreate/people', {
      body: { firstName: 'fox', lastName: 'mulder', email: 'active@deletes.example', password: PASSWORD, cnfpassword: PASSWORD, inviteToken: invite },
    })
    expect(joined.status).toBe(201)

    // Access requests on the published trust center: one pending, one approved.
    expect((await api('POST', '/api/fs/add-cname', { subdomain: `deletes${db}` })).status).toBe(200)
    const host = { host: `deletes${db}.localhost` }
    for (const workEmail of ['pending@buyer.example', 'approved@buyer.example']) {
      const asked = await call(tp, 'POST', '/api/useraccessrequest', {
        headers: host,
        body: { firstName: 'Vera', lastName: 'Visitor', companyName: 'Buyer Inc', workEmail, relationshpLinkedIn: 'Customer' },
      })
      expect(asked.status).toBe(201)
    }
    const pending = (await api('GET', '/api/accountsrequest')).body.data as { _id: string; workEmail: string }[]
    const toApprove = pending.find((a) => a.workEmail === 'approved@buyer.example')!
    expect((await api('PUT', `/api/accountsapprove/${toApprove._id}`, { Approved: 'approved' })).status).toBe(200)

    // The trust-center editor's blocks.
    expect((await api('POST', '/api/compliance/save', { framework: 'SOC 2 Type II', status: 'compliant', badge: 'soc2', description: '' })).status).toBe(201)
    expect(
      (await api('POST', '/api/fs/upload-docs', formOf({ title: 'SOC 2 report', visibility: 'approval' }, [['report.pdf', await readFile(PDF)]], 'file')))
        .status,
    ).toBe(201)
    const category = await api('POST', '/api/security/save', { title: 'Encryption', description: 'How data is protected' })
    expect(category.status).toBe(201)
    const categoryId = ((await api('GET', '/api/security')).body.data as { _id: string }[])[0]!._id
    for (const title of ['At rest', 'In transit'])
      expect((await api('POST', `/api/security/addsubdata/${categoryId}`, { title, description: `${title}: AES-256` })).status).toBe(201)

    // Clients: one to delete, one whose files are deleted.
    const bucket = { compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' }
    expect((await api('POST', '/api/companys', { companyName: 'Old Client', ...bucket })).status).toBe(201)
    filesClientId = ((await api('POST', '/api/companys', { companyName: 'Files Client', ...bucket })).body.data as { _id: string })._id
    expect(
      (await api('POST', '/api/fs/enterpriseapps-compliance-uploadfile', formOf({ companyId: filesClientId }, [['policy.pdf', await readFile(PDF)]]))).status,
    ).toBe(201)
    const sheetUpload = await api(
      'POST',
      '/api/questionnaires/save',
      formOf({ company_id: filesClientId }, [['vendor-due-diligence.xlsx', await readFile(QUESTIONNAIRE)]]),
    )
    expect(sheetUpload.status).toBe(201)
    // A library of statements: the product asks to check its columns; they are right as read.
    const sheetId = (sheetUpload.body.data as { _id: string }[])[0]!._id
    await confirmColumns(async (method, url, body) => (await api(method, url, body)).body, filesClientId, sheetId)
    await until("the client's files to be processed", async () => {
      const [pdf] = (await api('GET', `/api/compliancefile/${filesClientId}`)).body.data as { state: string }[]
      const [sheet] = (await api('GET', `/api/questionnaires/${filesClientId}`)).body.data as { state: string; total: number; drafted: number }[]
      if (pdf?.state === 'failed' || sheet?.state === 'failed') throw new Error('processing failed')
      return pdf?.state === 'ready' && sheet?.state === 'ready' && sheet.drafted === sheet.total ? true : undefined
    })

    browser = await launchChromium()
    context = await browser.newContext({ baseURL: tp.url })
    context.on('response', (r) => {
      if (r.request().method() === 'DELETE') deletes.push(`DELETE ${new URL(r.url()).pathname} ${r.status()}`)
    })
    page = await context.newPage()
    page.setDefaultTimeout(20_000)
    await signInThroughForm(page, admin, PASSWORD)
  }, 120_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await tp?.stop()
  })

  it('deletes an open invitation and an active colleague on People', async () => {
    await page.goto('/people')
    await deleteItem('Delete invited@deletes.example')
    await deleteItem('Delete active@deletes.example')
    await goneAfterReload(admin, ['Delete invited@deletes.example', 'Delete active@deletes.example'])
    expect(names((await api('GET', '/api/people')).body.data, 'email')).toEqual([admin])
    // The deleted colleague cannot sign in any more.
    expect((await call(tp, 'POST', '/api/userlogin', { body: { email: 'active@deletes.example', password: PASSWORD } })).status).toBe(400)
  })

  it('deletes a pending access request and an approved account', async () => {
    await page.goto('/account')
    await deleteItem('Deny pending@buyer.example', 'Deny', /^Deny the request from /)
    await deleteItem('Delete approved@buyer.example')
    await goneAfterReload('Trust center activity', ['Deny pending@buyer.example', 'Delete approved@buyer.example'])
    expect((await api('GET', '/api/accountsrequest')).body.data).toEqual([])
    expect((await api('GET', '/api/accountsrequest?pageType=approved')).body.data).toEqual([])
  })

  it('deletes compliance, a document, a security item and a security category in the trust-center editor', async () => {
    await page.goto('/trust-center-editor')
    await deleteItem('Delete SOC 2 Type II')
    await deleteItem('Delete SOC 2 report')
    await deleteItem('Delete At rest')
    await page.getByText('In transit').waitFor() // the other item stays
    await deleteItem('Delete Encryption')
    await goneAfterReload('Trust Center Editor', ['Delete SOC 2 Type II', 'Delete SOC 2 report', 'Delete At rest', 'Delete In transit', 'Delete Encryption'])
    expect((await api('GET', '/api/compliance')).body.data).toEqual([])
    expect((await api('GET', '/api/documentslist')).body.data).toEqual([])
    expect((await api('GET', '/api/security')).body.data).toEqual([])
  })

  it('deletes a client from the client list', async () => {
    await page.goto('/enterprise')
    await deleteItem('Delete Old Client')
    await goneAfterReload('Files Client', ['Delete Old Client'])
    expect(names((await api('GET', '/api/companys')).body.data, 'companyName')).toEqual(['Files Client'])
  })

  it("deletes a client's compliance file and questionnaire", async () => {
    await page.goto(`/enterprise-vendor-details?id=${filesClientId}`)
    await deleteItem('Delete policy.pdf')
    await deleteItem('Delete vendor-due-diligence.xlsx')
    await goneAfterReload('← Files Client', ['Delete policy.pdf', 'Delete vendor-due-diligence.xlsx'])
    expect((await api('GET', `/api/compliancefile/${filesClientId}`)).body.data).toEqual([])
    expect((await api('GET', `/api/questionnaires/${filesClientId}`)).body.data).toEqual([])
  })

  it('sent every delete as a DELETE the server accepted', () => {
    expect(deletes).toHaveLength(11)
    expect(deletes.filter((d) => !d.endsWith(' 200'))).toEqual([])
  })
})
