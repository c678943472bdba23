// Sessions do not die and typed work survives (issue 10), in Chromium against a portal whose access
// tokens live 30 seconds (ACCESS_TOKEN_TTL=30, the shortest the portal allows):
// - a reviewer types an answer in one of two tabs, leaves it over a minute (the last 40 s with every
//   timer of the tabs stopped, as on a sleeping laptop), then saves it without signing in again;
// - a reviewer whose session is signed out elsewhere while typing is sent to sign in, comes back to
//   the same question with the typed text and saves it.
// The two run at the same time on each database, so the file takes that minute once.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { apiAs, formOf, launchChromium, requireBrowserSetup, signedInPage, signInThroughForm, untilDrafted } from '../support/browser.js'
import { call, confirmColumns, type DbKind, dbKinds, type DraftingProgress, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

requireBrowserSetup()
const QUESTIONNAIRE = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/intuitem/vendor-due-diligence.xlsx')
const PASSWORD = 'Renew!2026x'
const kinds = dbKinds()

interface Setup {
  tp: TestPortal
  email: string
  api: ReturnType<typeof apiAs>
  questionnaireId: string
  questionIds: string[]
  contexts: BrowserContext[]
}

async function setUp(db: DbKind): Promise<Setup> {
  const tp = await startTestPortal({ db, listen: true, env: { ACCESS_TOKEN_TTL: '30' } })
  const email = `rita@renewals-${db}.example`
  await signUp(tp, email, PASSWORD)
  const api = apiAs(tp, email, PASSWORD)
  const company = await api('POST', '/api/companys', { companyName: 'Global Bank', compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' })
  const companyId = (company.body.data as { _id: string })._id
  const saved = await api('POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [['vendor-due-diligence.xlsx', await readFile(QUESTIONNAIRE)]]))
  expect(saved.status).toBe(201)
  const questionnaireId = (saved.body.data as { _id: string }[])[0]!._id
  // A library of statements: the product asks to check its columns; they are right as read.
  await confirmColumns(async (method, url, body) => (await api(method, url, body)).body, companyId, questionnaireId)
  const drafted = await untilDrafted(
    'the questionnaire to be drafted',
    async () => (await api('GET', `/api/questionnaires/${companyId}`)).body.data as DraftingProgress[],
    questionnaireId,
    { ready: true },
  )
  expect(drafted.total).toBeGreaterThan(2) // the tests use its first three questions
  const questions = (await api('GET', `/api/getquestionlist/${questionnaireId}`)).body.data as { _id: string }[]
  return { tp, email, api, questionnaireId, questionIds: questions.map((q) => q._id), contexts: [] }
}

async function answerOf(s: Setup, questionId: string): Promise<string> {
  const questions = (await s.api('GET', `/api/getquestionlist/${s.questionnaireId}`)).body.data as { _id: string; answer: string }[]
  return questions.find((q) => q._id === questionId)!.answer
}

/** Renewals and 401s seen by a browser context. */
function watch(context: BrowserContext) {
  const seen = { refreshes: [] as number[], unauthorized: [] as string[] }
  context.on('response', (r) => {
    const { pathname } = new URL(r.url())
    if (pathname === '/api/token/refresh') seen.refreshes.push(r.status())
    else if (r.status() === 401) seen.unauthorized.push(`${r.request().method()} ${pathname}`)
  })
  return seen
}

async function openReview(s: Setup, page: Page, questionId: string): Promise<void> {
  await page.goto(`/enterprise-apps/review/${s.questionnaireId}?q=${questionId}`)
  await page.locator('textarea[name=answer]').waitFor()
}

describe('sessions in a real browser, with 30-second access tokens', () => {
  let browser: Browser
  const setups = new Map<DbKind, Setup>()
  const longRuns = new Map<DbKind, Promise<void>>()

  /** Two tabs, an answer typed, 27 s awake (a renewal is due after 22.5 s), 40 s asleep (the token expires), then Save. */
  async function typeWaitAndSave(s: Setup): Promise<void> {
    const context = await browser.newContext({ baseURL: s.tp.url })
    s.contexts.push(context)
    // The page clock is Playwright's: it runs like the real one until the "laptop" sleeps.
    await context.clock.install()
    const seen = watch(context)
    const page = await signedInPage(context, s.email, PASSWORD, 30_000)
    const questionId = s.questionIds[1]!
    await openReview(s, page, questionId)
    await page.fill('textarea[name=answer]', 'Backups are encrypted with AES-256')
    const otherTab = await context.newPage()
    await openReview(s, otherTab, s.questionIds[0]!)

    await page.waitForTimeout(27_000) // awake: the tabs renew the 30-second token between them
    expect(seen.refreshes.length).toBeGreaterThanOrEqual(1)
    // The lid closes: no timer of either tab runs while the token expires.
    // A moment ahead of the page's clock: on a loaded machine the call reaches the page over 100 ms
    // later, and pausing in the page's past is refused ("Cannot fast-forward to the past").
    await context.clock.pauseAt(new Date(Date.now() + 2_000))
    const asleepFrom = Date.now()
    await page.waitForTimeout(40_000)
    const renewalsBefore = seen.refreshes.length
    // It opens again: the wall clock jumps ahead, the stopped timers have not run.
    await context.clock.setSystemTime(new Date())
    await context.clock.resume()
    expect(Date.now() - asleepFrom).toBeGreaterThan(30_000) // longer than the token lives

    await page.locator('textarea[name=answer]').press('End')
    await page.locator('textarea[name=answer]').pressSequentially(' and restores are tested monthly.')
    await page.getByRole('button', { name: 'Save', exact: true }).first().click()
    await page.getByText('Answer saved').waitFor()
    expect(new URL(page.url()).pathname).toBe(`/enterprise-apps/review/${s.questionnaireId}`)
    expect(seen.refreshes.length).toBeGreaterThan(renewalsBefore) // renewed on waking, before the save
    expect(seen.refreshes.every((status) => status === 200)).toBe(true) // both tabs, one session, no reuse
    expect(seen.unauthorized).toEqual([])

    const typed = 'Backups are encrypted with AES-256 and restores are tested monthly.'
    await page.reload()
    await expect(page.locator('textarea[name=answer]').inputValue()).resolves.toBe(typed)
    await expect(answerOf(s, questionId)).resolves.toBe(typed)
  }

  beforeAll(async () => {
    browser = await launchChromium()
    await Promise.all(kinds.map(async (db) => setups.set(db, await setUp(db))))
    for (const db of kinds) {
      const run = typeWaitAndSave(setups.get(db)!)
      run.catch(() => undefined) // awaited by its own test below
      longRuns.set(db, run)
    }
  }, 120_000)

  afterAll(async () => {
    await Promise.allSettled(longRuns.values())
    for (const s of setups.values()) for (const c of s.contexts) await c.close()
    await browser?.close()
    await Promise.all([...setups.values()].map((s) => s.tp.stop()))
  })

  it.each(kinds)(
    'on %s: signed out elsewhere while typing an answer, the reviewer signs in again, finds the text on the same question and saves it',
    async (db) => {
      const s = setups.get(db)!
      const context = await browser.newContext({ baseURL: s.tp.url })
      s.contexts.push(context)
      const page = await signedInPage(context, s.email, PASSWORD, 30_000)
      const questionId = s.questionIds[2]!
      await openReview(s, page, questionId)
      await page.fill('textarea[name=answer]', 'Access reviews run every quarter')

      // Signed out elsewhere: this browser session's refresh token (and its access tokens) revoked.
      const cookie = (await context.cookies()).find((c) => c.name === 'portal_rt')
      expect(cookie).toBeDefined()
      expect((await call(s.tp, 'POST', '/api/logout', { cookie: `portal_rt=${cookie!.value}` })).status).toBe(200)

      await page.locator('textarea[name=answer]').press('End')
      await page.locator('textarea[name=answer]').pressSequentially(', led by the CISO.')
      await page.getByRole('button', { name: 'Save', exact: true }).first().click()
      await page.waitForURL('**/login')
      // The typed text waits in this tab's sessionStorage, with no token in it.
      const kept = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))
      expect(kept).toContain('Access reviews run every quarter, led by the CISO.')
      expect(kept).not.toMatch(/eyJ[\w-]+\.[\w-]+/)

      await signInThroughForm(page, s.email, PASSWORD, `**/enterprise-apps/review/${s.questionnaireId}?q=${questionId}`)
      const answer = page.locator('textarea[name=answer]')
      await expect(answer.inputValue()).resolves.toBe('Access reviews run every quarter, led by the CISO.')
      await page.getByText('Your unsaved answer was restored.').waitFor()
      await page.getByRole('button', { name: 'Save', exact: true }).first().click()
      await page.getByText('Answer saved').waitFor()
      await expect(answerOf(s, questionId)).resolves.toBe('Access reviews run every quarter, led by the CISO.')
      await page.reload()
      await expect(answer.inputValue()).resolves.toBe('Access reviews run every quarter, led by the CISO.')
      await expect(page.getByText('Your unsaved answer was restored.').count()).resolves.toBe(0)
    },
    60_000,
  )

  it.each(kinds)(
    'on %s: an answer typed in one of two tabs, left over a minute (the last 40 s asleep), is saved without signing in again',
    async (db) => {
      await longRuns.get(db)
    },
    200_000,
  )
})
