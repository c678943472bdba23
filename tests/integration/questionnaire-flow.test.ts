// The questionnaire path end to end through the HTTP API of the whole portal: a client, its
// compliance PDF and a real CAIQ workbook → queued jobs → drafted, cited answers → review, comments,
// a one-off question → both exports. Plus refusals of bad uploads and another tenant's ids.
// Embedded adapters with full-text retrieval always; when the machine's servers are there (CI),
// again on PostgreSQL with BullMQ on Redis and hybrid retrieval (embeddings + Qdrant, both
// protocol-level fakes), and on PGlite with pgvector.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { drafterName, type Question } from '@portal/contracts'
import { readWorkbook } from '@portal/sheets'
import { startFakeEmbeddings, startFakeQdrant } from '../support/fake-vectors.js'
import {
  callAs,
  type DbKind,
  type DraftingProgress,
  formOf,
  type SignedUp,
  signUp,
  startTestPortal,
  type TestPortal,
  until,
  untilDrafted,
} from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const SOC2 = path.join(DATA, 'policies/open_access_policies/minimal-soc2_compiled.pdf')
const CAIQ = path.join(DATA, 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx')

const fakes = { embeddings: await startFakeEmbeddings(), qdrant: await startFakeQdrant() }
afterAll(async () => {
  await fakes.embeddings.close()
  await fakes.qdrant.close()
})
const embeddings = () => ({ EMBEDDING_MODEL: 'fake-embed', EMBEDDING_BASE_URL: fakes.embeddings.url })
const variants: [string, { db?: DbKind; env: () => Record<string, string> }][] = [['embedded, full text', { env: () => ({}) }]]
if (process.env['TEST_DATABASE_URL'] && process.env['REDIS_URL']) {
  variants.push([
    'postgres, bullmq, hybrid with qdrant',
    {
      db: 'pg',
      env: () => ({ REDIS_URL: process.env['REDIS_URL']!, QUEUE_PREFIX: `it-${crypto.randomUUID()}`, ...embeddings(), QDRANT_URL: fakes.qdrant.url }),
    },
  ])
  variants.push(['embedded, hybrid with pgvector', { env: embeddings }])
}

describe.each(variants)('questionnaire review, end to end (%s)', (_name, variant) => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  let companyId: string
  let questionnaireId: string

  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, env: variant.env(), ...(variant.db ? { db: variant.db } : {}) })
    alice = await signUp(tp, 'alice@vendor-one.example')
    bob = await signUp(tp, 'bob@vendor-two.example')
  })
  afterAll(async () => tp.stop())

  it('creates a client with the spec name rules', async () => {
    for (const [name, message] of [
      [' Acme', 'Company name cannot have leading or trailing whitespace.'],
      ['Ac', 'Company name must be between 3 and 63 characters.'],
      ['Acme<script>', 'Company name can only contain alphabets, numbers, and spaces.'],
    ]) {
      const res = await api(alice, 'POST', '/api/companys', { companyName: name, compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe(message)
    }
    const created = await api(alice, 'POST', '/api/companys', {
      companyName: 'Big Bank',
      compliance_bucket: 'compliance',
      questionnaires_bucket: 'questionnaires',
    })
    expect(created.status).toBe(201)
    companyId = (created.json.data as { _id: string })._id
    expect((await api(alice, 'GET', '/api/companys')).json.data).toEqual([
      { _id: companyId, companyName: 'Big Bank', complianceFolder: 'compliance', questionnairesFolder: 'questionnaires' },
    ])
    expect((await api(bob, 'GET', '/api/companys')).json.data).toEqual([])
  })

  it('refuses uploads that are not what they claim, before storing anything', async () => {
    const fake = await api(
      alice,
      'POST',
      '/api/fs/enterpriseapps-compliance-uploadfile',
      formOf({ companyId }, [['policy.pdf', Buffer.from('MZ this is an exe')]]),
    )
    expect(fake.status).toBe(415)
    const notSheet = await api(alice, 'POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [['q.xlsx', Buffer.from('just text')]]))
    expect(notSheet.status).toBe(415)
    const empty = await api(alice, 'POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [['q.xlsx', Buffer.alloc(0)]]))
    expect(empty.status).toBe(400)
    const foreign = await api(bob, 'POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [['q.xlsx', await readFile(CAIQ)]]))
    expect(foreign.status).toBe(404)
    expect((await api(alice, 'GET', `/api/compliancefile/${companyId}`)).json.data).toEqual([])
  })

  it('ingests the policy PDF, extracts and drafts the CAIQ with cited answers', async () => {
    const pdf = await api(alice, 'POST', '/api/fs/enterpriseapps-compliance-uploadfile', formOf({ companyId }, [['SOC 2 policies.pdf', await readFile(SOC2)]]))
    expect(pdf.status).toBe(201)
    expect((pdf.json.data as { fileName: string }[])[0]!.fileName).toBe('SOC2policies.pdf') // spaces removed
    await until('the PDF to be ingested', async () => {
      const files = (await api(alice, 'GET', `/api/compliancefile/${companyId}`)).json.data as { state: string; error: string | null }[]
      if (files[0]?.state === 'failed') throw new Error(files[0].error ?? 'failed')
      return files[0]?.state === 'ready' ? true : undefined
    })
    const q = await api(
      alice,
      'POST',
      '/api/questionnaires/save',
      formOf({ company_id: companyId, vendor_name: 'Big Bank' }, [['caiq v3.xlsx', await readFile(CAIQ)]]),
    )
    expect(q.status).toBe(201)
    questionnaireId = (q.json.data as { _id: string }[])[0]!._id
    const done = await untilDrafted(
      'drafting to finish',
      async () => (await api(alice, 'GET', `/api/questionnaires/${companyId}`)).json.data as DraftingProgress[],
      questionnaireId,
    )
    expect(done.total).toBe(294)
    const questions = (await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as {
      _id: string
      questionId: string
      answer: string
      llmReviewRespons: number
    }[]
    expect(questions).toHaveLength(294)
    expect(questions[0]!.questionId).toBe('AIS-01.1')
    // The offline drafter quotes only whole sentences that answer the question: every answer is
    // cited, none carries Markdown debris, and questions the policies do not answer stay empty.
    // The evidence and the source come with each question opened (issue 26).
    const answered = await Promise.all(
      questions.filter((x) => x.answer).map(async (x) => (await api(alice, 'GET', `/api/questionnaires/question/${x._id}`)).json.data as Question),
    )
    const cited = answered.filter((x) => x.documentName === 'SOC2policies.pdf')
    expect(cited.length).toBeGreaterThanOrEqual(5)
    expect(cited).toHaveLength(answered.length)
    expect(answered.filter((x) => /^\s*(#|\|)|\*\*|^\s*[-*]\s*$/m.test(x.answer))).toEqual([])
    expect(questions.every((x) => (x.answer === '' ? x.llmReviewRespons === 1 : true))).toBe(true)
    expect(cited[0]!.retrievedNarrative).toContain('SOC2policies.pdf, page')

    const [pdfEntry] = (await api(alice, 'GET', `/api/compliancefile/${companyId}`)).json.data as { _id: string }[]
    const download = await api(alice, 'GET', `/api/compliancefile/${pdfEntry!._id}/download`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="SOC2policies.pdf"/)
    expect(download.bytes.equals(await readFile(SOC2))).toBe(true)
    expect((await api(bob, 'GET', `/api/compliancefile/${pdfEntry!._id}/download`)).status).toBe(404)
  })

  it('saves a reviewed answer with its history, counts approvals, and hides it from other tenants', async () => {
    const [first] = (await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as Pick<
      Question,
      '_id' | 'answer' | 'answerSource' | 'draftedBy'
    >[]
    const saved = await api(alice, 'PUT', '/api/questionnaires/answer', {
      questionId: first!._id,
      answer: 'Yes: OWASP ASVS and secure code review.',
      reviewstatus: true,
      llmstatus: true,
      answerHistory: [],
    })
    expect(saved.status).toBe(200)
    const data = saved.json.data as { answer: string; answerHistory: { answer: string; name: string }[] }
    expect(data.answer).toBe('Yes: OWASP ASVS and secure code review.')
    // The replaced text was the drafter's: named by its drafter, not by the reviewer (issue 25).
    if (first!.answer)
      expect(data.answerHistory).toEqual([
        expect.objectContaining({ answer: first!.answer, name: drafterName(first!.answerSource, first!.draftedBy), drafter: true }),
      ])
    expect((await api(alice, 'PUT', '/api/questionnaires/answer', { questionId: first!._id, answer: '  ' })).json.message).toBe('Answer field is required')
    // The CAIQ's Yes / No / Not Applicable columns are the question's choices; the reviewer picks one.
    expect((saved.json.data as { choices: string[] }).choices).toEqual(['Yes', 'No', 'Not Applicable'])
    const wrong = await api(alice, 'PUT', '/api/questionnaires/answer', {
      questionId: first!._id,
      answer: 'Yes: OWASP ASVS and secure code review.',
      choiceValue: 'Maybe',
    })
    expect([wrong.status, wrong.json.message]).toEqual([400, "Choice must be one of the question's options"])
    const chosen = await api(alice, 'PUT', '/api/questionnaires/answer', {
      questionId: first!._id,
      answer: 'Yes: OWASP ASVS and secure code review.',
      choiceValue: 'Yes',
    })
    expect(chosen.json.data).toMatchObject({ choiceValue: 'Yes', llmstatus: true, answerHistory: data.answerHistory })
    const counts = await api(alice, 'GET', `/api/questionnaires/count/${questionnaireId}`)
    expect(counts.json).toMatchObject({ status: true, countOfApproved: 1, total: 294 })
    for (const [method, url, body] of [
      ['GET', `/api/getquestionlist/${questionnaireId}`, undefined],
      ['GET', `/api/questionnaires/count/${questionnaireId}`, undefined],
      ['GET', `/api/downloadquestions/${questionnaireId}`, undefined],
      ['PUT', '/api/questionnaires/answer', { questionId: first!._id, answer: 'hijack' }],
      ['DELETE', `/api/questionnaires/${questionnaireId}`, undefined],
      ['GET', `/api/compliancefile/${companyId}`, undefined],
      ['DELETE', '/api/companys', { id: companyId }],
    ] as const) {
      expect({ method, url, status: (await api(bob, method, url, body)).status }).toEqual({ method, url, status: 404 })
    }
  })

  it('refuses a save made against an older version with the text saved since (issue 22); without a version the last save wins', async () => {
    type Saved = { answer: string; version: number; answerHistory: { answer: string }[] }
    const q = ((await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as ({ _id: string } & Saved)[])[1]!
    const save = (answer: string, version?: number) =>
      api(alice, 'PUT', '/api/questionnaires/answer', { questionId: q._id, answer, ...(version === undefined ? {} : { version }) })
    // Twelve reviewers save the version they all edited at once: one wins, the others get the winner's text.
    const race = await Promise.all(Array.from({ length: 12 }, (_, i) => save(`Reviewer ${i}'s answer`, q.version)))
    expect(race.map((r) => r.status).sort()).toEqual([200, ...Array(11).fill(409)])
    const winner = race.find((r) => r.status === 200)!.json.data as Saved
    expect(winner.version).toBe(q.version + 1)
    const now = { _id: q._id, answer: winner.answer, version: winner.version, savedBy: 'Test User', savedAt: expect.any(String) }
    for (const lost of race.filter((r) => r.status === 409)) {
      expect(lost.json).toMatchObject({ status: false, message: 'Someone else saved this answer while you were editing it.', data: now })
    }
    // A stale version alone, later: the same refusal; the version saved since is accepted.
    expect((await save('Late edit', q.version)).json).toMatchObject({ status: false, data: now })
    expect((await save('Merged edit', winner.version)).status).toBe(200)
    // No version (the spec's clients): saved over whatever is there, each replaced text kept in the history once.
    const plain = await Promise.all(['One', 'Two', 'Three', 'Four'].map((text) => save(text)))
    expect(plain.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const last = plain.map((r) => r.json.data as Saved).sort((a, b) => b.version - a.version)[0]!
    expect(last.version).toBe(winner.version + 5)
    expect(last.answerHistory).toHaveLength(winner.answerHistory.length + 5)
    const replaced = ['Merged edit', ...['One', 'Two', 'Three', 'Four'].filter((t) => t !== last.answer)]
    expect(
      last.answerHistory
        .slice(-4)
        .map((h) => h.answer)
        .sort(),
    ).toEqual(replaced.sort())
  })

  it('keeps a comments thread per question, as plain text, for this tenant only', async () => {
    const [q] = (await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as { _id: string; answer: string }[]
    const add = (user: SignedUp, body: Record<string, unknown>) =>
      api(user, 'POST', '/api/enterprise/comment/add', { commentType: 'enterprise', questionnairesId: questionnaireId, ...body })
    expect((await add(alice, { questionId: q!._id, comment: '   ' })).json.message).toBe('Comment field is required')
    expect((await add(alice, { comment: 'no question' })).json.message).toBe('Question ID is missing')
    const xss = '<img src=x onerror=alert(1)> please check the date'
    const added = await add(alice, { questionId: q!._id, comment: xss })
    expect(added.status).toBe(201)
    expect(added.json.data).toMatchObject({
      comment: xss,
      commentType: 'enterprise',
      questionId: q!._id,
      questionnairesId: questionnaireId,
      user: { firstName: 'Test', lastName: 'User' },
    })
    // A comment sent with an answer (the spec's answer payload) joins the same thread.
    await api(alice, 'PUT', '/api/questionnaires/answer', { questionId: q!._id, answer: q!.answer || 'An answer', comment: 'Checked with the CISO' })
    const list = await api(alice, 'GET', `/api/enterprise/comment/list?questionId=${q!._id}&questionnairesId=${questionnaireId}`)
    expect((list.json.data as { comment: string }[]).map((c) => c.comment)).toEqual([xss, 'Checked with the CISO'])
    expect((await api(alice, 'GET', `/api/enterprise/comment/list?questionId=${q!._id}&questionnairesId=${crypto.randomUUID()}`)).status).toBe(404)
    expect((await api(bob, 'GET', `/api/enterprise/comment/list?questionId=${q!._id}`)).status).toBe(404)
    expect((await add(bob, { questionId: q!._id, comment: 'intrusion' })).status).toBe(404)
  })

  it("answers a one-off question from the tenant's documents, with citations", async () => {
    const res = await api(alice, 'POST', '/api/fs/generate-answer', { question: 'Is multi-factor authentication required for remote access?' })
    expect(res.status).toBe(200)
    const data = res.json.data as { answer: string; llmReviewRespons: number; citations: { documentName: string; page: number; text: string }[] }
    expect(data.answer.length).toBeGreaterThan(20)
    expect(data.citations.length).toBeGreaterThan(0)
    expect(data.citations[0]).toMatchObject({ documentName: 'SOC2policies.pdf', page: expect.any(Number) })
    const generation = await api(
      alice,
      'GET',
      `/api/fs/responsellm?question=${encodeURIComponent('Is multi-factor authentication required for remote access?')}`,
    )
    expect(generation.json.generation).toBe(data.answer)
    expect((await api(alice, 'POST', '/api/fs/generate-answer', { question: '  ' })).json.message).toBe('Question is required')
    // Another tenant's documents are not evidence: bob has none, so nothing is drafted for him.
    expect(
      (await api(bob, 'POST', '/api/fs/generate-answer', { question: 'Is multi-factor authentication required for remote access?' })).json.data,
    ).toMatchObject({ answer: '', citations: [], llmReviewRespons: 1 })
  })

  it('exports questions_and_answers.xlsx and the customer workbook with the answers written in', async () => {
    const plain = await api(alice, 'GET', `/api/downloadquestions/${questionnaireId}`)
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-disposition')).toContain('questions_and_answers.xlsx')
    const rows = (await readWorkbook(plain.bytes)).sheets[0]!.rows
    expect(rows).toHaveLength(295)
    expect(rows[1]!.slice(1, 5)).toEqual([
      'AIS-01.1',
      expect.stringMatching(/^Do you use industry standards/),
      'Yes: OWASP ASVS and secure code review.',
      'Approved',
    ])

    const filled = await api(alice, 'GET', `/api/questionnaires/${questionnaireId}/with-answers`)
    expect(filled.status).toBe(200)
    expect(filled.headers.get('content-disposition')).toContain('Questionnaire_with_Answers.xlsx')
    const sheet = (await readWorkbook(filled.bytes)).sheets[0]!
    const original = (await readWorkbook(await readFile(CAIQ))).sheets[0]!
    expect(sheet.rows[4]![8]).toBe('Yes: OWASP ASVS and secure code review.') // I5, the Notes column of AIS-01.1
    expect(sheet.rows[4]!.slice(5, 8)).toEqual(['x', original.rows[4]![6], original.rows[4]![7]]) // F5: Yes marked
    expect(sheet.rows[4]!.slice(0, 5)).toEqual(original.rows[4]!.slice(0, 5))
  })

  it('answers the file host calls: questions and answers by file, re-drafting, document sets, index deletion', async () => {
    const byName = await api(alice, 'GET', '/api/fs/llm/questions?file_name=caiq%20v3.xlsx')
    expect((byName.json.data as unknown[]).length).toBe(294)
    const answers = await api(alice, 'GET', `/api/fs/llm/answers?collection_name=${questionnaireId}`)
    expect((answers.json.data as { answer: string }[])[0]!.answer).toBe('Yes: OWASP ASVS and secure code review.')
    const sets = (await api(alice, 'GET', '/api/fs/test-collections')).json.data as { _id: string; fileName: string; pages: number }[]
    expect(sets).toEqual([expect.objectContaining({ fileName: 'SOC2policies.pdf', pages: 167 })])
    expect((await api(bob, 'GET', '/api/fs/test-collections')).json.data).toEqual([])

    const before = (await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as { _id: string; answer: string }[]
    const redraft = await api(alice, 'POST', '/api/fs/get-llm-answer-of-questions', { questionnaireId })
    expect(redraft.status).toBe(202)
    // Only questions without an answer are drafted again: existing answers are never replaced.
    expect((redraft.json.data as { questions: number }).questions).toBe(before.filter((q) => !q.answer).length)
    for (let i = 0; i < 100; i++) {
      const list = (await api(alice, 'GET', `/api/questionnaires/${companyId}`)).json.data as { _id: string; drafted: number; total: number }[]
      if (list.find((x) => x._id === questionnaireId)?.drafted === 294) break
      await new Promise((r) => setTimeout(r, 200))
    }
    const after = (await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as { answer: string; drafted: boolean }[]
    expect(after.every((q) => q.drafted)).toBe(true)
    expect(after.map((q) => q.answer).filter((_a, i) => before[i]!.answer)).toEqual(before.filter((q) => q.answer).map((q) => q.answer))
    expect((await api(bob, 'POST', '/api/fs/get-llm-answer-of-questions', { questionnaireId })).status).toBe(404)

    expect((await api(bob, 'POST', '/api/fs/enterpriseapps-compliance-pineconedata-delete', { id: sets[0]!._id })).status).toBe(404)
    const deleted = await api(alice, 'POST', '/api/fs/enterpriseapps-compliance-pineconedata-delete', { id: sets[0]!._id })
    expect((deleted.json.data as { deleted: number }).deleted).toBeGreaterThan(100)
  })

  it('deletes the client with its files and index', async () => {
    expect((await api(alice, 'DELETE', '/api/companys', { id: companyId })).status).toBe(200)
    expect((await api(alice, 'GET', '/api/companys')).json.data).toEqual([])
    expect(await tp.portal.ctx.blobs!.list(`${(JSON.parse(Buffer.from(alice.token.split('.')[1]!, 'base64url').toString()) as { tid: string }).tid}/`)).toEqual(
      [],
    )
  })
})
