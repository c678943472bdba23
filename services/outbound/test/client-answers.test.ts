// Issue 25: what the client's answers look like to both sides. The invitation names the company
// asking; a submit with blank questions is "Submitted, 2 of 3 answered", not "Complete"; the
// client's comments reach the sheet's own comments column in the filled workbook; the answers
// sheet says the answers are the client's, not "Approved".
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { buildQuestionsWorkbook, readWorkbook } from '@portal/sheets'
import { tenantKey } from '@portal/storage'
import { replaceFileQuestions } from '../src/db/files.repo.js'
import { saveFileLayout } from '../src/db/layout.repo.js'
import { insertLink } from '../src/db/links.repo.js'
import { insertOutbound, outboundQuestions } from '../src/db/outbounds.repo.js'
import { DAY_MS, hashCapability, newCapability } from '../src/domain/capability.js'
import { buildHarness, call, type Harness } from './harness.js'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const SHEET = 'Questions'
const LOGO = '/api/logo/0f8fad5b-d9cb-469f-a165-70867728950e.png'

describe.each(testDatabaseKinds())('the client answers an outbound on %s', (_kind, open) => {
  let h: Harness
  let staff: { token: string; tenantId: string; dbName: string }
  let outboundId: string
  let recipient: string
  let ids: string[]

  beforeAll(async () => {
    h = await buildHarness(open)
    staff = await h.staff()
    // The client's form: columns # / Question ID / Question / Answer / Status / Sources; Sources (F) is its comments column.
    const bytes = await buildQuestionsWorkbook(
      ['Do you encrypt data at rest?', 'Do you run backups?', 'Do you train staff?'].map((question, i) => ({
        questionId: `Q-${i + 1}`,
        question,
        answer: '',
        status: 'Not answered' as const,
        sources: '',
      })),
      SHEET,
    )
    const blobKey = tenantKey(staff.tenantId, 'outboundFolder')
    await h.ctx.blobs!.put(blobKey, bytes, { contentType: XLSX })
    outboundId = await insertOutbound(h.db, staff.tenantId, {
      fileName: 'client-form.xlsx',
      fileSize: bytes.length,
      mimeType: XLSX,
      format: 'xlsx',
      blobKey,
      dbName: staff.dbName,
      clientName: 'Big Bank',
      email: 'ciso@bigbank.example',
      templateId: null,
      createdBy: crypto.randomUUID(),
      senderName: 'Ada Lovelace',
      senderEmail: 'ada@acme.example',
      senderCompany: 'Acme Inc',
      state: 'ready',
    })
    await replaceFileQuestions(
      h.db,
      staff.tenantId,
      'outbound',
      outboundId,
      [1, 2, 3].map((n) => ({
        questionRef: `Q-${n}`,
        question: ['Do you encrypt data at rest?', 'Do you run backups?', 'Do you train staff?'][n - 1]!,
        sheet: SHEET,
        row: n,
        answerCells: [{ address: `D${n + 1}`, header: 'Answer', role: 'narrative' as const }],
      })),
    )
    const layout = {
      sheets: [{ name: SHEET, rows: 4, questions: 3 }],
      sheet: SHEET,
      headerRow: 1,
      columns: { id: 'B', question: 'C', answer: 'D', comments: 'F' },
      confidence: 1,
      confirmed: true,
      needsCheck: false,
      total: 3,
      preview: [],
      read: [],
      fingerprint: 'test',
    }
    await saveFileLayout(h.db, staff.tenantId, 'outbound', outboundId, layout)
    ids = (await outboundQuestions(h.db, staff.tenantId, outboundId)).map((q) => q.id)
    const capability = newCapability()
    await insertLink(h.db, staff.tenantId, {
      outboundId,
      email: 'ciso@bigbank.example',
      tokenHash: hashCapability(capability),
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    })
    recipient = ((await call(h, 'GET', `/api/inbound/${capability}`)).body.data as { token: string }).token
  })
  afterAll(async () => h?.close())

  it('names the company asking on the recipient page', async () => {
    const r = await call(h, 'GET', `/api/outbound/${outboundId}`, { token: recipient })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ company: 'Acme Inc', sender: 'Ada Lovelace (ada@acme.example)', statusText: 'Pending' })
  })

  it('says "Submitted, 2 of 3 answered" after a submit with a blank question, and puts the comments in the comments column', async () => {
    for (const [i, answer] of [
      [0, 'Yes, AES-256 everywhere.'],
      [1, 'Daily, kept 30 days.'],
    ] as const)
      expect((await call(h, 'PUT', '/api/outbound/answer', { token: recipient, body: { outboundId, questionId: ids[i], answer } })).status).toBe(200)
    for (const comment of ['Keys rotate yearly.', 'Ask us for the KMS report.'])
      expect((await call(h, 'POST', '/api/outbound/comment/add', { token: recipient, body: { outboundId, questionId: ids[0], comment } })).status).toBe(200)
    // Staff notes are the company's own: they stay out of the client's column.
    expect(
      (await call(h, 'POST', '/api/outbound/comment/add', { token: staff.token, body: { outboundId, questionId: ids[2], comment: 'Chase them' } })).status,
    ).toBe(200)
    expect((await call(h, 'POST', `/api/outbound/${outboundId}/submit`, { token: recipient })).status).toBe(200)

    const list = await call(h, 'GET', '/api/outbound/list', { token: staff.token })
    const row = (list.body.data as { _id: string; status: boolean; statusText: string }[]).find((o) => o._id === outboundId)
    expect(row).toMatchObject({ status: true, statusText: 'Submitted, 2 of 3 answered' })

    const filled = await h.app.inject({ method: 'GET', url: `/api/outbound/${outboundId}/with-answers`, headers: { authorization: `Bearer ${staff.token}` } })
    expect(filled.statusCode).toBe(200)
    const grid = await readWorkbook(filled.rawPayload)
    const rows = grid.sheets.find((s) => s.name === SHEET)!.rows
    expect(rows[1]![3]).toBe('Yes, AES-256 everywhere.')
    expect(rows[1]![5]).toBe('Keys rotate yearly.\n\nAsk us for the KMS report.')
    expect(rows[2]![5] ?? '').toBe('')
    expect(rows[3]![5] ?? '').toBe('')
  })

  it("labels the answers sheet's answers as the client's", async () => {
    const sheet = await h.app.inject({ method: 'GET', url: `/api/outbound/${outboundId}/answers`, headers: { authorization: `Bearer ${staff.token}` } })
    expect(sheet.statusCode).toBe(200)
    const rows = (await readWorkbook(sheet.rawPayload)).sheets[0]!.rows
    const statuses = rows.slice(1).map((r) => r[4])
    expect(statuses).toEqual(['Answered by Big Bank', 'Answered by Big Bank', 'Not answered'])
    expect(rows.flat()).not.toContain('Approved')
  })

  it('names the company in the invitation subject when staff send one', async () => {
    const form = new FormData()
    form.append('clientName', 'Globex')
    form.append('email', 'sec@globex.example')
    form.append('companyName', 'Acme\r\nInc')
    form.append('companyLogo', LOGO)
    const bytes = await buildQuestionsWorkbook([{ questionId: 'Q-1', question: 'Do you encrypt?', answer: '', status: 'Not answered', sources: '' }])
    form.append('files', new Blob([new Uint8Array(bytes)], { type: XLSX }), 'form.xlsx')
    const req = new Request('http://x/', { method: 'POST', body: form })
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/outbound/save',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    })
    expect(r.statusCode).toBe(201)
    const sent = h.mail.sent.filter((m) => m.to === 'sec@globex.example').at(-1)
    expect(sent?.subject).toBe('Acme Inc asks you to complete a security questionnaire')
    const detail = await call(h, 'GET', `/api/outbound/${(r.json() as { data: { outboundId: string } }).data.outboundId}`, { token: staff.token })
    expect(detail.body.data).toMatchObject({ company: 'Acme Inc', logo: LOGO })
  })

  it('keeps only the trust center logo path as the logo', async () => {
    for (const companyLogo of ['https://evil.example/x.png', 'javascript:alert(1)', '/api/logo/../../x.png']) {
      const form = new FormData()
      form.append('clientName', 'Initech')
      form.append('email', 'sec@initech.example')
      form.append('companyLogo', companyLogo)
      const bytes = await buildQuestionsWorkbook([{ questionId: 'Q-1', question: 'Do you encrypt?', answer: '', status: 'Not answered', sources: '' }])
      form.append('files', new Blob([new Uint8Array(bytes)], { type: XLSX }), 'form.xlsx')
      const req = new Request('http://x/', { method: 'POST', body: form })
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/outbound/save',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': req.headers.get('content-type')! },
        payload: Buffer.from(await req.arrayBuffer()),
      })
      expect(r.statusCode).toBe(201)
      const detail = await call(h, 'GET', `/api/outbound/${(r.json() as { data: { outboundId: string } }).data.outboundId}`, { token: staff.token })
      expect([companyLogo, (detail.body.data as { logo: unknown }).logo]).toEqual([companyLogo, null])
    }
  })
})
