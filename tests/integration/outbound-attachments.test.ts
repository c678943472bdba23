// Attachments from outside the company, under attack (security.md B26, issue 22). A virus scan
// before they are stored, when CLAMAV_URL names a clamd: a clean file is stored, one with a signature
// is refused (422) and nothing is kept, and a scanner that cannot answer refuses the file (503)
// rather than let it in. A recipient flooding an outbound meets the outbound's cap, then the
// company's daily upload quota, which staff uploads share; a file named for what it is not is stored
// under its content's extension; an upload racing the submit never lands after it. Quotas set low,
// small files; the clamd is a fake that can hold a verdict, which puts a submit exactly between an
// upload's checks and its insert.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { schemaDb, systemView, usageToday } from '@portal/db'
import { readOutbox } from '@portal/mail'
import type { OutboundDb } from '@portal/svc-outbound'
import { EICAR, startFakeClamd } from '../support/fake-clamd.js'
import { callAs, type SignedUp, signUp, startTestPortal, type TestPortal, until } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const VSA = path.join(DATA, 'questionnaires/built/vsa-core.xlsx')
const PDF = path.join(DATA, 'policies/open_access_policies/minimal-soc2_compiled.pdf')
const DAILY_FILES = 18
const CAP = { files: 6, mb: 1 }
const gif = (size = 32) => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(size - 6)])
const CAP_WORDS = `This questionnaire holds as many attachments as it may (${CAP.files} files, ${CAP.mb} MB in all). Delete one to attach another.`

describe('outbound attachments: virus scan, quota, stored names, submit race', () => {
  let clamd: Awaited<ReturnType<typeof startFakeClamd>>
  let tp: TestPortal
  let alice: SignedUp
  let tenantId: string
  type Sent = { outboundId: string; questionId: string; recipient: SignedUp }
  let a: Sent
  let r: Sent
  let v: Sent

  const outboundDb = () => schemaDb<OutboundDb>(systemView(tp.portal.ctx.db!), 'outbound')
  const attach = (user: SignedUp, to: Sent, name: string, bytes: Buffer) => {
    const fd = new FormData()
    fd.append('outboundId', to.outboundId)
    fd.append('questionId', to.questionId)
    fd.append('file', new Blob([new Uint8Array(bytes)]), name)
    return callAs(tp, user, 'PUT', '/api/outbound/attachment', fd)
  }
  const rowsOf = (outboundId: string) => outboundDb().selectFrom('attachment').select(['createdAt', 'blobKey']).where('outboundId', '=', outboundId).execute()
  const firstQuestion = (user: SignedUp, outboundId: string) =>
    until(
      'questions',
      async () =>
        ((await callAs(tp, user, 'GET', `/api/outbound/${outboundId}`)).json.data as { file: { questions: { _id: string }[] } }).file.questions[0]?._id,
    )
  /** Sends the workbook (a staff upload) and opens the recipient's session from the mailed link. */
  const send = async (email: string): Promise<Sent> => {
    const fd = new FormData()
    fd.append('clientName', 'Client')
    fd.append('email', email)
    fd.append('files', new Blob([new Uint8Array(await readFile(VSA))]), 'vsa.xlsx')
    const outboundId = ((await callAs(tp, alice, 'POST', '/api/outbound/save', fd)).json.data as { outboundId: string }).outboundId
    const capability = await until('the link', async () => (await readOutbox(tp.dataDir, email)).at(-1)?.text.match(/\/inbound\/review\/([\w-]+)/)?.[1])
    const session = (await (await fetch(`${tp.url}/api/inbound/${capability}`)).json()) as { data: { token: string; dbName: string } }
    const recipient = { userId: '', token: session.data.token, dbName: session.data.dbName, email }
    return { outboundId, recipient, questionId: await firstQuestion(recipient, outboundId) }
  }

  beforeAll(async () => {
    clamd = await startFakeClamd()
    tp = await startTestPortal({
      listen: true,
      env: {
        CLAMAV_URL: clamd.url,
        TENANT_DAILY_FILES: String(DAILY_FILES),
        OUTBOUND_ATTACHMENT_FILES: String(CAP.files),
        OUTBOUND_ATTACHMENT_MB: String(CAP.mb),
      },
    })
    alice = await signUp(tp, 'alice@attach-limits.example')
    ;[a, r, v] = [await send('a@client.example'), await send('r@client.example'), await send('v@client.example')]
    tenantId = (await outboundDb().selectFrom('outbound').select('tenantId').where('id', '=', a.outboundId).executeTakeFirstOrThrow()).tenantId
  }, 120_000)
  afterAll(async () => {
    await tp?.stop()
    await clamd?.close()
  })

  const attachmentsOfV = async () =>
    ((await callAs(tp, v.recipient, 'GET', `/api/outbound/${v.outboundId}`)).json.data as { file: { questions: { attachments: unknown[] }[] } }).file
      .questions[0]!.attachments

  it('stores a clean file once the scanner said so, streamed to it in chunks', async () => {
    const pdf = await readFile(PDF)
    expect(pdf.length).toBeGreaterThan(3 * 64 * 1024) // several chunks
    const res = await attach(v.recipient, v, 'overview.pdf', pdf)
    expect(res.status).toBe(200)
    expect(clamd.scanned()).toBe(1)
    expect(await attachmentsOfV()).toHaveLength(1)
  })

  it('refuses a file with a signature: 422 naming it, nothing stored', async () => {
    const infected = Buffer.concat([await readFile(PDF), Buffer.from(`\n%${EICAR}\n`)])
    const res = await attach(v.recipient, v, 'infected.pdf', infected)
    expect([res.status, res.json.message]).toEqual([422, 'The file was refused: the virus scan found Eicar-Test-Signature'])
    expect(await attachmentsOfV()).toHaveLength(1)
  })

  it("keeps an attachment under the extension of what it is, never the client's", async () => {
    const polyglot = Buffer.from('GIF89a/*<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>*/=1;<script>alert(document.domain)</script>')
    const named = [
      ['x.html', polyglot, 'x.gif'],
      ['logo.svg', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<svg/>')]), 'logo.png'],
      ['.htaccess', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('AddType application/x-httpd-php .gif')]), 'file.jpg'],
    ] as const
    for (const [name, bytes, kept] of named) {
      const res = await attach(a.recipient, a, name, bytes)
      expect([name, res.status, (res.json.data as { insertedAttachment: { fileName: string } }).insertedAttachment.fileName]).toEqual([name, 200, kept])
    }
    const [first] = (
      (await callAs(tp, alice, 'GET', `/api/outbound/${a.outboundId}`)).json.data as { file: { questions: { attachments: { _id: string }[] }[] } }
    ).file.questions[0]!.attachments
    const file = await callAs(tp, alice, 'POST', '/api/outbound/attachment/download', { outboundId: a.outboundId, attachmentId: first!._id })
    expect([file.headers.get('content-type'), file.headers.get('content-disposition')]).toEqual([
      'image/gif',
      `attachment; filename="x.gif"; filename*=UTF-8''x.gif`,
    ])
  })

  it('stores nothing once the recipient submitted, even for an upload that was checked before the submit', async () => {
    expect((await attach(r.recipient, r, 'big.gif', gif(700 * 1024))).status).toBe(200)
    // The outbound's megabytes: refused in words, spending nothing.
    const over = await attach(r.recipient, r, 'big2.gif', gif(700 * 1024))
    expect([over.status, over.json.message]).toEqual([429, CAP_WORDS])
    const used = (await usageToday(outboundDb(), 'outbound', tenantId)).files

    // The upload passed its checks and waits on its scan; the submit lands; then the scan answers.
    const held = clamd.hold()
    const upload = attach(r.recipient, r, 'late.gif', gif())
    await held.reached
    expect((await callAs(tp, r.recipient, 'POST', `/api/outbound/${r.outboundId}/submit`)).status).toBe(200)
    held.release()
    const late = await upload
    expect([late.status, late.json.code]).toEqual([409, 'ALREADY_SUBMITTED'])
    const { submittedAt } = await outboundDb().selectFrom('outbound').select('submittedAt').where('id', '=', r.outboundId).executeTakeFirstOrThrow()
    const rows = await rowsOf(r.outboundId)
    expect(rows).toHaveLength(1)
    expect(rows.every((row) => row.createdAt.getTime() <= submittedAt!.getTime())).toBe(true)
    expect((await usageToday(outboundDb(), 'outbound', tenantId)).files).toBe(used)

    // Submit and upload at once, round after round (staff on outbounds sent from a template): an
    // attachment is in before submittedAt, or refused with nothing kept.
    const tfd = new FormData()
    tfd.append('file', new Blob([new Uint8Array(await readFile(VSA))]), 'vsa.xlsx')
    const templateId = ((await callAs(tp, alice, 'POST', '/api/questionnaire-templates', tfd)).json.data as { template: { _id: string } }).template._id
    await until('the template', async () => {
      const t = (await callAs(tp, alice, 'GET', `/api/questionnaire-templates/${templateId}`)).json.data as { template: { state: string } }
      return t.template.state === 'ready' ? t : undefined
    })
    for (let round = 0; round < 4; round++) {
      const fd = new FormData()
      for (const [k, v] of Object.entries({ clientName: 'Racer', email: `race${round}@client.example`, templateId })) fd.append(k, v)
      const outboundId = ((await callAs(tp, alice, 'POST', '/api/outbound/save', fd)).json.data as { outboundId: string }).outboundId
      const o = { outboundId, questionId: await firstQuestion(alice, outboundId), recipient: alice }
      const submit = () => callAs(tp, alice, 'POST', `/api/outbound/${outboundId}/submit`)
      const [up, sub] =
        round % 2
          ? await Promise.all([attach(alice, o, 'r.gif', gif()), submit()])
          : (await Promise.all([submit(), attach(alice, o, 'r.gif', gif())])).reverse()
      expect(sub!.status).toBe(200)
      const closedAt = (await outboundDb().selectFrom('outbound').select('submittedAt').where('id', '=', outboundId).executeTakeFirstOrThrow()).submittedAt!
      const kept = await rowsOf(outboundId)
      expect([up!.status, kept.length]).toEqual(up!.status === 200 ? [200, 1] : [409, 0])
      expect(kept.every((row) => row.createdAt.getTime() <= closedAt.getTime())).toBe(true)
    }
  }, 30_000)

  it('holds an outbound to its cap and the company to its daily quota, staff uploads included, storing only what it accepts', async () => {
    // The outbound's cap: A holds 3 of 6; 6 at once, 3 accepted.
    const flood = (to: Sent, n: number) => Promise.all(Array.from({ length: n }, (_, i) => attach(to.recipient, to, `f${i}.gif`, gif())))
    const onA = await flood(a, 6)
    expect(onA.filter((res) => res.status === 200)).toHaveLength(3)
    expect(onA.filter((res) => res.status === 429).map((res) => res.json.message)).toEqual(Array(3).fill(CAP_WORDS))
    expect(await rowsOf(a.outboundId)).toHaveLength(CAP.files)

    // The company's day: what is left of it (1 to 5, as the race rounds went), and no more, whoever uploads.
    const b = await send('b@client.example')
    const left = DAILY_FILES - (await usageToday(outboundDb(), 'outbound', tenantId)).files
    expect(left).toBeGreaterThan(0)
    expect(left).toBeLessThan(CAP.files)
    const onB = await flood(b, left + 3)
    expect(onB.filter((res) => res.status === 200)).toHaveLength(left)
    const refused = onB.filter((res) => res.status === 429)
    expect(refused.map((res) => res.json.message)).toEqual(
      Array(3).fill("The company that sent this questionnaire has reached today's limit of uploads. Please try again tomorrow."),
    )
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0)
    const tfd = new FormData()
    tfd.append('file', new Blob([new Uint8Array(await readFile(VSA))]), 'vsa.xlsx')
    const template = await callAs(tp, alice, 'POST', '/api/questionnaire-templates', tfd)
    expect([template.status, template.json.message]).toEqual([429, "Your company has reached today's limit of uploads. Please try again tomorrow."])

    // Storage holds exactly the attachments accepted: nothing refused reached it.
    const rows = await outboundDb().selectFrom('attachment').select('blobKey').execute()
    expect((await tp.portal.ctx.blobs!.list(`${tenantId}/inboundAttachments/`)).sort()).toEqual(rows.map((row) => row.blobKey).sort())
  }, 30_000)

  // Last: it stops the scanner.
  it('refuses the file while the scanner cannot answer (503), never storing it unscanned', async () => {
    await clamd.close()
    const res = await attach(v.recipient, v, 'later.pdf', await readFile(PDF))
    expect(res.status).toBe(503)
    expect(res.json.message).toMatch(/^The virus scanner could not check the file/)
    expect(await attachmentsOfV()).toHaveLength(1)
  })
})
