// A visitor's whole path through a published trust center (docs/trust-center-api.md, security.md B9):
// view → request (with the NDA) → approval → the mailed link → access check → downloads, single and
// bulk → history. Then every way a permission token can be wrong: forged, expired, revoked, another
// tenant's, the wrong email, an NDA not yet accepted, and 10 000 guesses against the rate limit.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { schemaDb } from '@portal/db'
import { readOutbox } from '@portal/mail'
import yauzl from 'yauzl'
import { multipart, type Part } from '../../services/trust-center/test/fixtures.js'
import { call, dbKinds, type Json, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures/policies/basecamp_37signals')
const GATED_PDF = path.join(DATA, 'security_37signals_Security_Overview_2022-09.pdf')
const PUBLIC_PDF = path.join(DATA, 'security_Basecamp_Security_Overview_2021-02-04.pdf')

type Doc = { _id: string; fileName: string; visibility: string }

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err)
      const files = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e)
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(files))
      zip.readEntry()
    })
  })
}

describe.each(dbKinds())('trust center visitor flow on %s', (db) => {
  let tp: TestPortal
  let admin: SignedUp
  let rival: SignedUp
  let docs: { public: Doc; gated: Doc; internal: Doc }
  let gatedBytes: Buffer
  const events: string[] = []
  const host = { host: 'vendor.localhost' }
  const visitor = { firstName: 'Vera', lastName: 'Visitor', companyName: 'Buyer Inc', workEmail: 'Vera@Buyer.example', relationshpLinkedIn: 'Customer' }

  const upload = async (token: string, parts: Part[]) => {
    const { payload, contentType } = multipart(parts)
    const res = await call(tp, 'POST', '/api/fs/upload-docs', { token, body: payload, headers: { 'content-type': contentType } })
    expect(res.status).toBe(201)
    return res.body.data as Doc
  }
  const download = (body: Record<string, unknown>, headers: Record<string, string> = host) =>
    tp.portal.server.inject({
      method: 'POST',
      url: '/api/fs/download-docs',
      headers,
      payload: body,
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    })
  const bulk = (body: Record<string, unknown>, headers: Record<string, string> = host) =>
    tp.portal.server.inject({
      method: 'POST',
      url: '/api/fs/bulk-download-docs',
      headers,
      payload: body,
      remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    })
  const check = (permissionToken: string, headers: Record<string, string> = host) =>
    call(tp, 'POST', '/api/useraccesscheck', { headers, body: { permissionToken } })
  const ndaId = async () => ((await call(tp, 'GET', '/api/ndauser', { headers: host })).body.data as { _id: string })._id

  /** The token and email of the last access link mailed to `email`. */
  async function mailedLink(email: string): Promise<{ token: string; email: string; link: string }> {
    const mail = (await readOutbox(tp.dataDir, email)).at(-1)
    expect(mail).toBeDefined()
    const link = mail!.text.match(/(http\S+#access=\S+)/)![1]!
    const m = /#access=([A-Za-z0-9_-]+)&email=(\S+)$/.exec(link)!
    return { token: m[1]!, email: decodeURIComponent(m[2]!), link }
  }

  async function approvedVisitor(email: string, on: SignedUp = admin, hostHeaders = host) {
    const nda = (await call(tp, 'GET', '/api/ndauser', { headers: hostHeaders })).body.data as { _id: string } | null
    const req = await call(tp, 'POST', '/api/useraccessrequest', {
      headers: hostHeaders,
      body: { ...visitor, workEmail: email, ...(nda ? { ndaId: nda._id } : {}) },
    })
    expect(req.status).toBe(201)
    const pending = (await call(tp, 'GET', '/api/accountsrequest', { token: on.token })).body.data as { _id: string; workEmail: string }[]
    const row = pending.find((p) => p.workEmail === email.toLowerCase())!
    expect((await call(tp, 'PUT', `/api/accountsapprove/${row._id}`, { token: on.token, body: { Approved: 'approved' } })).status).toBe(200)
    return { ...(await mailedLink(email.toLowerCase())), requestId: row._id }
  }

  beforeAll(async () => {
    tp = await startTestPortal({ db })
    admin = await signUp(tp, 'ciso@vendor-co.example')
    rival = await signUp(tp, 'ciso@rival-co.example')
    await tp.portal.ctx.bus!.subscribe(
      '*.accessrequest.*',
      (subject, payload) => void events.push(`${subject.split('.').slice(1).join('.')}:${payload['requestId']}`),
    )
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: 'vendor' } })).status).toBe(200)
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: rival.token, body: { subdomain: 'rival' } })).status).toBe(200)
    await call(tp, 'POST', '/api/companyinfo', { token: admin.token, body: { companyTitle: 'Vendor Co' } })
    gatedBytes = await readFile(GATED_PDF)
    docs = {
      public: await upload(admin.token, [
        { name: 'visibility', value: 'public' },
        { name: 'file', filename: 'Basecamp Security Overview.pdf', content: await readFile(PUBLIC_PDF) },
      ]),
      gated: await upload(admin.token, [
        { name: 'title', value: 'SOC 2 report' },
        { name: 'file', filename: '37signals Security Overview.pdf', content: gatedBytes },
      ]),
      internal: await upload(admin.token, [
        { name: 'visibility', value: 'internal' },
        { name: 'file', filename: 'internal.pdf', content: gatedBytes },
      ]),
    }
    expect((await call(tp, 'POST', '/api/nda/save', { token: admin.token, body: { description: 'Vendor Co NDA, version 1' } })).status).toBe(201)
  })
  afterAll(async () => tp.stop())

  it('walks the whole visitor path, and the history shows every step', async () => {
    const page = await call(tp, 'GET', '/api/trustcenteruser', { headers: host })
    const listed = (page.body.data as { documents: Doc[] }).documents
    expect(listed.map((d) => d._id)).toEqual([docs.public._id, docs.gated._id])
    expect((await call(tp, 'POST', '/api/trustcenterhistroy/save', { headers: host, body: { type: 'view' } })).status).toBe(201)

    // Request: every field required, a clean email, and the NDA accepted with it.
    const nda = await ndaId()
    const noNda = await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: visitor })
    expect([noNda.status, noNda.body.message]).toEqual([400, 'Please accept the NDA'])
    for (const field of ['firstName', 'lastName', 'companyName', 'workEmail', 'relationshpLinkedIn']) {
      const res = await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, [field]: '', ndaId: nda } })
      expect([res.status, res.body.message, res.body.errors]).toEqual([400, 'This field is required', [{ field, message: 'This field is required' }]])
    }
    for (const workEmail of ['not-an-email', 'a@b.com,c@d.com', 'x@y.com\r\nBcc: e@vil.io']) {
      expect((await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, workEmail, ndaId: nda } })).body.message).toBe(
        'Invalid email address',
      )
    }
    expect((await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, ndaId: crypto.randomUUID() } })).status).toBe(404)
    // An internal document (or another id) is none a visitor may ask for (issue 25).
    const internal = await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, ndaId: nda, documentId: docs.internal._id } })
    expect([internal.status, internal.body.message]).toEqual([400, 'This document is not on this trust center'])
    // Asked from the gated document: the request names it, and the company's admins are emailed.
    const asked = await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, ndaId: nda, documentId: docs.gated._id } })
    expect([asked.status, asked.body]).toEqual([201, { status: true, message: 'Request submitted' }])
    let staffMail: { subject: string; text: string } | undefined
    for (let i = 0; i < 50 && !staffMail; i++) {
      staffMail = (await readOutbox(tp.dataDir, admin.email)).find((m) => m.subject.startsWith('Access request:'))
      if (!staffMail) await new Promise((r) => setTimeout(r, 100))
    }
    expect(staffMail?.subject).toMatch(/^Access request: Vera Visitor asks for ".+"$/)
    expect(staffMail?.text).toContain('Vera Visitor (vera@buyer.example) from Buyer Inc asks for access to "')
    const twice = await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, ndaId: nda } })
    expect([twice.status, twice.body]).toEqual([200, { status: true, message: 'Request submitted' }])

    // Staff see one pending request; approval records the signed-in approver, not the body's.
    const pending = await call(tp, 'GET', '/api/accountsrequest?page=1&pageSize=10', { token: admin.token })
    expect(pending.body).toMatchObject({ status: true, total: 1, totalPages: 1, currentPage: 1 })
    const request = (pending.body.data as Record<string, unknown>[])[0]!
    expect(request).toEqual({
      _id: expect.any(String),
      firstName: 'Vera',
      lastName: 'Visitor',
      companyName: 'Buyer Inc',
      relationshpLinkedIn: 'Customer',
      workEmail: 'vera@buyer.example',
      createdAt: expect.any(String),
      Approved: 'pending',
      approvedbyuser: null,
      expiresAt: null,
      ndaAccepted: true,
      ndaConfirmed: false,
      document: { _id: docs.gated._id, title: expect.any(String) },
    })
    expect((await call(tp, 'PUT', `/api/accountsapprove/${request['_id']}`, { token: admin.token, body: { Approved: 'maybe' } })).body.message).toBe(
      'Invalid status',
    )
    const approved = await call(tp, 'PUT', `/api/accountsapprove/${request['_id']}`, {
      token: admin.token,
      body: { Approved: 'approved', approvedbyuser: { id: crypto.randomUUID(), userName: 'Mallory' } },
    })
    expect(approved.body).toEqual({ status: true, message: `Access approved for ${String(request['workEmail'])}` })
    const accounts = await call(tp, 'GET', '/api/accountsrequest?page=1&pageSize=10&pageType=approved', { token: admin.token })
    const account = (accounts.body.data as Record<string, unknown>[])[0]!
    expect(account).toMatchObject({ Approved: 'approved', approvedbyuser: { id: admin.userId, userName: 'Test User' } })
    const days = (Date.parse(account['expiresAt'] as string) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
    expect((await call(tp, 'GET', '/api/accountsrequest', { token: admin.token })).body.total).toBe(0)

    // The mailed link: the site's own URL, the token in the fragment.
    const { token, email, link } = await mailedLink('vera@buyer.example')
    expect(link.startsWith('http://vendor.localhost:3000/#access=')).toBe(true)
    expect(email).toBe('vera@buyer.example')
    const checked = await check(token)
    expect(checked.status).toBe(200)
    expect(checked.body).toEqual({ status: true, data: { email, expiresAt: account['expiresAt'], ndaAccepted: true } })

    // Downloads: public without a token, gated with token and email, internal never.
    const pub = await download({ fileKey: docs.public._id })
    expect(pub.statusCode).toBe(200)
    const noToken = await download({ fileKey: docs.gated._id })
    expect([noToken.statusCode, noToken.json()]).toEqual([403, expect.objectContaining({ status: false, message: 'Access not granted' })])
    const got = await download({ fileKey: docs.gated._id, permissionToken: token, userAccessEmail: 'Vera@buyer.example', newFileName: 'report' })
    expect(got.statusCode).toBe(200)
    expect(got.rawPayload.equals(gatedBytes)).toBe(true)
    expect(got.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-disposition': 'attachment; filename="report.pdf"; filename*=UTF-8\'\'report.pdf',
    })
    expect((await download({ fileKey: docs.gated._id, permissionToken: token, userAccessEmail: 'someone@else.example' })).statusCode).toBe(403)
    expect((await download({ fileKey: docs.internal._id, permissionToken: token, userAccessEmail: email })).statusCode).toBe(404)
    expect((await download({ fileKey: crypto.randomUUID(), permissionToken: token, userAccessEmail: email })).statusCode).toBe(404)

    // Bulk: the allowed documents only; nothing allowed is a 404 with an empty result.
    const zip = await bulk({
      fileKeys: [docs.public._id, docs.gated._id, docs.internal._id, crypto.randomUUID(), 'junk'],
      permissionToken: token,
      userAccessEmail: email,
    })
    expect(zip.statusCode).toBe(200)
    expect(zip.headers['content-disposition']).toContain('filename="Trust_Center_Bulk_Download.zip"')
    expect(zip.headers).toMatchObject({ 'content-type': 'application/zip', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
    const files = await unzip(zip.rawPayload)
    expect([...files.keys()].sort()).toEqual(['37signalsSecurityOverview.pdf', 'BasecampSecurityOverview.pdf'])
    expect(files.get('37signalsSecurityOverview.pdf')!.equals(gatedBytes)).toBe(true)
    const publicOnly = await unzip((await bulk({ fileKeys: [docs.public._id, docs.gated._id] })).rawPayload)
    expect([...publicOnly.keys()]).toEqual(['BasecampSecurityOverview.pdf'])
    const none = await bulk({ fileKeys: [docs.internal._id, docs.gated._id] })
    expect([none.statusCode, none.json()]).toEqual([404, { status: false, message: 'No documents available for download', data: [] }])

    expect(
      (
        await call(tp, 'POST', '/api/trackdownloadreq', {
          headers: host,
          body: { screenType: 'trust-center', fileName: 'BasecampSecurityOverview.pdf', type: 'single', email },
        })
      ).status,
    ).toBe(201)
    expect((await call(tp, 'POST', '/api/trackdownloadreq', { headers: host, body: { email: 'bad email' } })).body.message).toBe('Invalid email address')

    // History: every kind of step, newest first, filterable.
    const history = await call(tp, 'GET', '/api/trustcenterhistroy?page=1&pageSize=100', { token: admin.token })
    const entries = history.body.data as { type: string; email: string | null; fileName: string | null; detail: string; createdAt: string }[]
    expect(new Set(entries.map((e) => e.type))).toEqual(new Set(['view', 'request', 'nda', 'approval', 'download']))
    expect(entries.some((e) => e.type === 'view' && /Page loaded/.test(e.detail))).toBe(true)
    expect(entries.find((e) => e.type === 'approval')).toMatchObject({ email, detail: expect.stringContaining('Test User') })
    expect(entries.filter((e) => e.type === 'download' && e.fileName === '37signalsSecurityOverview.pdf' && e.email === email).length).toBeGreaterThanOrEqual(2)
    expect(entries.map((e) => e.createdAt)).toEqual([...entries.map((e) => e.createdAt)].sort().reverse())
    const onlyNda = (await call(tp, 'GET', '/api/trustcenterhistroy?pageType=nda', { token: admin.token })).body.data as { type: string }[]
    expect(onlyNda.length).toBeGreaterThan(0)
    expect(onlyNda.every((e) => e.type === 'nda')).toBe(true)
    expect((await call(tp, 'GET', '/api/trustcenterhistroy?pageType=everything', { token: admin.token })).body.message).toBe('Invalid pageType')
    const acceptances = (await call(tp, 'GET', '/api/nda/acceptances', { token: admin.token })).body.data as Record<string, unknown>[]
    expect(acceptances[0]).toMatchObject({
      ndaId: nda,
      version: 1,
      name: 'Vera Visitor',
      email,
      ip: expect.any(String),
      textHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      confirmed: true,
      confirmedAt: expect.any(String),
    })
    expect(events).toEqual([`accessrequest.created:${request['_id']}`, `accessrequest.approved:${request['_id']}`])
  })

  it('asks for the new NDA after it changes, before gated downloads work again', async () => {
    const { token, email } = await approvedVisitor('nina@buyer.example')
    expect((await download({ fileKey: docs.gated._id, permissionToken: token, userAccessEmail: email })).statusCode).toBe(200)
    const old = await ndaId()
    await call(tp, 'POST', '/api/nda/save', { token: admin.token, body: { description: 'Vendor Co NDA, version 2' } })
    expect((await check(token)).body.data).toMatchObject({ ndaAccepted: false })
    const refused = await download({ fileKey: docs.gated._id, permissionToken: token, userAccessEmail: email })
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Access not granted'])
    const stale = await call(tp, 'POST', '/api/nda/accept', { headers: host, body: { ndaId: old, name: 'Nina', email } })
    expect([stale.status, stale.body.message]).toEqual([400, 'Please accept the NDA'])
    expect((await call(tp, 'POST', '/api/nda/accept', { headers: host, body: { ndaId: await ndaId(), name: '', email } })).body.message).toBe(
      'This field is required',
    )
    expect((await call(tp, 'POST', '/api/nda/accept', { headers: host, body: { ndaId: await ndaId(), name: 'Nina', email } })).status).toBe(201)
    expect((await check(token)).body.data).toMatchObject({ ndaAccepted: true })
    expect((await download({ fileKey: docs.gated._id, permissionToken: token, userAccessEmail: email })).statusCode).toBe(200)
  })

  it('puts a request back as it was when the access mail cannot be sent', async () => {
    const mail = tp.portal.ctx.mail!
    const send = mail.send
    const first = await approvedVisitor('mailfail@buyer.example')
    await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, workEmail: 'pending-fail@buyer.example', ndaId: await ndaId() } })
    const pending = ((await call(tp, 'GET', '/api/accountsrequest', { token: admin.token })).body.data as { _id: string; workEmail: string }[]).find(
      (p) => p.workEmail === 'pending-fail@buyer.example',
    )!
    ;(mail as { send: typeof send }).send = async () => {
      throw new Error('smtp down')
    }
    try {
      const refused = await call(tp, 'PUT', `/api/accountsapprove/${pending._id}`, { token: admin.token, body: { Approved: 'approved' } })
      expect([refused.status, refused.body.message]).toEqual([503, 'Account was not approved due to an error.'])
      const again = await call(tp, 'PUT', `/api/accountsapprove/${first.requestId}`, { token: admin.token, body: { Approved: 'approved' } })
      expect(again.status).toBe(503)
    } finally {
      ;(mail as { send: typeof send }).send = send
    }
    // Still pending; and the account that was being re-issued keeps its earlier, working link.
    expect(((await call(tp, 'GET', '/api/accountsrequest?pageSize=100', { token: admin.token })).body.data as { _id: string }[]).map((p) => p._id)).toContain(
      pending._id,
    )
    expect((await check(first.token)).status).toBe(200)
  })

  it('lets staff grant access directly, and re-issuing a link retires the old one', async () => {
    const saved = await call(tp, 'POST', '/api/accounts/save', { token: admin.token, body: { ...visitor, workEmail: 'direct@partner.example' } })
    expect([saved.status, saved.body.status]).toEqual([201, true])
    const first = await mailedLink('direct@partner.example')
    expect((await check(first.token)).status).toBe(200)
    await call(tp, 'POST', '/api/accounts/save', { token: admin.token, body: { ...visitor, workEmail: 'direct@partner.example' } })
    const second = await mailedLink('direct@partner.example')
    expect(second.token).not.toBe(first.token)
    expect((await check(first.token)).status).toBe(404)
    expect((await check(second.token)).status).toBe(200)
    const accounts = (await call(tp, 'GET', '/api/accountsrequest?pageType=approved&pageSize=100', { token: admin.token })).body.data as { workEmail: string }[]
    expect(accounts.filter((a) => a.workEmail === 'direct@partner.example')).toHaveLength(1)
    // A pending request of the same email is the one granted, not a second row.
    await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, workEmail: 'waiting@partner.example', ndaId: await ndaId() } })
    expect((await call(tp, 'POST', '/api/accounts/save', { token: admin.token, body: { ...visitor, workEmail: 'waiting@partner.example' } })).status).toBe(201)
    const pendingLeft = (await call(tp, 'GET', '/api/accountsrequest?pageSize=100', { token: admin.token })).body.data as { workEmail: string }[]
    expect(pendingLeft.map((p) => p.workEmail)).not.toContain('waiting@partner.example')
    const missing = await call(tp, 'POST', '/api/accounts/save', { token: admin.token, body: { ...visitor, companyName: '' } })
    expect([missing.status, missing.body.message]).toEqual([400, 'This field is required'])
  })

  it('answers one uniform 404 for forged, expired, revoked and other-tenant tokens, and 403 on downloads', async () => {
    const expired = await approvedVisitor('old@buyer.example')
    const revoked = await approvedVisitor('gone@buyer.example')
    const theirs = await approvedVisitor('theirs@buyer.example', rival, { host: 'rival.localhost' })
    expect((await check(theirs.token, { host: 'rival.localhost' })).status).toBe(200)
    await schemaDb<{ accessRequest: { expiresAt: Date; id: string } }>(tp.portal.ctx.db!, 'trust_center', { system: true })
      .updateTable('accessRequest')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', expired.requestId)
      .execute()
    expect((await call(tp, 'DELETE', `/api/accountsrequest/${revoked.requestId}`, { token: admin.token })).body).toEqual({
      status: true,
      message: 'Access removed for gone@buyer.example',
    })

    const forged = Buffer.alloc(32, 7).toString('base64url')
    const answers: Json[] = []
    for (const token of [forged, expired.token, revoked.token, theirs.token]) {
      const res = await check(token)
      answers.push(res)
      expect([res.status, res.body]).toEqual([404, { status: false }])
      const dl = await download({ fileKey: docs.gated._id, permissionToken: token, userAccessEmail: token === expired.token ? expired.email : revoked.email })
      expect([dl.statusCode, dl.json()]).toEqual([403, expect.objectContaining({ status: false, message: 'Access not granted' })])
    }
    // Nothing distinguishes the four: same status, same body, same headers that matter.
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body, a.headers['content-type'], a.headers['content-length']]))).size).toBe(1)
    // The other tenant's token still works on its own trust center, and a token never works by DbName elsewhere.
    expect((await check(theirs.token, { host: 'rival.localhost' })).status).toBe(200)
    expect((await call(tp, 'POST', '/api/useraccesscheck', { dbName: admin.dbName, body: { permissionToken: theirs.token } })).status).toBe(404)
    // Malformed tokens are refused before any lookup.
    for (const bad of ['', 'short', 'x'.repeat(43).replace(/x$/, '!'), 'y'.repeat(300)]) expect((await check(bad)).status).toBe(400)
    // A revoked account is gone from the lists; deleting twice is 404.
    expect((await call(tp, 'DELETE', `/api/accountsrequest/${revoked.requestId}`, { token: admin.token })).status).toBe(404)
    expect((await call(tp, 'DELETE', `/api/accountsrequest/${theirs.requestId}`, { token: admin.token })).status).toBe(404)
    expect((await call(tp, 'PUT', `/api/accountsapprove/${theirs.requestId}`, { token: admin.token, body: { Approved: 'approved' } })).status).toBe(404)
  })

  it('limits access requests to 5 per hour per address and per email', async () => {
    const nda = await ndaId()
    for (let i = 0; i < 5; i++) {
      const res = await call(tp, 'POST', '/api/useraccessrequest', {
        headers: host,
        ip: '10.77.0.1',
        body: { ...visitor, workEmail: `ip${i}@limits.example`, ndaId: nda },
      })
      expect(res.status).toBe(201)
    }
    const sixth = await call(tp, 'POST', '/api/useraccessrequest', {
      headers: host,
      ip: '10.77.0.1',
      body: { ...visitor, workEmail: 'ip5@limits.example', ndaId: nda },
    })
    expect(sixth.status).toBe(429)
    expect(sixth.headers['retry-after']).toBeDefined()
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, workEmail: 'same@limits.example', ndaId: nda } })).status,
      ).toBeLessThan(300)
    }
    expect(
      (await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, workEmail: 'same@limits.example', ndaId: nda } })).status,
    ).toBe(429)
  })

  it('answers 10 000 guessed tokens with 404 until the limit, then 429', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 10_000; i++) {
      const res = await tp.portal.server.inject({
        method: 'POST',
        url: '/api/useraccesscheck',
        headers: host,
        remoteAddress: '10.66.0.1',
        payload: { permissionToken: crypto.getRandomValues(Buffer.alloc(32)).toString('base64url') },
      })
      statuses.push(res.statusCode)
      if (res.statusCode === 404) expect(res.body).toBe('{"status":false}')
    }
    const firstLimited = statuses.indexOf(429)
    expect(firstLimited).toBe(30)
    expect(statuses.slice(0, firstLimited).every((s) => s === 404)).toBe(true)
    expect(statuses.slice(firstLimited).every((s) => s === 429)).toBe(true)
  })
})
