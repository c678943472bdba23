// Outbound questionnaires end to end through the HTTP API of the whole portal: templates (extracted
// by the shared extraction, edited), sending with a file and with a template, the emailed link
// exchanged for the recipient's restricted session, answers, attachments, comments, collaborators,
// the submit, both exports, deletion; and every attack line of security.md B26 plus cross-tenant
// attempts. Embedded adapters always; PostgreSQL with BullMQ when the machine's servers are there.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { schemaDb, systemView } from '@portal/db'
import { readOutbox } from '@portal/mail'
import { readWorkbook } from '@portal/sheets'
import { createVirusScanner } from '@portal/storage'
import { type OutboundDb, sendReminders } from '@portal/svc-outbound'
import { callAs, type DbKind, type SignedUp, signUp, startTestPortal, type TestPortal, until } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const VSA = path.join(DATA, 'questionnaires/built/vsa-core.xlsx')
const SIG = path.join(DATA, 'questionnaires/built/sig-lite.xlsx')
const PDF = path.join(DATA, 'policies/open_access_policies/minimal-soc2_compiled.pdf')

const variants: [string, { db?: DbKind; env: () => Record<string, string> }][] = [['embedded', { env: () => ({}) }]]
if (process.env['TEST_DATABASE_URL'] && process.env['REDIS_URL']) {
  variants.push(['postgres, bullmq', { db: 'pg', env: () => ({ REDIS_URL: process.env['REDIS_URL']!, QUEUE_PREFIX: `it-${crypto.randomUUID()}` }) }])
}

const PUBLIC = 'https://portal.example'
const capabilityIn = (text: string) => text.match(/\/inbound\/review\/([A-Za-z0-9_-]+)/)?.[1]

describe.each(variants)('outbound questionnaires (%s)', (_name, variant) => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  let outboundId: string
  let capability: string
  let recipient: SignedUp

  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const form = (fields: Record<string, string>, file?: [string, Buffer, string?]) => {
    const fd = new FormData()
    for (const [k, v] of Object.entries(fields)) fd.append(k, v)
    if (file) fd.append(file[2] ?? 'files', new Blob([new Uint8Array(file[1])]), file[0])
    return fd
  }
  /** The last questionnaire link mailed to `email`. */
  const linkMailedTo = (email: string) =>
    until(`a link mailed to ${email}`, async () => {
      const mail = (await readOutbox(tp.dataDir, email)).filter((m) => capabilityIn(m.text)).at(-1)
      return mail ? capabilityIn(mail.text) : undefined
    })
  /** The recipient's session from the emailed link, as the inbound page gets it. */
  const exchange = async (cap: string) => {
    const res = await fetch(`${tp.url}/api/inbound/${cap}`)
    const json = (await res.json()) as { code?: string; message?: string; data?: { token: string; dbName: string; outboundId: string; email: string } }
    return { status: res.status, json, user: json.data ? { userId: '', token: json.data.token, dbName: json.data.dbName, email: json.data.email } : undefined }
  }
  const detail = async (user: SignedUp, id = outboundId) =>
    (await api(user, 'GET', `/api/outbound/${id}`)).json.data as {
      status: boolean
      state: string
      total: number
      answered: number
      readOnly: boolean
      clientName: string
      email: string
      file: {
        questions: { _id: string; questionId: string; question: string; answer: string; version: number; attachments: { _id: string; fileName: string }[] }[]
      }
    }
  const extracted = (user: SignedUp, id: string) =>
    until('extraction', async () => {
      const d = await detail(user, id)
      return d.state === 'ready' || d.state === 'failed' ? d : undefined
    })
  const outboundDb = () => schemaDb<OutboundDb>(systemView(tp.portal.ctx.db!), 'outbound')

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, env: { PUBLIC_URL: PUBLIC, ...variant.env() }, ...(variant.db ? { db: variant.db } : {}) })
    alice = await signUp(tp, 'alice@sender-one.example')
    bob = await signUp(tp, 'bob@sender-two.example')
  }, 120_000)
  afterAll(async () => tp?.stop())

  it('keeps templates: upload, questions extracted by the shared extraction, edit, download, delete', async () => {
    expect((await api(alice, 'POST', '/api/questionnaire-templates', form({}))).json.message).toBe('Please upload a file')
    const created = await api(alice, 'POST', '/api/questionnaire-templates', form({}, ['SIG Lite.xlsx', await readFile(SIG), 'file']))
    expect(created.status).toBe(201)
    const id = (created.json.data as { template: { _id: string } }).template._id
    const ready = await until('template extraction', async () => {
      const t = (await api(alice, 'GET', `/api/questionnaire-templates/${id}`)).json.data as {
        template: { state: string; total: number; fileName: string; fileSize: number }
      }
      return t.template.state === 'ready' ? t : undefined
    })
    // 36 questions and the 3 labelled fields of its Business Information sheet (company, contact, date).
    expect(ready.template).toMatchObject({ fileName: 'SIGLite.xlsx', total: 39, fileSize: (await readFile(SIG)).length })
    const list = (await api(alice, 'GET', '/api/questionnaire-templates')).json.data as { _id: string; total: number }[]
    expect(list.map((t) => [t._id, t.total])).toEqual([[id, 39]])
    expect((await api(bob, 'GET', '/api/questionnaire-templates')).json.data).toEqual([])
    expect((await api(bob, 'GET', `/api/questionnaire-templates/${id}`)).status).toBe(404)

    const { questions } = (await api(alice, 'GET', `/api/questionnaire-templates/${id}/questions`)).json.data as {
      questions: { _id: string; questionId: string; question: string }[]
    }
    expect(questions).toHaveLength(39)
    const edited = [{ ...questions[0]!, question: 'Do you encrypt backups at rest?' }, ...questions.slice(2), { question: 'Who is your security officer?' }]
    const saved = await api(alice, 'PUT', `/api/questionnaire-templates/${id}/questions`, { questions: edited })
    expect(saved.status).toBe(200)
    const after = (saved.json.data as { questions: { _id: string; question: string }[] }).questions
    expect(after).toHaveLength(39)
    expect(after[0]).toMatchObject({ _id: questions[0]!._id, question: 'Do you encrypt backups at rest?' })
    expect(after.at(-1)!.question).toBe('Who is your security officer?')
    expect(after.map((q) => q._id)).not.toContain(questions[1]!._id)

    const download = await api(alice, 'GET', `/api/questionnaire-templates/${id}/download`)
    expect(download.bytes.equals(await readFile(SIG))).toBe(true)
    expect(download.headers.get('content-disposition')).toContain('SIGLite.xlsx')

    // Sent from the edited template: the outbound has the edited questions, ready at once.
    const sent = await api(alice, 'POST', '/api/outbound/save', form({ clientName: 'Template Client', email: 'templ@client.example', templateId: id }))
    expect(sent.status).toBe(201)
    const fromTemplate = await detail(alice, (sent.json.data as { outboundId: string }).outboundId)
    expect(fromTemplate).toMatchObject({ state: 'ready', total: 39, clientName: 'Template Client' })
    expect(fromTemplate.file.questions[0]!.question).toBe('Do you encrypt backups at rest?')

    expect((await api(alice, 'DELETE', `/api/questionnaire-templates/${id}`)).status).toBe(200)
    expect((await api(alice, 'GET', `/api/questionnaire-templates/${id}`)).status).toBe(404)
    // What was sent keeps its file and questions.
    expect((await api(alice, 'GET', `/api/outbound/${(sent.json.data as { outboundId: string }).outboundId}/download`)).bytes.equals(await readFile(SIG))).toBe(
      true,
    )
  }, 120_000)

  it('refuses a send without what the spec requires, with its words', async () => {
    const send = (fields: Record<string, string>, file?: [string, Buffer]) => api(alice, 'POST', '/api/outbound/save', form(fields, file))
    const vsa = await readFile(VSA)
    expect((await send({ email: 'a@b.example' }, ['q.xlsx', vsa])).json.message).toBe('Client name is required')
    expect((await send({ clientName: 'C' }, ['q.xlsx', vsa])).json.message).toBe('This field is required')
    expect((await send({ clientName: 'C', email: 'a@b.example, c@d.example' }, ['q.xlsx', vsa])).json.message).toBe('Invalid email address')
    expect((await send({ clientName: 'C', email: 'a@b.example' })).json.message).toBe('Please upload a file or select a template')
    const html = await send({ clientName: 'C', email: 'a@b.example' }, ['q.xlsx', Buffer.from('<html><script>alert(1)</script></html>')])
    expect(html.status).toBe(415)
    expect((await send({ clientName: 'C', email: 'a@b.example', templateId: crypto.randomUUID() })).status).toBe(404)
  })

  it('sends a workbook: extracted, the recipient emailed a link of 256 bits that opens a restricted session', async () => {
    const sent = await api(
      alice,
      'POST',
      '/api/outbound/save',
      form({ clientName: 'Globex', email: 'cio@globex.example', expiresInDays: '14' }, ['VSA Core.xlsx', await readFile(VSA)]),
    )
    expect(sent.status).toBe(201)
    outboundId = (sent.json.data as { outboundId: string }).outboundId
    const ready = await extracted(alice, outboundId)
    expect(ready).toMatchObject({ state: 'ready', total: 20, answered: 0, status: false, clientName: 'Globex', email: 'cio@globex.example' })

    capability = await linkMailedTo('cio@globex.example')
    expect(capability).toHaveLength(43) // 32 random bytes, base64url
    expect(capability).not.toContain(outboundId)
    const mail = (await readOutbox(tp.dataDir, 'cio@globex.example')).at(-1)!
    expect(mail.text).toContain(`${PUBLIC}/inbound/review/${capability}`)
    // Only its hash is kept.
    const links = await outboundDb().selectFrom('link').select(['tokenHash']).execute()
    expect(JSON.stringify(links)).not.toContain(capability)

    const session = await exchange(capability)
    expect(session.status).toBe(200)
    expect(session.json.data).toMatchObject({ outboundId, dbName: alice.dbName, email: 'cio@globex.example' })
    recipient = session.user!
    const claims = JSON.parse(Buffer.from(recipient.token.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({ inb: true, obid: outboundId })

    const list = (await api(alice, 'GET', '/api/outbound/list?page=1&pageSize=10')).json as {
      data: { _id: string; status: boolean; link: { revoked: boolean; expiresAt: string } }[]
      total: number
    }
    const row = list.data.find((o) => o._id === outboundId)!
    expect(row.status).toBe(false)
    expect(row.link.revoked).toBe(false)
    expect(Math.round((Date.parse(row.link.expiresAt) - Date.now()) / 86_400_000)).toBe(14)
  }, 120_000)

  it('lets the recipient answer, attach and comment; staff see it live and in full; limits hold', async () => {
    const page = await detail(recipient)
    const [q1, q2] = page.file.questions
    // The staff review page's live stream: the state at once, then each answer as it is saved.
    const abort = new AbortController()
    const stream = await fetch(`${tp.url}/api/outbound/${outboundId}/events`, { headers: { authorization: `Bearer ${alice.token}` }, signal: abort.signal })
    expect(stream.headers.get('content-type')).toBe('text/event-stream')
    expect((await fetch(`${tp.url}/api/outbound/${outboundId}/events`, { headers: { authorization: `Bearer ${bob.token}` } })).status).toBe(404)
    const reader = stream.body!.getReader()
    let received = ''
    const nextEvent = async (type: string) => {
      for (;;) {
        const match = [...received.matchAll(/event: (\w+)\ndata: (.*)\n/g)].find((m) => m[1] === type)
        if (match) {
          received = received.slice(match.index! + match[0].length)
          return JSON.parse(match[2]!) as Record<string, unknown>
        }
        const { value, done } = await reader.read()
        if (done) throw new Error(`stream ended before ${type}`)
        received += new TextDecoder().decode(value)
      }
    }
    expect(await nextEvent('extracted')).toMatchObject({ outboundId, total: 20 })
    expect((await api(recipient, 'PUT', '/api/outbound/answer', { outboundId, questionId: q1!._id, answer: '  ' })).json.message).toBe(
      'Answer field is required',
    )
    expect((await api(recipient, 'PUT', '/api/outbound/answer', { outboundId, answer: 'x' })).json.message).toBe('Question ID or Inbound ID is missing')
    const saved = await api(recipient, 'PUT', '/api/outbound/answer', { outboundId, questionId: q1!._id, answer: 'Yes, reviewed yearly by the CISO.' })
    expect(saved.status).toBe(200)
    expect((saved.json.data as { answer: string }).answer).toBe('Yes, reviewed yearly by the CISO.')
    expect(await nextEvent('answered')).toMatchObject({ outboundId, questionId: q1!._id, answered: 1, total: 20 })
    abort.abort()
    await api(alice, 'PUT', '/api/outbound/answer', { outboundId, questionId: q2!._id, answer: 'No' })

    const attached = await api(
      recipient,
      'PUT',
      '/api/outbound/attachment',
      form({ outboundId, questionId: q1!._id }, ['SOC 2 report.pdf', await readFile(PDF), 'file']),
    )
    expect(attached.status).toBe(200)
    const attachmentId = (attached.json.data as { insertedAttachment: { _id: string; fileName: string } }).insertedAttachment._id
    expect((await api(recipient, 'PUT', '/api/outbound/attachment', form({ outboundId, questionId: q1!._id }))).json.message).toBe('Please select a file first')
    const script = await api(
      recipient,
      'PUT',
      '/api/outbound/attachment',
      form({ outboundId, questionId: q1!._id }, ['evil.pdf', Buffer.from('<script>alert(1)</script>'), 'file']),
    )
    expect(script.status).toBe(415)

    const comment = await api(recipient, 'POST', '/api/outbound/comment/add', {
      outboundId,
      questionId: q1!._id,
      comment: '<b>See the report</b>',
      commentType: 'outbound',
    })
    expect(comment.json.data).toMatchObject({ comment: '<b>See the report</b>', commentType: 'inbound', user: { firstName: 'cio@globex.example' } })
    expect((await api(alice, 'POST', '/api/outbound/comment/add', { outboundId, questionId: q1!._id, comment: ' ' })).json.message).toBe(
      'Comment field is required',
    )
    expect((await api(alice, 'POST', '/api/outbound/comment/add', { questionId: q1!._id, comment: 'Thanks' })).json.message).toBe(
      'Failed to add comment - no outbound ID',
    )
    await api(alice, 'POST', '/api/outbound/comment/add', { outboundId, questionId: q1!._id, comment: 'Thanks!' })
    const thread = (await api(recipient, 'GET', `/api/outbound/comment/list?questionId=${q1!._id}&outboundId=${outboundId}`)).json.data as {
      commentType: string
    }[]
    expect(thread.map((c) => c.commentType)).toEqual(['inbound', 'outbound'])

    const staffView = await detail(alice)
    expect(staffView).toMatchObject({ answered: 2, total: 20 })
    expect(staffView.file.questions[0]!.attachments).toEqual([expect.objectContaining({ _id: attachmentId, fileName: 'SOC2report.pdf' })])
    const file = await api(alice, 'POST', '/api/outbound/attachment/download', { outboundId, questionId: q1!._id, attachmentId })
    expect(file.bytes.equals(await readFile(PDF))).toBe(true)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/)
    // The spec's file-host name for the same download.
    expect((await api(recipient, 'POST', '/api/fs/download-inbound-attachments', { outboundId, fileId: attachmentId })).bytes.length).toBe(file.bytes.length)
  }, 60_000)

  it('holds every B26 line: guesses 404 then 429, foreign ids 404, staff routes 403, other outbounds 403, other tenants 404', async () => {
    // Guessed capabilities, UUID-shaped or link-shaped: the same 404; then 429 from that client.
    const guesses = [outboundId, crypto.randomUUID(), 'A'.repeat(43), `${capability.slice(0, -1)}${capability.endsWith('A') ? 'B' : 'A'}`]
    for (const g of guesses) {
      const r = await exchange(g)
      expect([r.status, r.json.message]).toEqual([404, 'This link is not valid'])
    }
    // Every call here comes from 127.0.0.1: one client.
    for (let i = guesses.length; i < 20; i++) await exchange(crypto.randomUUID())
    expect((await exchange(crypto.randomUUID())).status).toBe(429)
    expect((await exchange(capability)).status).toBe(429) // even a good link, from a client that guessed
    await outboundDb().deleteFrom('linkAttempt').execute()
    expect((await exchange(capability)).status).toBe(200)

    // The recipient's session on staff routes, of this service and of others: 403.
    const recipientId = (JSON.parse(Buffer.from(recipient.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub
    for (const [method, url] of [
      ['GET', '/api/outbound/list'],
      ['GET', '/api/questionnaire-templates'],
      ['DELETE', `/api/outbound/${outboundId}`],
      ['GET', `/api/outbound/${outboundId}/export-report`],
      ['GET', `/api/outbound/collaborators?outboundId=${outboundId}`],
      ['GET', '/api/companys'],
      ['GET', '/api/people'],
      // Its own id (the link's) and a staff member's: 403, not 404 or 400 (issue 22).
      ['GET', `/api/userprofile/${recipientId}`],
      ['PUT', `/api/userprofile/${recipientId}`],
      ['GET', `/api/userprofile/${alice.userId}`],
      ['PUT', `/api/userprofile/${alice.userId}`],
    ] as const) {
      expect([url, (await api(recipient, method, url)).status]).toEqual([url, 403])
    }
    // Another outbound of the same company: 403; its attachment ids through this link: 404.
    const other = await api(
      alice,
      'POST',
      '/api/outbound/save',
      form({ clientName: 'Initech', email: 'sec@initech.example' }, ['VSA.xlsx', await readFile(VSA)]),
    )
    const otherId = (other.json.data as { outboundId: string }).outboundId
    const otherQ = (await extracted(alice, otherId)).file.questions[0]!
    expect((await api(recipient, 'GET', `/api/outbound/${otherId}`)).status).toBe(403)
    expect((await api(recipient, 'PUT', '/api/outbound/answer', { outboundId: otherId, questionId: otherQ._id, answer: 'x' })).status).toBe(403)
    const otherAttachment = await api(
      alice,
      'PUT',
      '/api/outbound/attachment',
      form({ outboundId: otherId, questionId: otherQ._id }, ['a.pdf', await readFile(PDF), 'file']),
    )
    const foreignId = (otherAttachment.json.data as { insertedAttachment: { _id: string } }).insertedAttachment._id
    const q1 = (await detail(recipient)).file.questions[0]!._id
    expect((await api(recipient, 'POST', '/api/outbound/attachment/download', { outboundId, questionId: q1, attachmentId: foreignId })).status).toBe(404)
    expect((await api(recipient, 'DELETE', '/api/outbound/attachment', { outboundId, questionId: q1, attachmentId: foreignId })).status).toBe(404)
    expect((await api(recipient, 'POST', '/api/fs/delete-inbound-attachments', { outboundId, fileId: foreignId })).status).toBe(404)
    // Another tenant's staff: 404 for every id; a DbName header that disagrees: 403.
    expect((await api(bob, 'GET', `/api/outbound/${outboundId}`)).status).toBe(404)
    expect((await api(bob, 'PUT', '/api/outbound/answer', { outboundId, questionId: q1, answer: 'x' })).status).toBe(404)
    expect((await api(bob, 'DELETE', `/api/outbound/${outboundId}`)).status).toBe(404)
    expect((await api(bob, 'POST', '/api/outbound/attachment/download', { outboundId, attachmentId: foreignId })).status).toBe(404)
    expect((await api(bob, 'GET', '/api/outbound/list')).json.data).toEqual([])
    expect((await api({ ...recipient, dbName: bob.dbName }, 'GET', `/api/outbound/${outboundId}`)).status).toBe(403)

    // Logout ends that session only: the link opens a new one at once.
    const visit = (await exchange(capability)).user!
    expect((await api(visit, 'POST', '/api/logout')).status).toBe(200)
    expect((await api(visit, 'GET', `/api/outbound/${outboundId}`)).status).toBe(401)
    const again = (await exchange(capability)).user!
    expect((await api(again, 'GET', `/api/outbound/${outboundId}`)).status).toBe(200)
    expect((await api(recipient, 'GET', `/api/outbound/${outboundId}`)).status).toBe(200)

    // Revoked: the link and the session it gave answer 410; a new link works.
    expect((await api(alice, 'POST', `/api/outbound/${otherId}/revoke`)).json.data).toMatchObject({ revoked: true })
    const otherCap = await linkMailedTo('sec@initech.example')
    expect([(await exchange(otherCap)).status, (await exchange(otherCap)).json.code]).toEqual([410, 'LINK_EXPIRED'])
    expect((await api(alice, 'POST', `/api/outbound/${otherId}/resend`, { expiresInDays: 3 })).json.data).toMatchObject({ revoked: false })
    const fresh = await linkMailedTo('sec@initech.example')
    expect(fresh).not.toBe(otherCap)
    const otherSession = (await exchange(fresh)).user!
    expect((await api(otherSession, 'GET', `/api/outbound/${otherId}`)).status).toBe(200)
    await api(alice, 'POST', `/api/outbound/${otherId}/revoke`)
    expect((await api(otherSession, 'GET', `/api/outbound/${otherId}`)).status).toBe(410)
    // Expired: past its date, the same 410.
    await outboundDb()
      .updateTable('link')
      .set({ expiresAt: new Date(Date.now() - 1000), revokedAt: null })
      .where('outboundId', '=', otherId)
      .execute()
    expect((await exchange(fresh)).status).toBe(410)
    expect((await api(otherSession, 'GET', `/api/outbound/${otherId}`)).status).toBe(410)
    // Deleted with its stored files: the sent workbook and the attachments.
    const keys = [
      ...(await outboundDb().selectFrom('attachment').select('blobKey').where('outboundId', '=', otherId).execute()),
      ...(await outboundDb().selectFrom('outbound').select('blobKey').where('id', '=', otherId).execute()),
    ].map((r) => r.blobKey)
    expect(keys).toHaveLength(2)
    expect((await api(alice, 'DELETE', `/api/outbound/${otherId}`)).status).toBe(200)
    expect((await api(alice, 'GET', `/api/outbound/${otherId}`)).status).toBe(404)
    for (const key of keys) expect(await tp.portal.ctx.blobs!.stat(key)).toBeUndefined()
  }, 120_000)

  it('invites collaborators with their own links; removing one ends its link', async () => {
    const add = (email: string) => api(alice, 'POST', '/api/outbound/collaborator/add', { outboundId, collaboratorEmail: email })
    expect((await add('')).json.message).toBe('Email is required')
    expect((await add('not-an-email')).json.message).toBe('Invalid email address')
    expect((await add('dana@globex.example')).json.data).toEqual(['dana@globex.example'])
    expect([(await add('dana@globex.example')).status, (await add('dana@globex.example')).json.message]).toEqual([409, 'Email already exists'])
    expect((await add('cio@globex.example')).json.message).toBe('Email already exists')
    expect((await api(alice, 'GET', `/api/outbound/collaborators?outboundId=${outboundId}`)).json.data).toEqual(['dana@globex.example'])
    const dana = (await exchange(await linkMailedTo('dana@globex.example'))).user!
    const q3 = (await detail(dana)).file.questions[2]!._id
    expect((await api(dana, 'PUT', '/api/outbound/answer', { outboundId, questionId: q3, answer: 'N/A: no cardholder data.' })).status).toBe(200)
    // Two collaborators and staff save the version they all edited at once (issue 22): one wins, the rest get its text.
    const { version } = (await detail(dana)).file.questions[2]!
    const editors = [dana, recipient, alice, dana, recipient, alice]
    const race = await Promise.all(
      editors.map((u, i) => api(u, 'PUT', '/api/outbound/answer', { outboundId, questionId: q3, answer: `N/A (edit ${i})`, version })),
    )
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    const won = race.find((r) => r.status === 200)!.json.data as { answer: string; version: number }
    expect(won.version).toBe(version + 1)
    for (const lost of race.filter((r) => r.status === 409)) {
      expect(lost.json).toMatchObject({
        status: false,
        message: 'Someone else saved this answer while you were editing it.',
        data: { _id: q3, answer: won.answer, choiceValue: null, version: won.version, savedBy: expect.any(String), savedAt: expect.any(String) },
      })
    }
    expect((await api(dana, 'PUT', '/api/outbound/answer', { outboundId, questionId: q3, answer: 'stale', version })).status).toBe(409)
    // Without a version (the spec's clients) the save goes through.
    const plain = await api(dana, 'PUT', '/api/outbound/answer', { outboundId, questionId: q3, answer: 'N/A: no cardholder data.' })
    expect([plain.status, (plain.json.data as { version: number }).version]).toEqual([200, won.version + 1])
    await add('eve@globex.example')
    const eve = (await exchange(await linkMailedTo('eve@globex.example'))).user!
    expect((await api(alice, 'DELETE', '/api/outbound/collaborator/remove', { outboundId, collaboratorEmail: 'eve@globex.example' })).json.data).toEqual([
      'dana@globex.example',
    ])
    expect((await api(eve, 'GET', `/api/outbound/${outboundId}`)).status).toBe(410)
    const row = ((await api(alice, 'GET', '/api/outbound/list')).json.data as { _id: string; collaborators: string[] }[]).find((o) => o._id === outboundId)!
    expect(row.collaborators).toEqual(['dana@globex.example'])
  }, 60_000)

  it('submits: complete, read-only (409), staff and collaborators told; exports carry the answers', async () => {
    const q1 = (await detail(recipient)).file.questions[0]!._id
    const submitted = await api(recipient, 'POST', `/api/outbound/${outboundId}/submit`)
    expect(submitted.status).toBe(200)
    expect(await detail(alice)).toMatchObject({ status: true, readOnly: true, answered: 3 })
    const write = await api(recipient, 'PUT', '/api/outbound/answer', { outboundId, questionId: q1, answer: 'changed' })
    expect([write.status, write.json.code]).toEqual([409, 'ALREADY_SUBMITTED'])
    expect((await api(recipient, 'POST', `/api/outbound/${outboundId}/submit`)).status).toBe(409)
    expect((await api(recipient, 'PUT', '/api/outbound/attachment', form({ outboundId, questionId: q1 }, ['b.pdf', await readFile(PDF), 'file']))).status).toBe(
      409,
    )
    expect(((await api(alice, 'GET', '/api/outbound/list')).json.data as { _id: string; status: boolean }[]).find((o) => o._id === outboundId)!.status).toBe(
      true,
    )
    const notice = await until('the completion notice', async () => (await readOutbox(tp.dataDir, alice.email)).find((m) => m.subject.includes('submitted')))
    expect(notice.text).toContain(`${PUBLIC}/outbound/review/${outboundId}`)
    expect((await readOutbox(tp.dataDir, 'dana@globex.example')).some((m) => m.subject.includes('submitted'))).toBe(true)

    // The sent workbook with the answers in their cells, checked; and the plain answers sheet.
    const report = (await api(alice, 'GET', `/api/outbound/${outboundId}/export-report`)).json.data as {
      written: number
      partial: number
      verification: { verified: boolean }
    }
    expect(report.verification.verified).toBe(true)
    expect(report.written + report.partial).toBe(3)
    const filled = await api(alice, 'GET', `/api/outbound/${outboundId}/with-answers`)
    expect(filled.status).toBe(200)
    const cells = (await readWorkbook(filled.bytes)).sheets.flatMap((s) => s.rows.flat()).map(String)
    expect(cells).toEqual(expect.arrayContaining([expect.stringContaining('reviewed yearly by the CISO')]))
    const plain = await api(alice, 'GET', `/api/outbound/${outboundId}/answers`)
    const rows = (await readWorkbook(plain.bytes)).sheets[0]!.rows.map((r) => r.map(String))
    expect(rows.some((r) => r.includes('Yes, reviewed yearly by the CISO.') && r.some((c) => c.includes('SOC2report.pdf')))).toBe(true)
    expect((await api(recipient, 'GET', `/api/outbound/${outboundId}/answers`)).status).toBe(403)
  }, 60_000)

  it('reminds a recipient who answered nothing, once, with a fresh link', async () => {
    const sent = await api(
      alice,
      'POST',
      '/api/outbound/save',
      form({ clientName: 'Quiet Co', email: 'quiet@quiet.example' }, ['VSA.xlsx', await readFile(VSA)]),
    )
    await extracted(alice, (sent.json.data as { outboundId: string }).outboundId)
    const first = await linkMailedTo('quiet@quiet.example')
    const deps = {
      db: outboundDb(),
      blobs: tp.portal.ctx.blobs!,
      scanner: createVirusScanner(undefined),
      bus: tp.portal.ctx.bus!,
      queue: tp.portal.ctx.queue!,
      mail: tp.portal.ctx.mail!,
      tokens: tp.portal.ctx.tokens,
      config: tp.portal.ctx.config,
      logger: tp.portal.ctx.logger,
      database: tp.portal.ctx.db!,
    }
    expect(await sendReminders(deps, 0)).toBeGreaterThanOrEqual(1)
    const reminder = (await readOutbox(tp.dataDir, 'quiet@quiet.example')).at(-1)!
    expect(reminder.subject).toMatch(/^Reminder/)
    const second = capabilityIn(reminder.text)!
    expect(second).not.toBe(first)
    expect((await exchange(second)).status).toBe(200)
    expect(await sendReminders(deps, 0)).toBe(0) // once
  }, 60_000)
})
