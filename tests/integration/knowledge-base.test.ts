// The company knowledge base (issue 25) through the whole portal's HTTP API: company-wide documents
// (no client) uploaded several at once, listed with the clients' own documents, read, and drafted
// from for a client that has no document of its own; deleted; another tenant sees none of it and
// its ids answer 404. And the drafter settings with no model configured.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { textPdf } from '@portal/pdf-writer'
import { SECURITY_QUESTIONS, unansweredWorkbook } from '../support/security-questions.js'
import { callAs, type DraftingProgress, formOf, type SignedUp, signUp, startTestPortal, type TestPortal, until, untilDrafted } from '../support/portal.js'

interface Entry {
  _id: string
  fileName: string
  clientId: string | null
  clientName: string | null
  state: string
  error: string | null
  pages: number
}

const ENCRYPTION = textPdf([['Encryption Policy', 'Customer data is encrypted at rest with AES-256 on every database and backup.']])
const TRAINING = textPdf([['Training Policy', 'Employees receive security awareness training when hired and every year after.']])
const CLIENT_OWN = textPdf([['Client Annex', 'Backups are performed daily and restored in a test every quarter.']])

describe('company knowledge base', () => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  let soloId: string
  let ownId: string
  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const list = async (user: SignedUp) => (await api(user, 'GET', '/api/knowledge-base')).json.data as Entry[]
  const client = async (name: string) =>
    ((await api(alice, 'POST', '/api/companys', { companyName: name, compliance_bucket: 'c', questionnaires_bucket: 'q' })).json.data as { _id: string })._id

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true })
    alice = await signUp(tp, 'alice@kb-one.example')
    bob = await signUp(tp, 'bob@kb-two.example')
    soloId = await client('Solo Client')
    ownId = await client('Own Docs Client')
  }, 60_000)
  afterAll(async () => tp?.stop())

  it('starts empty, and refuses what is not a PDF before storing anything', async () => {
    expect(await list(alice)).toEqual([])
    const exe = await api(alice, 'POST', '/api/knowledge-base', formOf({}, [['policy.pdf', Buffer.from('MZ this is an exe')]]))
    expect(exe.status).toBe(415)
    expect(exe.json.message).toBe('Only PDF files are accepted for compliance documents')
    const none = await api(alice, 'POST', '/api/knowledge-base', formOf({}, []))
    expect(none.status).toBe(400)
    expect(await list(alice)).toEqual([])
  })

  it("lists the company-wide documents with the clients' own, each with its client, state and pages", async () => {
    const up = await api(
      alice,
      'POST',
      '/api/knowledge-base',
      formOf({}, [
        ['encryption policy.pdf', ENCRYPTION],
        ['training.pdf', TRAINING],
      ]),
    )
    expect(up.status).toBe(201)
    expect((up.json.data as { fileName: string }[]).map((f) => f.fileName)).toEqual(['encryptionpolicy.pdf', 'training.pdf'])
    const own = await api(alice, 'POST', '/api/fs/enterpriseapps-compliance-uploadfile', formOf({ companyId: ownId }, [['annex.pdf', CLIENT_OWN]]))
    expect(own.status).toBe(201)
    const ready = await until('the documents to be read', async () => {
      const docs = await list(alice)
      const failed = docs.find((d) => d.state === 'failed')
      if (failed) throw new Error(failed.error ?? 'failed')
      return docs.length === 3 && docs.every((d) => d.state === 'ready') ? docs : undefined
    })
    expect(ready.map(({ fileName, clientId, clientName, pages, error }) => ({ fileName, clientId, clientName, pages, error }))).toEqual([
      // By name.
      { fileName: 'annex.pdf', clientId: ownId, clientName: 'Own Docs Client', pages: 1, error: null },
      { fileName: 'encryptionpolicy.pdf', clientId: null, clientName: null, pages: 1, error: null },
      { fileName: 'training.pdf', clientId: null, clientName: null, pages: 1, error: null },
    ])
    // The per-client screen keeps showing the client's own documents only.
    const perClient = (await api(alice, 'GET', `/api/compliancefile/${ownId}`)).json.data as { files: { fileName: string }[] }[]
    expect(perClient.map((f) => f.files[0]!.fileName)).toEqual(['annex.pdf'])
    expect((await api(alice, 'GET', `/api/compliancefile/${soloId}`)).json.data).toEqual([])
  }, 60_000)

  it("drafts a client's questionnaire from the company-wide documents when the client has none of its own", async () => {
    const q = await api(
      alice,
      'POST',
      '/api/questionnaires/save',
      formOf({ company_id: soloId }, [['solo.xlsx', await unansweredWorkbook(SECURITY_QUESTIONS, 'KB')]]),
    )
    expect(q.status).toBe(201)
    const id = (q.json.data as { _id: string }[])[0]!._id
    await untilDrafted('drafting to finish', async () => (await api(alice, 'GET', `/api/questionnaires/${soloId}`)).json.data as DraftingProgress[], id)
    // Each question as opened: its source comes with it, not with the list (issue 26).
    const rows = (await api(alice, 'GET', `/api/getquestionlist/${id}`)).json.data as { _id: string }[]
    const questions = (await Promise.all(rows.map(async (r) => (await api(alice, 'GET', `/api/questionnaires/question/${r._id}`)).json.data))) as {
      question: string
      answer: string
      documentName: string
    }[]
    const encrypted = questions.find((x) => x.question === 'Is customer data encrypted at rest?')!
    expect(encrypted.answer).toMatch(/encrypted at rest with AES-256/)
    expect(encrypted.documentName).toBe('encryptionpolicy.pdf')
    // Another client's own document never answers for this one.
    expect(questions.map((x) => x.documentName)).not.toContain('annex.pdf')
  }, 90_000)

  it("keeps one tenant's knowledge base from another: lists leave it out, ids answer 404, nothing changes", async () => {
    const docs = await list(alice)
    expect(await list(bob)).toEqual([])
    for (const d of docs) {
      const res = await api(bob, 'DELETE', `/api/knowledge-base/${d._id}`)
      expect(res.status).toBe(404)
      expect(res.json.message).toBe('Compliance file not found')
    }
    expect(await list(alice)).toHaveLength(docs.length)
    // Bob's own company-wide upload is his alone.
    expect((await api(bob, 'POST', '/api/knowledge-base', formOf({}, [['bob.pdf', TRAINING]]))).status).toBe(201)
    expect((await list(bob)).map((d) => d.fileName)).toEqual(['bob.pdf'])
    expect((await list(alice)).map((d) => d.fileName)).not.toContain('bob.pdf')
  })

  it('deletes a document of the knowledge base; a questionnaire id or an unknown one answers 404', async () => {
    const [first] = await list(alice)
    const del = await api(alice, 'DELETE', `/api/knowledge-base/${first!._id}`)
    expect(del.status).toBe(200)
    expect((await list(alice)).map((d) => d._id)).not.toContain(first!._id)
    expect((await api(alice, 'DELETE', `/api/knowledge-base/${first!._id}`)).status).toBe(404)
    const questionnaire = ((await api(alice, 'GET', `/api/questionnaires/${soloId}`)).json.data as { _id: string }[])[0]!
    expect((await api(alice, 'DELETE', `/api/knowledge-base/${questionnaire._id}`)).status).toBe(404)
    expect((await api(alice, 'DELETE', '/api/knowledge-base/not-an-id')).status).toBe(404)
  })

  it('says the offline drafter drafts, and that no model is set when asked to test it', async () => {
    expect((await api(alice, 'GET', '/api/drafter')).json.data).toEqual({ drafter: 'offline', model: null, host: null })
    const test = await api(alice, 'POST', '/api/drafter/test')
    expect(test.status).toBe(200)
    expect(test.json.data).toMatchObject({ ok: false, model: null, latencyMs: null, message: expect.stringMatching(/^No model is set/) })
  })
})
