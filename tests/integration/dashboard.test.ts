// The dashboard's aggregates over real HTTP (issue 14): questionnaires in progress with their counts,
// outbound questionnaires awaiting answers, and trust-center views and downloads per day in the
// viewer's time zone. Two companies share the portal with DB_ROW_SECURITY=off, so the code's own
// tenant filters are what keeps the other company's rows out of every count. Also the first run
// (the company names itself) and a visitor with granted access fetching gated documents.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { OutboundDashboardReply, QuestionnaireDashboardReply, TrustCenterDashboardReply } from '@portal/contracts'
import { readOutbox } from '@portal/mail'
import { multipart } from '../../services/trust-center/test/fixtures.js'
import { seedHistory, seedOutbound, seedQuestionnaire, tenantIdOf } from '../support/dashboard-data.js'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const PDF = path.resolve(process.cwd(), 'tests/fixtures/policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf')
const DAY = 86_400_000

/** The calendar date of `at` in `timeZone`, as the server names days (YYYY-MM-DD). */
const dateIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

describe.each(dbKinds())('dashboard on %s', (db) => {
  let tp: TestPortal
  let a: SignedUp
  let b: SignedUp
  let aTenant: string
  let bTenant: string
  const aHost = { host: 'alpha.localhost' }
  const bHost = { host: 'beta.localhost' }

  const get = async <T>(user: SignedUp, url: string) => {
    const res = await call(tp, 'GET', url, { token: user.token })
    expect({ url, status: res.status }).toEqual({ url, status: 200 })
    return (res.body as unknown as T & { data: unknown }).data as T extends { data: infer D } ? D : never
  }
  const upload = async (user: SignedUp, visibility: string, filename: string) => {
    const { payload, contentType } = multipart([
      { name: 'visibility', value: visibility },
      { name: 'file', filename, content: await readFile(PDF) },
    ])
    const res = await call(tp, 'POST', '/api/fs/upload-docs', { token: user.token, body: payload, headers: { 'content-type': contentType } })
    expect(res.status).toBe(201)
    return (res.body.data as { _id: string })._id
  }
  const download = (headers: Record<string, string>, body: Record<string, unknown>) =>
    tp.portal.server.inject({
      method: 'POST',
      url: '/api/fs/download-docs',
      headers,
      payload: body,
      remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    })

  beforeAll(async () => {
    tp = await startTestPortal({ db, env: { DB_ROW_SECURITY: 'off', SWEEP_INTERVAL: '3600', TRUST_CENTER_DOMAIN: 'localhost' } })
    a = await signUp(tp, 'alice@alpha-corp.example')
    b = await signUp(tp, 'bob@beta-corp.example')
    aTenant = await tenantIdOf(tp, a.dbName)
    bTenant = await tenantIdOf(tp, b.dbName)
  })
  afterAll(async () => tp.stop())

  it('counts the questionnaires in progress of the caller only, newest first, with their counts', async () => {
    const day = (n: number) => new Date(Date.now() - n * DAY)
    const sig = await seedQuestionnaire(tp, aTenant, {
      companyName: 'Global Bank',
      fileName: 'sig-lite.xlsx',
      total: 10,
      approved: 4,
      drafted: 10,
      createdAt: day(3),
    })
    const caiq = await seedQuestionnaire(tp, aTenant, {
      companyName: 'Global Bank',
      fileName: 'caiq.xlsx',
      total: 6,
      approved: 0,
      drafted: 2,
      createdAt: day(2),
    })
    const reading = await seedQuestionnaire(tp, aTenant, {
      companyName: 'Acme',
      fileName: 'new.xlsx',
      state: 'queued',
      total: 0,
      approved: 0,
      drafted: 0,
      createdAt: day(1),
    })
    // Not in progress: every answer approved; extraction failed.
    await seedQuestionnaire(tp, aTenant, { companyName: 'Acme', fileName: 'done.xlsx', total: 3, approved: 3, drafted: 3, createdAt: day(4) })
    await seedQuestionnaire(tp, aTenant, {
      companyName: 'Acme',
      fileName: 'broken.xlsx',
      state: 'failed',
      total: 0,
      approved: 0,
      drafted: 0,
      createdAt: day(5),
    })
    // The other company's, in progress, with more questions than all of A's.
    await seedQuestionnaire(tp, bTenant, { companyName: 'Beta Client', fileName: 'beta-secret.xlsx', total: 20, approved: 1, drafted: 20 })

    const mine = await get<QuestionnaireDashboardReply>(a, '/api/questionnaire/dashboard')
    expect(mine.inProgress).toBe(3)
    expect(mine.items).toEqual([
      expect.objectContaining({
        _id: reading.fileId,
        fileName: 'new.xlsx',
        companyName: 'Acme',
        state: 'queued',
        total: 0,
        approved: 0,
        drafted: 0,
        needsReview: 0,
      }),
      expect.objectContaining({
        _id: caiq.fileId,
        fileName: 'caiq.xlsx',
        companyId: caiq.companyId,
        companyName: 'Global Bank',
        state: 'ready',
        total: 6,
        approved: 0,
        drafted: 2,
        // The two drafts: the four questions without an answer are not "to review" (issue 25).
        needsReview: 2,
      }),
      expect.objectContaining({ _id: sig.fileId, fileName: 'sig-lite.xlsx', companyName: 'Global Bank', total: 10, approved: 4, drafted: 10, needsReview: 6 }),
    ])
    expect(mine.items[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

    const theirs = await get<QuestionnaireDashboardReply>(b, '/api/questionnaire/dashboard')
    expect(theirs.inProgress).toBe(1)
    expect(theirs.items.map((q) => [q.fileName, q.total, q.approved])).toEqual([['beta-secret.xlsx', 20, 1]])
    expect(JSON.stringify(mine)).not.toMatch(/beta/i)
  })

  it('lists the outbound questionnaires awaiting answers of the caller only', async () => {
    const open = await seedOutbound(tp, aTenant, a.dbName, {
      clientName: 'Acme Supplies',
      email: 'ciso@acme.example',
      total: 5,
      answered: 2,
      createdBy: a.userId,
    })
    await seedOutbound(tp, aTenant, a.dbName, { clientName: 'Done Ltd', email: 'it@done.example', total: 2, answered: 2, submitted: true, createdBy: a.userId })
    await seedOutbound(tp, bTenant, b.dbName, { clientName: 'Beta Vendor', email: 'x@beta-vendor.example', total: 9, answered: 0, createdBy: b.userId })

    const mine = await get<OutboundDashboardReply>(a, '/api/outbound/dashboard')
    expect(mine).toEqual({
      awaiting: 1,
      items: [{ _id: open, clientName: 'Acme Supplies', email: 'ciso@acme.example', createdAt: expect.stringMatching(/Z$/), total: 5, answered: 2 }],
    })
    const theirs = await get<OutboundDashboardReply>(b, '/api/outbound/dashboard')
    expect(theirs.awaiting).toBe(1)
    expect(theirs.items.map((o) => o.clientName)).toEqual(['Beta Vendor'])
    // The other company's outbound stays 404 to this one, as every id does.
    expect((await call(tp, 'GET', `/api/outbound/${open}`, { token: b.token })).status).toBe(404)
  })

  it("charts the caller's own trust-center views and downloads per day, in the viewer's time zone", async () => {
    for (const [user, subdomain] of [
      [a, 'alpha'],
      [b, 'beta'],
    ] as const) {
      expect((await call(tp, 'POST', '/api/fs/add-cname', { token: user.token, body: { subdomain } })).status).toBe(200)
    }
    const aDoc = await upload(a, 'public', 'alpha-overview.pdf')
    const bDoc = await upload(b, 'public', 'beta-overview.pdf')
    // Today: A's page loaded 3 times and a document served twice; B's page 5 times and 4 downloads.
    for (let i = 0; i < 3; i++) expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: aHost })).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: bHost })).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await download(aHost, { fileKey: aDoc })).statusCode).toBe(200)
    for (let i = 0; i < 4; i++) expect((await download(bHost, { fileKey: bDoc })).statusCode).toBe(200)
    // Earlier: 26 hours ago (a day before today in every zone), a batch of 7 views; 40 days ago, out of the chart.
    const earlier = new Date(Date.now() - 26 * 3600_000)
    await seedHistory(tp, aTenant, 'view', earlier, 7)
    await seedHistory(tp, aTenant, 'download', earlier)
    await seedHistory(tp, aTenant, 'view', new Date(Date.now() - 40 * DAY), 50)
    await seedHistory(tp, bTenant, 'view', earlier, 100)

    for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      const now = new Date()
      const chart = await get<TrustCenterDashboardReply>(a, `/api/trust-center/dashboard?days=30&tz=${encodeURIComponent(tz)}`)
      expect(chart.timeZone).toBe(tz)
      expect(chart.days).toHaveLength(30)
      expect(chart.days.at(-1)!.date).toBe(dateIn(now, tz))
      const byDate = new Map(chart.days.map((d) => [d.date, d]))
      expect(byDate.get(dateIn(now, tz))).toEqual({ date: dateIn(now, tz), views: 3, downloads: 2 })
      expect(byDate.get(dateIn(earlier, tz))).toEqual({ date: dateIn(earlier, tz), views: 7, downloads: 1 })
      expect(chart.totals).toEqual({ views: 10, downloads: 3 })
      // Consecutive days, oldest first.
      expect(chart.days.map((d) => d.date)).toEqual([...chart.days.map((d) => d.date)].sort())
      expect(new Set(chart.days.map((d) => d.date)).size).toBe(30)
    }
    const theirs = await get<TrustCenterDashboardReply>(b, '/api/trust-center/dashboard?tz=UTC')
    expect(theirs.days).toHaveLength(30)
    expect(theirs.totals).toEqual({ views: 105, downloads: 4 })
  })

  it('cuts days at midnight in the requested zone', async () => {
    // 23:30 UTC two days ago is already the next day in Kolkata (UTC+5:30).
    const at = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 2, 23, 30))
    const c = await signUp(tp, 'carol@gamma-zone.example', undefined, { verified: false })
    await seedHistory(tp, await tenantIdOf(tp, c.dbName), 'view', at, 4)
    const utc = await get<TrustCenterDashboardReply>(c, '/api/trust-center/dashboard?days=7&tz=UTC')
    const kolkata = await get<TrustCenterDashboardReply>(c, '/api/trust-center/dashboard?days=7&tz=Asia%2FKolkata')
    expect(utc.days.filter((d) => d.views).map((d) => [d.date, d.views])).toEqual([[dateIn(at, 'UTC'), 4]])
    expect(kolkata.days.filter((d) => d.views).map((d) => [d.date, d.views])).toEqual([[dateIn(at, 'Asia/Kolkata'), 4]])
    expect(dateIn(at, 'UTC')).not.toBe(dateIn(at, 'Asia/Kolkata'))
  })

  it('refuses an unknown zone, a bad period, and callers without a staff session', async () => {
    for (const url of [
      '/api/trust-center/dashboard?tz=Mars%2FOlympus',
      '/api/trust-center/dashboard?tz=%27%3B--',
      '/api/trust-center/dashboard?days=0',
      '/api/trust-center/dashboard?days=400',
    ]) {
      const res = await call(tp, 'GET', url, { token: a.token })
      expect({ url, status: res.status, status2: res.body.status }).toEqual({ url, status: 400, status2: false })
    }
    for (const url of ['/api/trust-center/dashboard', '/api/questionnaire/dashboard', '/api/outbound/dashboard']) {
      expect({ url, status: (await call(tp, 'GET', url)).status }).toEqual({ url, status: 401 })
      // A's token with B's DbName header: refused, never B's figures.
      expect({ url, status: (await call(tp, 'GET', url, { token: a.token, dbName: b.dbName })).status }).toEqual({ url, status: 403 })
    }
  })

  it('first run: the admin names the company; the domain-derived name is the default, and the rules are checked', async () => {
    const g = await signUp(tp, 'gail@gamma-labs.example')
    const before = await get<{ data: { companyName: string; provisioned: boolean } }>(g, '/api/user/company')
    expect(before).toEqual({ companyName: 'Gamma Labs', provisioned: false })
    // The display name keeps a real name's punctuation (issue 25); the spec's rule binds the identifier it derives.
    for (const [companyName, message] of [
      ['', 'This field is required'],
      ['  ', 'This field is required'],
      ['G', 'Company name must be between 2 and 120 characters.'],
      ['G'.repeat(121), 'Company name must be between 2 and 120 characters.'],
      ['& &', 'Company name needs at least 3 letters or digits.'],
      ['Gamma\r\nBcc: x@evil.example', 'Company name cannot contain control characters or line breaks.'],
    ] as const) {
      const res = await call(tp, 'PUT', '/api/fs/update_provisioned', { token: g.token, body: { email: g.email, companyName } })
      expect([res.status, res.body.message, res.body.errors]).toEqual([400, message, [{ field: 'companyName', message }]])
    }
    expect(await get<{ data: { companyName: string; provisioned: boolean } }>(g, '/api/user/company')).toEqual({
      companyName: 'Gamma Labs',
      provisioned: false,
    })

    const named = await call(tp, 'PUT', '/api/fs/update_provisioned', { token: g.token, body: { email: g.email, companyName: 'Gamma Laboratories 2' } })
    expect([named.status, named.body]).toEqual([200, { success: true, message: 'Provisioning complete' }])
    expect(await get<{ data: { companyName: string; provisioned: boolean } }>(g, '/api/user/company')).toEqual({
      companyName: 'Gamma Laboratories 2',
      provisioned: true,
    })
    // The company's people show it; another company's name is untouched.
    const people = await get<{ data: { companyName: string }[] }>(g, '/api/people?page=1&pageSize=10')
    expect(people.map((p) => p.companyName)).toEqual(['Gamma Laboratories 2'])
    expect((await get<{ data: { companyName: string } }>(a, '/api/user/company')).companyName).toBe('Alpha Corp')
    // The first-run screen then names the trust center with it: its public page is titled so.
    expect((await call(tp, 'POST', '/api/companyinfo', { token: g.token, body: { companyTitle: 'Gamma Laboratories 2' } })).status).toBe(200)
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: g.token, body: { subdomain: 'gamma' } })).status).toBe(200)
    const page = await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'gamma.localhost' } })
    expect((page.body.data as { companyTitle: string }).companyTitle).toBe('Gamma Laboratories 2')
  })

  it('only an admin names the company', async () => {
    const invited = await call(tp, 'POST', '/api/people/invite', { token: a.token, body: { email: 'dave@alpha-corp.example', status: 'invited' } })
    expect(invited.status).toBe(201)
    const mail = (await readOutbox(tp.dataDir, 'dave@alpha-corp.example')).at(-1)!
    const inviteToken = /invite=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
    const joined = await call(tp, 'POST', '/api/usercreate/people', {
      body: { firstName: 'dave', lastName: 'member', email: 'dave@alpha-corp.example', password: 'Str0ng!pass', cnfpassword: 'Str0ng!pass', inviteToken },
    })
    expect(joined.status).toBe(201)
    const member = (joined.body.data as { token: string }).token
    const res = await call(tp, 'PUT', '/api/fs/update_provisioned', { token: member, body: { companyName: 'Hijacked Name' } })
    expect([res.status, res.body.message]).toEqual([403, 'Only an admin can name the company'])
    expect((await get<{ data: { companyName: string } }>(a, '/api/user/company')).companyName).toBe('Alpha Corp')
  })

  it('a visitor whose access was granted is told so, and downloads the documents that required approval', async () => {
    const gated = await upload(a, 'approval', 'alpha-soc2.pdf')
    const listed = (await call(tp, 'GET', '/api/trustcenteruser', { headers: aHost })).body.data as { documents: { _id: string; visibility: string }[] }
    expect(listed.documents.find((d) => d._id === gated)?.visibility).toBe('approval')
    const visitor = { firstName: 'Vera', lastName: 'Visitor', companyName: 'Buyer Inc', workEmail: 'vera@buyer.example', relationshpLinkedIn: 'Customer' }
    expect((await call(tp, 'POST', '/api/useraccessrequest', { headers: aHost, body: visitor })).status).toBe(201)
    // Before approval: no download.
    expect((await download(aHost, { fileKey: gated, userAccessEmail: visitor.workEmail })).statusCode).toBe(403)
    const pending = (await call(tp, 'GET', '/api/accountsrequest', { token: a.token })).body.data as { _id: string; workEmail: string }[]
    const row = pending.find((p) => p.workEmail === visitor.workEmail)!
    expect((await call(tp, 'PUT', `/api/accountsapprove/${row._id}`, { token: a.token, body: { Approved: 'approved' } })).status).toBe(200)
    const link = (await readOutbox(tp.dataDir, visitor.workEmail)).at(-1)!.text.match(/#access=([A-Za-z0-9_-]+)&email=(\S+)/)!
    const [token, email] = [link[1]!, decodeURIComponent(link[2]!)]

    const granted = await call(tp, 'POST', '/api/useraccesscheck', { headers: aHost, body: { permissionToken: token } })
    expect([granted.status, granted.body.data]).toEqual([200, { email: visitor.workEmail, expiresAt: expect.stringMatching(/Z$/), ndaAccepted: true }])
    const res = await download(aHost, { fileKey: gated, userAccessEmail: email, permissionToken: token })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // The grant is this company's only: the other trust center does not know it.
    expect((await call(tp, 'POST', '/api/useraccesscheck', { headers: bHost, body: { permissionToken: token } })).status).toBe(404)
  })
})
