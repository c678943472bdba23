// Question/answer pairs inside an uploaded compliance document (issue 24): a vendor's PDF with a
// "Question | Answer" table, uploaded through the API as a person does, is read by the ingest
// worker, and its pairs are kept with their page for that tenant only; deleting the document
// deletes them. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { withTenant } from '@portal/db'
import { openKnowledge } from '@portal/knowledge'
import { SCHEMA } from '@portal/questionnaire-store'
import { sql } from 'kysely'
import { plainTextPdf } from '../quality/corpora.js'
import {
  callAs,
  dbKinds,
  type DraftingProgress,
  formOf,
  type SignedUp,
  signUp,
  startTestPortal,
  type TestPortal,
  until,
  untilDrafted,
} from '../support/portal.js'
import { unansweredWorkbook } from '../support/security-questions.js'

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/policies/containarium/SECURITY-ENCRYPTION-AT-REST.md')

describe.each(dbKinds())('question/answer pairs of an uploaded document on %s', (db) => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  let companyId: string
  let docId: string
  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const tenantOf = async (user: SignedUp) =>
    (await sql<{ id: string }>`select id from identity.tenant where db_name = ${user.dbName}`.execute(tp.portal.ctx.db!.system)).rows[0]!.id
  const pairsOf = async (user: SignedUp, documentIds?: string[]) => {
    const tenant = await tenantOf(user)
    return withTenant(tenant, () => openKnowledge(tp.portal.ctx.db!, SCHEMA).pairs(tenant, documentIds))
  }

  beforeAll(async () => {
    tp = await startTestPortal({ db, listen: true })
    alice = await signUp(tp, 'alice@pairs-one.example')
    bob = await signUp(tp, 'bob@pairs-two.example')
    companyId = (
      (await api(alice, 'POST', '/api/companys', { companyName: 'Pairs Client', compliance_bucket: 'c', questionnaires_bucket: 'q' })).json.data as {
        _id: string
      }
    )._id
    // The vendor's Markdown printed to PDF as a text editor would: its table reaches the PDF as raw pipes.
    const pdf = plainTextPdf(await readFile(FIXTURE, 'utf8'))
    const res = await api(alice, 'POST', '/api/fs/enterpriseapps-compliance-uploadfile', formOf({ companyId }, [['encryption at rest.pdf', pdf]]))
    expect(res.status).toBe(201)
    docId = (res.json.data as { _id: string }[])[0]!._id
    await until('the document to be read', async () => {
      const list = (await api(alice, 'GET', `/api/compliancefile/${companyId}`)).json.data as { _id: string; state: string; error?: string }[]
      const file = list.find((f) => f._id === docId)
      if (file?.state === 'failed') throw new Error(file.error ?? 'failed')
      return file?.state === 'ready' ? true : undefined
    })
  }, 120_000)
  afterAll(async () => tp?.stop())

  it("keeps the table's rows as pairs, with the document and the page", async () => {
    const pairs = await pairsOf(alice)
    expect(pairs.map((p) => p.question)).toEqual([
      'Is customer data encrypted at rest?',
      'Can customers bring their own keys (BYOK)?',
      'Are keys customer-controlled or vendor-controlled?',
      'Per-tenant encryption keys?',
      'Encryption algorithm?',
      'Key rotation?',
      'What about backups?',
      'Are memory or swap encrypted?',
      "What's not encrypted?",
    ])
    expect(pairs[0]).toMatchObject({
      documentId: docId,
      documentName: 'encryptionatrest.pdf', // the upload's name, made safe as stored
      page: 4,
      answer: 'Yes when deployed on GCP (default Google-managed keys on persistent disks). On bare-metal, depends on operator-configured disk encryption.',
    })
    expect(pairs[7]!.answer).toBe('No. At-rest scope is cold disk only.')
    expect(await pairsOf(alice, [docId])).toHaveLength(9)
    expect(await pairsOf(alice, [crypto.randomUUID()])).toEqual([])
  })

  it('gives another tenant none, even when it names the document', async () => {
    expect(await pairsOf(bob)).toEqual([])
    expect(await pairsOf(bob, [docId])).toEqual([])
    // Under the database's own policy too: B's scope sees no row of the table.
    const tenant = await tenantOf(bob)
    const seen = await withTenant(tenant, () => sql<{ n: number }>`select count(*)::int as n from questionnaire.qa_pair`.execute(tp.portal.ctx.db!.root))
    expect(seen.rows[0]!.n).toBe(0)
  })

  it('answers a questionnaire from the pairs, reworded, citing the document and its page', async () => {
    const questions = ['Do you encrypt customer data at rest?', 'Is memory or swap encrypted?', 'Are keys rotated?']
    const upload = await api(
      alice,
      'POST',
      '/api/questionnaires/save',
      formOf({ company_id: companyId }, [['pairs.xlsx', await unansweredWorkbook(questions, 'P')]]),
    )
    expect(upload.status).toBe(201)
    const questionnaireId = (upload.json.data as { _id: string }[])[0]!._id
    await untilDrafted(
      'drafting to finish',
      async () => (await api(alice, 'GET', `/api/questionnaires/${companyId}`)).json.data as DraftingProgress[],
      questionnaireId,
    )
    // Each question as opened: its source comes with it, not with the list (issue 26).
    const rows = (await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as { _id: string }[]
    const list = (await Promise.all(rows.map(async (r) => (await api(alice, 'GET', `/api/questionnaires/question/${r._id}`)).json.data))) as {
      question: string
      answer: string
      answerSource: string
      documentName: string
      fileAndFolder: string
      reviewReason: string
    }[]
    const byQuestion = new Map(list.map((q) => [q.question, q]))
    expect(byQuestion.get(questions[0]!)).toMatchObject({
      answer: 'Yes when deployed on GCP (default Google-managed keys on persistent disks). On bare-metal, depends on operator-configured disk encryption.',
      answerSource: 'pair',
      documentName: 'encryptionatrest.pdf',
      fileAndFolder: 'compliance/encryptionatrest.pdf#page=4',
    })
    expect(byQuestion.get(questions[1]!)).toMatchObject({ answer: 'No. At-rest scope is cold disk only.', answerSource: 'pair' })
    // "Key rotation?" is close but not the same ask: a suggestion for the reviewer, not the answer.
    const rotation = byQuestion.get(questions[2]!)!
    expect(rotation.answerSource).not.toBe('pair')
    expect(rotation.reviewReason).toContain('A similar question was answered before')
  })

  it('deletes the pairs with their document', async () => {
    expect((await api(bob, 'DELETE', `/api/compliancefile/${docId}`)).status).toBe(404)
    expect(await pairsOf(alice)).toHaveLength(9)
    expect((await api(alice, 'DELETE', `/api/compliancefile/${docId}`)).status).toBe(200)
    expect(await pairsOf(alice)).toEqual([])
  })
})
