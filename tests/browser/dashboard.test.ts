// The dashboard (/dashboard) in Chromium at 1280 px and 360 px (issue 14): real data of one company
// (questionnaires in progress with their counts, a pending access request, an outbound questionnaire
// awaiting answers, trust-center views and downloads charted per day), none of another company's,
// times in the viewer's zone with its label, no horizontal scroll on a phone, and a link followed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { seedHistory, seedOutbound, seedQuestionnaire, tenantIdOf } from '../support/dashboard-data.js'
import { launchChromium, requireBrowserSetup, signInThroughForm } from '../support/browser.js'
import { call, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

requireBrowserSetup()
const PASSWORD = 'Dashboard!2026x'
const DAY = 86_400_000

describe('the dashboard in a real browser', () => {
  let tp: TestPortal
  let browser: Browser
  let admin: SignedUp
  let outboundId: string
  let requestedAt: Date

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, env: { SWEEP_INTERVAL: '3600', TRUST_CENTER_DOMAIN: 'localhost' } })
    admin = await signUp(tp, 'dana@dash-co.example', PASSWORD)
    const rival = await signUp(tp, 'rick@rival-dash.example', PASSWORD)
    const [mine, theirs] = [await tenantIdOf(tp, admin.dbName), await tenantIdOf(tp, rival.dbName)]
    await seedQuestionnaire(tp, mine, {
      companyName: 'Global Bank',
      fileName: 'sig-lite.xlsx',
      total: 12,
      approved: 3,
      drafted: 12,
      createdAt: new Date(Date.now() - DAY),
    })
    await seedQuestionnaire(tp, theirs, { companyName: 'Rival Client', fileName: 'rival-secret.xlsx', total: 50, approved: 0, drafted: 50 })
    outboundId = await seedOutbound(tp, mine, admin.dbName, {
      clientName: 'Acme Supplies',
      email: 'ciso@acme.example',
      total: 8,
      answered: 3,
      createdBy: admin.userId,
    })
    await seedOutbound(tp, theirs, rival.dbName, {
      clientName: 'Rival Vendor',
      email: 'x@rival-vendor.example',
      total: 4,
      answered: 0,
      createdBy: rival.userId,
    })
    // The trust center: published, visited and asked for access today; views on earlier days too.
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: 'dash' } })).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'dash.localhost' } })).status).toBe(200)
    expect(
      (
        await call(tp, 'POST', '/api/useraccessrequest', {
          headers: { host: 'dash.localhost' },
          body: { firstName: 'Vera', lastName: 'Visitor', companyName: 'Buyer Inc', workEmail: 'vera@buyer.example', relationshpLinkedIn: 'Customer' },
        })
      ).status,
    ).toBe(201)
    requestedAt = new Date(((await call(tp, 'GET', '/api/accountsrequest', { token: admin.token })).body.data as { createdAt: string }[])[0]!.createdAt)
    await seedHistory(tp, mine, 'view', new Date(Date.now() - 3 * DAY), 9)
    await seedHistory(tp, mine, 'download', new Date(Date.now() - 3 * DAY), 2)
    await seedHistory(tp, theirs, 'view', new Date(Date.now() - 2 * DAY), 500)
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await tp?.stop()
  })

  const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

  it('shows the real figures at 1280 px and at 360 px without horizontal scroll, and follows a link', async () => {
    const context = await browser.newContext({ baseURL: tp.url, viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York', locale: 'en-US' })
    const page = await context.newPage()
    try {
      await signInThroughForm(page, admin.email, PASSWORD)
      await page.goto('/dashboard')
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()

      const questionnaires = page.getByRole('region', { name: /Questionnaires in progress/ })
      await questionnaires.getByRole('link', { name: 'sig-lite.xlsx' }).waitFor()
      expect(await questionnaires.getByText('12 questions').isVisible()).toBe(true)
      expect(await questionnaires.getByText('3 approved').isVisible()).toBe(true)
      expect(await questionnaires.getByText('9 need review').isVisible()).toBe(true)

      const requests = page.getByRole('region', { name: /Pending access requests/ })
      await requests.getByRole('link', { name: 'Vera Visitor' }).waitFor()
      // In the viewer's zone (New York), labelled.
      const expected = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZoneName: 'short',
      }).format(requestedAt)
      expect(expected).toMatch(/ E[SD]T$/)
      await requests.getByText(`Requested ${expected}`).waitFor()

      const outbound = page.getByRole('region', { name: /awaiting answers/ })
      await outbound.getByRole('link', { name: 'Acme Supplies' }).waitFor()
      expect(await outbound.getByText('3 of 8 questions answered').isVisible()).toBe(true)

      const views = page.getByRole('img', { name: /^Views: 13 views over 30 days/ })
      await views.waitFor()
      expect(await views.locator('rect').count()).toBe(30)
      expect(await page.getByRole('img', { name: /^Downloads: 2 downloads over 30 days/ }).isVisible()).toBe(true)
      // Nothing of the other company.
      const text = (await page.locator('main, .content').first().textContent()) ?? ''
      expect(text).not.toMatch(/rival/i)
      expect(await noHorizontalScroll(page)).toBe(true)

      await page.setViewportSize({ width: 360, height: 800 })
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      expect(await noHorizontalScroll(page)).toBe(true)
      const box = await views.boundingBox()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(360)

      await outbound.getByRole('link', { name: 'Acme Supplies' }).click()
      await page.waitForURL(`**/outbound/review/${outboundId}`)
      await page.getByText('ciso@acme.example').first().waitFor()
    } finally {
      await context.close()
    }
  })
})
