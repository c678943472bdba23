// Attachments from outside the company pass a virus scan before they are stored (security.md B26),
// when CLAMAV_URL names a clamd: a clean file is stored, one with a signature is refused (422)
// and nothing is kept, and a scanner that cannot answer refuses the file (503) rather than let it in.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import { EICAR, startFakeClamd } from '../support/fake-clamd.js'
import { callAs, type SignedUp, signUp, startTestPortal, type TestPortal, until } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const VSA = path.join(DATA, 'questionnaires/built/vsa-core.xlsx')
const PDF = path.join(DATA, 'policies/open_access_policies/minimal-soc2_compiled.pdf')

describe('virus scan of inbound attachments', () => {
  let clamd: Awaited<ReturnType<typeof startFakeClamd>>
  let tp: TestPortal
  let recipient: SignedUp
  let outboundId: string
  let questionId: string

  const attach = async (name: string, bytes: Buffer) => {
    const fd = new FormData()
    fd.append('outboundId', outboundId)
    fd.append('questionId', questionId)
    fd.append('file', new Blob([new Uint8Array(bytes)]), name)
    return callAs(tp, recipient, 'PUT', '/api/outbound/attachment', fd)
  }
  const attachments = async () =>
    ((await callAs(tp, recipient, 'GET', `/api/outbound/${outboundId}`)).json.data as { file: { questions: { attachments: unknown[] }[] } }).file.questions[0]!
      .attachments

  beforeAll(async () => {
    clamd = await startFakeClamd()
    tp = await startTestPortal({ listen: true, env: { CLAMAV_URL: clamd.url } })
    const alice = await signUp(tp, 'alice@scan-co.example')
    const fd = new FormData()
    fd.append('clientName', 'Scanned Client')
    fd.append('email', 'ciso@scanned.example')
    fd.append('files', new Blob([new Uint8Array(await readFile(VSA))]), 'vsa.xlsx')
    outboundId = ((await callAs(tp, alice, 'POST', '/api/outbound/save', fd)).json.data as { outboundId: string }).outboundId
    const capability = await until(
      'the link',
      async () => (await readOutbox(tp.dataDir, 'ciso@scanned.example')).at(-1)?.text.match(/\/inbound\/review\/([\w-]+)/)?.[1],
    )
    const session = (await (await fetch(`${tp.url}/api/inbound/${capability}`)).json()) as { data: { token: string; dbName: string } }
    recipient = { userId: '', token: session.data.token, dbName: session.data.dbName, email: 'ciso@scanned.example' }
    questionId = await until(
      'extraction',
      async () =>
        ((await callAs(tp, recipient, 'GET', `/api/outbound/${outboundId}`)).json.data as { file: { questions: { _id: string }[] } }).file.questions[0]?._id,
    )
  }, 120_000)
  afterAll(async () => {
    await tp?.stop()
    await clamd?.close()
  })

  it('stores a clean file once the scanner said so, streamed to it in chunks', async () => {
    const pdf = await readFile(PDF)
    expect(pdf.length).toBeGreaterThan(3 * 64 * 1024) // several chunks
    const res = await attach('overview.pdf', pdf)
    expect(res.status).toBe(200)
    expect(clamd.scanned()).toBe(1)
    expect(await attachments()).toHaveLength(1)
  })

  it('refuses a file with a signature: 422 naming it, nothing stored', async () => {
    const infected = Buffer.concat([await readFile(PDF), Buffer.from(`\n%${EICAR}\n`)])
    const res = await attach('infected.pdf', infected)
    expect([res.status, res.json.message]).toEqual([422, 'The file was refused: the virus scan found Eicar-Test-Signature'])
    expect(await attachments()).toHaveLength(1)
  })

  it('refuses the file while the scanner cannot answer (503), never storing it unscanned', async () => {
    await clamd.close()
    const res = await attach('later.pdf', await readFile(PDF))
    expect(res.status).toBe(503)
    expect(res.json.message).toMatch(/^The virus scanner could not check the file/)
    expect(await attachments()).toHaveLength(1)
  })
})
