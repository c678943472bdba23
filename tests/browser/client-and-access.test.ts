// Issue 25 in a real browser, at 1280 and 360 px: staff send a questionnaire; the client's page names
// the company asking, offers no Logout and no Submit until something is answered; the client answers
// 2 of 3, comments and submits, and staff read "Submitted, 2 of 3 answered"; the comment lands in the
// sheet's comments column of the filled workbook. A visitor asks for a named document: the admins'
// mail names it, staff approve with the labelled button and read the toast in words. Also: headers
// never break inside a word, /favicon.ico is an icon, the NDA box takes the keyboard (axe clean).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import { buildQuestionsWorkbook, readWorkbook } from '@portal/sheets'
import type { Page } from 'playwright-core'
import { apiAs, portalAndChromiumForSuite, requireBrowserSetup, signedInPage, until } from '../support/browser.js'
import { realPng } from '../../services/trust-center/test/fixtures.js'
import { call, freePort, signUp } from '../support/portal.js'

requireBrowserSetup()
const require = createRequire(import.meta.url)
const SHOTS = '/work/shots/i25-client'
const POLICY = path.resolve(process.cwd(), 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')
const PASSWORD = 'Client!2026x'
const WIDE = { width: 1280, height: 900 }
const PHONE = { width: 360, height: 780 }

const QUESTIONS = ['Do you encrypt customer data at rest?', 'Do you back up customer data daily?', 'Do you train every employee in security each year?']
/** The client's form: # / Question ID / Question / Answer / Status / Sources (F, its comments column), three questions. */
const clientForm = () =>
  buildQuestionsWorkbook(
    QUESTIONS.map((question, i) => ({ questionId: `SEC-${i + 1}`, question, answer: '', status: 'Not answered' as const, sources: '' })),
    'Questions',
  )

/** axe's critical, serious and moderate findings over `selector` (axe-core injected by the test). */
async function axeProblems(page: Page, selector?: string): Promise<string[]> {
  return page.evaluate(async (scope) => {
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }
    ).axe
    const r = await axe.run(scope ? { include: [scope] } : document, { resultTypes: ['violations'] })
    return r.violations.filter((v) => v.impact !== 'minor').map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}`)
  }, selector ?? null)
}

/** Words of table headers that the browser laid out on more than one line (a break inside the word). */
async function brokenHeaderWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = []
    for (const th of Array.from(document.querySelectorAll('th'))) {
      if (!th.offsetParent) continue // hidden (a phone's stacked table hides its header row)
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, m.index)
          range.setEnd(node, m.index + m[0].length)
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)))
          if (lines.size > 1) broken.push(m[0])
        }
      }
    }
    return broken
  })
}

describe('the client and access requests in a real browser (issue 25)', () => {
  let port: number
  const suite = portalAndChromiumForSuite(async () => {
    port = await freePort()
    return { port, env: { PUBLIC_URL: `http://localhost:${port}`, TRUST_CENTER_DOMAIN: 'localhost' } }
  })

  it('names the company to the client, counts a partial submit, and names the document of an access request', async () => {
    const { tp, browser } = suite
    await signUp(tp, 'ada@acme.example', PASSWORD)
    const api = apiAs(tp, 'ada@acme.example', PASSWORD)
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')

    // The company's logo (the trust center's), named with the questionnaire to the client.
    const logoForm = new FormData()
    logoForm.append('file', new Blob([new Uint8Array(await realPng(64, 32, '#c81e1e'))], { type: 'image/png' }), 'logo.png')
    const logo = ((await api('POST', '/api/fs/upload-logo', logoForm)).body.data as { logo: string }).logo
    expect((await api('POST', '/api/companyinfo', { companyTitle: 'Acme', logo })).status).toBe(200)

    // Staff send the client's form.
    const staffContext = await browser.newContext({ baseURL: tp.url, acceptDownloads: true, viewport: WIDE })
    const staff = await signedInPage(staffContext, 'ada@acme.example', PASSWORD)
    await staff.goto('/outbound')
    await staff.getByRole('button', { name: 'New Questionnaire' }).click()
    const send = staff.getByRole('dialog', { name: 'Send Security Questionnaire' })
    await send.locator('input[name=clientName]').fill('Globex')
    await send.locator('input[name=email]').fill('ciso@globex.example')
    await send
      .locator('input[name=files]')
      .setInputFiles({ name: 'globex-form.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await clientForm() })
    await send.getByRole('button', { name: 'Send' }).click()
    await staff.getByText('Outbound sent successfully').first().waitFor()
    await send.waitFor({ state: 'detached', timeout: 10_000 })
    await staff.getByRole('link', { name: 'Review Globex' }).click()
    await staff.waitForURL('**/outbound/review/*')
    const outboundId = staff.url().split('/').at(-1)!.split('?')[0]!
    await staff.getByText('Question 1 of 3').waitFor({ timeout: 30_000 })
    // The form's Comments column, confirmed as such (a person's check of the columns).
    const layout = await api('PUT', `/api/outbound/${outboundId}/layout`, {
      sheet: 'Questions',
      headerRow: 1,
      columns: { id: 'B', question: 'C', answer: 'D', comments: 'F' },
    })
    expect(layout.status).toBe(200)

    // The invitation names the company, not a person.
    const invitation = await until('the invitation', async () => (await readOutbox(tp.dataDir, 'ciso@globex.example')).at(-1), 10_000)
    expect(invitation.subject).toBe('Acme asks you to complete a security questionnaire')
    const capability = /\/inbound\/review\/([\w-]+)/.exec(invitation.text)![1]!

    // The client, on a phone: the company named, no Logout, no Submit before an answer.
    const clientContext = await browser.newContext({ baseURL: tp.url, viewport: PHONE })
    await clientContext.addInitScript({ content: axeSource })
    const client = await clientContext.newPage()
    client.setDefaultTimeout(20_000)
    await client.goto(`/inbound/review/${capability}`)
    await client.getByRole('heading', { level: 1, name: 'Acme asks you to complete a security questionnaire' }).waitFor()
    await client.getByText('Question 1 of 3').waitFor()
    await client.waitForFunction(() => (document.querySelector('img.asker-logo') as HTMLImageElement | null)?.complete === true)
    expect(await client.getByRole('img', { name: 'Acme logo' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    expect(await client.getByRole('button', { name: /log ?out|sign out/i }).count()).toBe(0)
    expect(await client.getByRole('button', { name: 'Submit' }).count()).toBe(0)
    await client.getByText('Answer a question to submit.').waitFor()
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(await axeProblems(client)).toEqual([])
    await client.screenshot({ path: `${SHOTS}/client-page-360.png`, fullPage: true })

    await client.fill('textarea[name=answer]', 'Yes, AES-256 for every store.')
    await client.getByRole('button', { name: 'Save Answer' }).click()
    await client.getByText('1 of 3 questions answered (33%)').waitFor()
    await client.fill('textarea[name=comment]', 'Keys rotate every year.')
    await client.getByRole('button', { name: 'Add Comment' }).click()
    await client.getByText('Keys rotate every year.').waitFor()
    await client.getByRole('button', { name: 'Next question' }).click()
    await client.getByText('Question 2 of 3').waitFor()
    await client.fill('textarea[name=answer]', 'Yes, daily, kept for 30 days.')
    await client.getByRole('button', { name: 'Save Answer' }).click()
    await client.getByText('2 of 3 questions answered (67%)').waitFor()
    await client.setViewportSize(WIDE)
    await client.evaluate(() => window.scrollTo(0, 0))
    await client.screenshot({ path: `${SHOTS}/client-page-1280.png` })
    await client.getByRole('button', { name: 'Submit' }).click()
    await client.getByRole('dialog', { name: 'Submit Questionnaire' }).getByRole('button', { name: 'Submit' }).click()
    await client.getByText('This questionnaire was submitted: answers can no longer be changed').waitFor()
    await client.getByText('Submitted, 2 of 3 answered').waitFor()

    // Staff: not "Complete", on the review page and in the list, at both widths.
    await staff.getByText('Submitted, 2 of 3 answered').first().waitFor()
    await staff.getByRole('link', { name: '← Back to Outbound' }).click()
    for (const size of [WIDE, PHONE]) {
      await staff.setViewportSize(size)
      await staff
        .getByRole('row', { name: /Globex/ })
        .getByText('Submitted, 2 of 3 answered', { exact: true })
        .waitFor()
      expect({ size: size.width, broken: await brokenHeaderWords(staff) }).toEqual({ size: size.width, broken: [] })
    }
    await staff.setViewportSize(WIDE)
    // The comment is in the form's own comments column; the answers sheet calls the answers the client's.
    const login = (await call(tp, 'POST', '/api/userlogin', { body: { email: 'ada@acme.example', password: PASSWORD } })).body.data as {
      token: string
      dbName: string
    }
    const filled = await fetch(`${tp.url}/api/outbound/${outboundId}/with-answers`, {
      headers: { authorization: `Bearer ${login.token}`, dbname: login.dbName },
    })
    expect(filled.status).toBe(200)
    const rows = (await readWorkbook(Buffer.from(await filled.arrayBuffer()))).sheets[0]!.rows
    expect([rows[1]![2], rows[1]![3], rows[1]![5]]).toEqual([QUESTIONS[0], 'Yes, AES-256 for every store.', 'Keys rotate every year.'])
    expect(rows[3]![5] ?? '').toBe('')

    // The trust center: a gated document, the NDA, published on acme.localhost.
    const form = new FormData()
    form.append('title', 'SOC 2 Type II report')
    form.append('visibility', 'approval')
    form.append('file', new Blob([new Uint8Array(await readFile(POLICY))], { type: 'application/pdf' }), 'soc2.pdf')
    expect((await api('POST', '/api/fs/upload-docs', form)).status).toBe(201)
    expect((await api('POST', '/api/nda/save', { description: 'Keep the gated documents confidential.\n'.repeat(40) })).status).toBe(201)
    expect((await api('POST', '/api/fs/add-cname', { subdomain: 'acme' })).status).toBe(200)

    // A visitor asks for that document; the NDA box is reached with the keyboard.
    const site = `http://acme.localhost:${port}`
    const visitorContext = await browser.newContext({ viewport: WIDE })
    await visitorContext.addInitScript({ content: axeSource })
    const visitor = await visitorContext.newPage()
    visitor.setDefaultTimeout(20_000)
    await visitor.goto(`${site}/`)
    await visitor.getByRole('button', { name: 'Request access to SOC 2 Type II report' }).click()
    const dialog = visitor.getByRole('dialog', { name: 'Request access to SOC 2 Type II report' })
    await dialog.getByText('Keep the gated documents confidential.').first().waitFor()
    await dialog.locator('select[name=relationshpLinkedIn]').focus()
    await visitor.keyboard.press('Tab')
    expect(await visitor.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Non-disclosure agreement')
    await visitor.keyboard.press('PageDown')
    // The keyboard scrolls it (smoothly: wait for it to move).
    await visitor.waitForFunction(() => (document.querySelector('.tc-nda-box')?.scrollTop ?? 0) > 0, undefined, { timeout: 5000 })
    expect(await axeProblems(visitor, '.tc-dialog')).toEqual([])
    await dialog.locator('input[name=firstName]').fill('Vera')
    await dialog.locator('input[name=lastName]').fill('Visitor')
    await dialog.locator('input[name=companyName]').fill('Buyer Inc')
    await dialog.locator('input[name=workEmail]').fill('vera@buyer.example')
    await dialog.locator('input[name=ndaAccepted]').check()
    await dialog.getByRole('button', { name: 'Submit request' }).click()
    await dialog.getByText('Your request has been sent').waitFor()

    // The admins' mail names the requester and the document.
    const notice = await until(
      'the staff mail',
      async () => (await readOutbox(tp.dataDir, 'ada@acme.example')).find((m) => m.subject.startsWith('Access request:')),
      10_000,
    )
    expect(notice.subject).toBe('Access request: Vera Visitor asks for "SOC 2 Type II report"')
    expect(notice.text).toContain('Vera Visitor (vera@buyer.example) from Buyer Inc asks for access to "SOC 2 Type II report"')

    // Staff see the document, at both widths, and approve with the labelled button.
    await staff.goto('/account')
    const row = staff.getByRole('row', { name: /vera@buyer\.example/ })
    await row.getByText('SOC 2 Type II report').waitFor()
    for (const size of [PHONE, WIDE]) {
      await staff.setViewportSize(size)
      expect({ size: size.width, broken: await brokenHeaderWords(staff) }).toEqual({ size: size.width, broken: [] })
      await staff.screenshot({ path: `${SHOTS}/access-requests-${size.width}.png`, fullPage: true })
    }
    const approve = row.getByRole('button', { name: 'Approve vera@buyer.example' })
    expect(await approve.textContent()).toBe('Approve')
    expect(await row.getByRole('button', { name: 'Deny vera@buyer.example' }).textContent()).toBe('Deny')
    await approve.click()
    await staff.getByText('Access approved for vera@buyer.example').first().waitFor()

    // /favicon.ico is an icon on the console's host and on the trust center's.
    for (const [page, base] of [
      [staff, tp.url],
      [visitor, site],
    ] as const) {
      const res = await page.goto(`${base}/favicon.ico`)
      expect({ base, status: res?.status(), type: res?.headers()['content-type'] }).toEqual({ base, status: 200, type: 'image/x-icon' })
    }

    await staffContext.close()
    await clientContext.close()
    await visitorContext.close()
  }, 180_000)
})
