// Counts and flow of a questionnaire (issue 11), through the HTTP API of the whole portal with a
// model server (a slow protocol-level fake that records what it is asked and how many calls are in
// flight): "answered" counts what a person approved or wrote, "filled" non-empty answers (drafts included); drafting starts as soon as the client's last
// document is read (the document's end queues it, not a retry delay); clicking Re-draft twice never
// runs two draft jobs of a questionnaire at once; answers citing a document that is replaced,
// removed from the index or deleted go back to review with the reason. In-process queue on PGlite,
// and BullMQ on PostgreSQL when the machine's servers are there.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { events, JOBS } from '@portal/contracts'
import { systemView } from '@portal/db'
import { insertFile, questionnaireDb } from '@portal/questionnaire-store'
import { buildQuestionsWorkbook } from '@portal/sheets'
import type { Kysely } from 'kysely'
import { callAs, type DbKind, formOf, until as pollUntil, type SignedUp, signUp, startTestPortal, type TestPortal, untilDrafted } from '../support/portal.js'

const POLICIES = path.resolve(process.cwd(), 'tests/fixtures/policies')
const BASECAMP = path.join(POLICIES, 'basecamp_37signals/security_Basecamp_Security_Overview_2021-02-04.pdf')
const SIGNALS = path.join(POLICIES, 'basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf')
const SOC2 = path.join(POLICIES, 'open_access_policies/minimal-soc2_compiled.pdf')
const MODEL_DELAY_MS = 25

/** Questions the fake model answers (from a cited sentence) carry one of these words; the rest get no answer. */
const ANSWERED = /encrypt|backup|password|two-factor/i
const QUESTIONS = [
  'Is customer data encrypted in transit and at rest?',
  'Are backups of customer data taken and tested?',
  'Are employee passwords managed with a password manager?',
  'Is two-factor authentication required for staff?',
  'Do you run your own data centers?',
  'Is there a security team on call?',
  'Do employees receive security training?',
  'Are laptops protected when lost?',
  'Is access to customer data logged?',
  'Is there a bug bounty program for security researchers?',
  'Do you monitor the network for intrusions?',
  'Are vendors reviewed for security?',
]

interface ModelCall {
  at: number
  question: string
}

/** An OpenAI-compatible fake: answers with the first plain sentence of the first evidence item, citing every item. */
async function startSlowModel() {
  const calls: ModelCall[] = []
  let inFlight = 0
  let most = 0
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      inFlight++
      most = Math.max(most, inFlight)
      const parsed = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] }
      const user = parsed.messages.find((m) => m.role === 'user')?.content ?? ''
      const data = JSON.parse(user.slice(user.indexOf('{'))) as { question: string; evidence: { id: string; text: string }[] }
      calls.push({ at: Date.now(), question: data.question })
      const sentence = ANSWERED.test(data.question)
        ? (data.evidence[0]?.text
            .split(/(?<=[.!?])\s+/)
            .map((s) => s.replace(/\s+/g, ' ').trim())
            .find((s) => s.length > 30 && !/https?:|www\.|[<>[\]#*|]/.test(s)) ?? '')
        : ''
      const reply = sentence
        ? { answer: sentence, choice: null, confidence: 0.9, citations: data.evidence.map((e) => e.id) }
        : { answer: '', choice: null, confidence: 0, citations: [] }
      setTimeout(() => {
        inFlight--
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            id: `chatcmpl-${calls.length}`,
            object: 'chat.completion',
            created: 1,
            model: parsed.model,
            choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(reply) }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        )
      }, MODEL_DELAY_MS)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    calls,
    /** Most calls in flight at once since the last reset. */
    most: () => most,
    reset: () => {
      most = inFlight
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

const model = await startSlowModel()
afterAll(async () => model.close())

// No sweep during the tests: "starts drafting when the last document is read" leaves a document
// queued without its job on purpose, which a sweep (every 30 s by default) would read early.
const modelEnv = { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'test', LLM_CONCURRENCY: '1', SWEEP_INTERVAL: '3600' }
const variants: [string, { db?: DbKind; env: () => Record<string, string> }][] = [['in-process queue, PGlite', { env: () => modelEnv }]]
if (process.env['TEST_DATABASE_URL'] && process.env['REDIS_URL']) {
  variants.push([
    'BullMQ, PostgreSQL',
    { db: 'pg', env: () => ({ ...modelEnv, REDIS_URL: process.env['REDIS_URL']!, QUEUE_PREFIX: `it-${crypto.randomUUID()}` }) },
  ])
}

const tenantOf = (u: SignedUp) => (JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString()) as { tid: string }).tid
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const today = () => new Date().toISOString().slice(0, 10)

interface FileItem {
  _id: string
  state: string
  error: string | null
  total: number
  drafted: number
  answered?: number
  approved?: number
  filled?: number
  files: { fileName: string }[]
}
interface QuestionItem {
  _id: string
  question: string
  answer: string
  llmstatus: boolean
  reviewstatus: boolean
  llmReviewRespons: number
  reviewReason: string
}

describe.each(variants)('questionnaire counts and flow (%s)', (_name, variant) => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  let companyId: string
  let questionnaireId: string

  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const upload = async (kind: 'compliance' | 'questionnaire', company: string, name: string, bytes: Buffer) => {
    const fd = formOf({ [kind === 'compliance' ? 'companyId' : 'company_id']: company }, [[name, bytes]])
    const res = await api(alice, 'POST', kind === 'compliance' ? '/api/fs/enterpriseapps-compliance-uploadfile' : '/api/questionnaires/save', fd)
    expect(res.status).toBe(201)
    return (res.json.data as { _id: string }[])[0]!._id
  }
  /** Polls every 50 ms, for 40 s unless told. */
  const until = <T>(what: string, fn: () => Promise<T | undefined>, ms = 40_000) => pollUntil(what, fn, ms, 50)
  const files = async (kind: 'compliance' | 'questionnaire', company = companyId) =>
    (await api(alice, 'GET', kind === 'compliance' ? `/api/compliancefile/${company}` : `/api/questionnaires/${company}`)).json.data as FileItem[]
  const drafted = (id: string, company = companyId) => untilDrafted('drafting to finish', () => files('questionnaire', company), id, { ms: 40_000, every: 50 })
  const documentsRead = (company = companyId) =>
    until('the documents to be read', async () => {
      const list = await files('compliance', company)
      return list.every((f) => f.state === 'ready') ? list : undefined
    })
  const questions = async () => (await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as QuestionItem[]
  /** Questions citing a passage of the document, read from the database (citations name chunks). */
  const citing = async (documentId: string) => {
    const db = questionnaireDb(systemView(tp.portal.ctx.db!))
    const chunks = new Set(
      (
        await (db as unknown as Kysely<{ chunk: { id: string; documentId: string } }>)
          .selectFrom('chunk')
          .select('id')
          .where('documentId', '=', documentId)
          .execute()
      ).map((c) => String(c.id)),
    )
    const rows = await db.selectFrom('question').select(['id', 'citations']).where('fileId', '=', questionnaireId).execute()
    return new Set(rows.filter((r) => (r.citations as string[]).some((c) => chunks.has(c))).map((r) => r.id))
  }

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, env: variant.env(), ...(variant.db ? { db: variant.db } : {}) })
    alice = await signUp(tp, 'alice@counts-one.example')
    bob = await signUp(tp, 'bob@counts-two.example')
    companyId = (
      (await api(alice, 'POST', '/api/companys', { companyName: 'Counts Client', compliance_bucket: 'c', questionnaires_bucket: 'q' })).json.data as {
        _id: string
      }
    )._id
  })
  afterAll(async () => tp?.stop())

  it('counts as answered only what a person approved or wrote; filled (drafts included), drafted and approved apart', async () => {
    await upload('compliance', companyId, 'basecamp.pdf', await readFile(BASECAMP))
    await upload('compliance', companyId, 'signals.pdf', await readFile(SIGNALS))
    await upload('compliance', companyId, 'soc2.pdf', await readFile(SOC2))
    await documentsRead()
    const rows = QUESTIONS.map((question, i) => ({ questionId: `Q-${i + 1}`, question, answer: '', status: 'Not answered' as const, sources: '' }))
    questionnaireId = await upload('questionnaire', companyId, 'counts.xlsx', await buildQuestionsWorkbook(rows))
    const item = await drafted(questionnaireId)
    const list = await questions()
    const answered = list.filter((q) => q.answer !== '')
    expect(list).toHaveLength(QUESTIONS.length)
    expect(answered.length).toBeLessThan(QUESTIONS.length) // most questions find no answer in these documents
    expect(answered.every((q) => ANSWERED.test(q.question))).toBe(true)

    // Before: "12 of 12 answered" as soon as every question had been through drafting; then the
    // drafts counted as answered (issue 14): nothing is answered until a person approves or writes.
    expect(item).toMatchObject({ total: 12, drafted: 12, answered: 0, filled: answered.length, approved: 0 })
    const counts = await api(alice, 'GET', `/api/questionnaires/count/${questionnaireId}`)
    expect(counts.json).toEqual({
      status: true,
      countOfApproved: 0,
      countOfReview: 12,
      total: 12,
      answered: 0,
      filled: answered.length,
      drafted: 12,
      empty: 12 - answered.length,
      // The review counts every screen shows (issue 25): the model's drafts are to review, the rest empty.
      review: expect.objectContaining({
        total: 12,
        approved: 0,
        needsReview: answered.length,
        empty: 12 - answered.length,
        drafted: answered.length,
        bySource: expect.objectContaining({ model: answered.length }),
      }),
    })

    // Drafts approved, and one answer written by a person: each is answered, approved apart.
    const written = list.find((q) => q.answer === '')!
    expect(
      (
        await api(alice, 'PUT', '/api/questionnaires/answer', {
          questionId: written._id,
          answer: 'Yes, every quarter.',
          reviewstatus: false,
          llmstatus: false,
          answerHistory: [],
        })
      ).status,
    ).toBe(200)
    for (const q of answered) {
      expect(
        (await api(alice, 'PUT', '/api/questionnaires/answer', { questionId: q._id, answer: q.answer, reviewstatus: true, llmstatus: true, answerHistory: [] }))
          .status,
      ).toBe(200)
    }
    const n = answered.length + 1
    expect((await api(alice, 'GET', `/api/questionnaires/count/${questionnaireId}`)).json).toMatchObject({
      countOfApproved: answered.length,
      countOfReview: 12 - answered.length,
      answered: n,
      filled: n,
      drafted: 12,
      empty: 12 - n,
    })
    expect((await files('questionnaire')).find((f) => f._id === questionnaireId)).toMatchObject({ answered: n, filled: n, approved: answered.length })
    expect((await api(bob, 'GET', `/api/questionnaires/count/${questionnaireId}`)).status).toBe(404)
    expect((await api(bob, 'GET', `/api/questionnaires/${companyId}`)).status).toBe(404)
  })

  it('never runs two draft jobs of a questionnaire at once when Re-draft is clicked twice', async () => {
    const empty = (await questions()).filter((q) => q.answer === '').length
    const before = model.calls.length
    model.reset()
    const clicks = await Promise.all([1, 2].map(() => api(alice, 'POST', '/api/fs/get-llm-answer-of-questions', { questionnaireId })))
    expect(clicks.map((c) => c.status)).toEqual([202, 202])
    await until('the model to be asked', async () => (model.calls.length > before ? true : undefined))
    await drafted(questionnaireId)
    await until('the queue to settle', async () => await tp.portal.ctx.queue!.drain(JOBS.draftAnswers).then(() => true))
    // One run at a time: the model (one call at a time per run) never saw two calls at once. The
    // second click's request is drafted by the run holding the questionnaire, after its first pass.
    expect(model.most()).toBe(1)
    const calls = model.calls.length - before
    expect(calls).toBeGreaterThanOrEqual(empty)
    expect(calls).toBeLessThanOrEqual(2 * empty)
    expect((await api(alice, 'GET', `/api/questionnaires/count/${questionnaireId}`)).json).toMatchObject({ drafted: 12, total: 12 })
  })

  it('starts drafting when the last document is read, not after a retry delay', async () => {
    const tenantId = tenantOf(alice)
    const since = Date.now() // the model server serves every variant
    const timing = () => model.calls.filter((c) => c.at >= since && c.question.startsWith('Timing:'))
    const company = (
      (await api(alice, 'POST', '/api/companys', { companyName: 'Timing Client', compliance_bucket: 'c', questionnaires_bucket: 'q' })).json.data as {
        _id: string
      }
    )._id
    // A document still waiting to be read: stored and listed, its job queued only later on.
    const key = `${tenantId}/compliance/${crypto.randomUUID()}`
    await tp.portal.ctx.blobs!.putFile(key, BASECAMP, { contentType: 'application/pdf' })
    const doc = await insertFile(questionnaireDb(systemView(tp.portal.ctx.db!)), tenantId, {
      companyId: company,
      kind: 'compliance',
      fileName: 'late.pdf',
      storageKey: key,
      format: 'pdf',
    })
    let readAt = 0
    const unsubscribe = await tp.portal.ctx.bus!.subscribe(events.documentIngested(tenantId), (_s, p) => {
      if (p['fileId'] === doc.id) readAt = Date.now()
    })
    const rows = ['is customer data encrypted at rest?', 'are backups taken?', 'are passwords stored safely?'].map((q, i) => ({
      questionId: `T-${i + 1}`,
      question: `Timing: ${q}`,
      answer: '',
      status: 'Not answered' as const,
      sources: '',
    }))
    const id = await upload('questionnaire', company, 'timing.xlsx', await buildQuestionsWorkbook(rows))
    await until('the questions to be found', async () => {
      const item = (await files('questionnaire', company)).find((f) => f._id === id)
      if (item?.state === 'failed') throw new Error(item.error ?? 'failed')
      return item?.state === 'ready' ? true : undefined
    })
    // Drafting waits: with retries it would try again 0.5, 1.5, 3.5 and 7.5 s after its first try.
    await sleep(4000)
    expect(timing()).toEqual([])
    await tp.portal.ctx.queue!.add(JOBS.ingestDocument, { tenantId, fileId: doc.id }, { jobId: `compliance-${doc.id}` })
    await drafted(id, company)
    await unsubscribe()
    const started = timing()[0]!.at
    const delay = started - readAt
    console.log(`[${_name}] last document read → drafting started: ${delay} ms`)
    expect(readAt).toBeGreaterThan(0)
    expect(delay).toBeGreaterThanOrEqual(0)
    expect(delay).toBeLessThan(1000) // before: ≈ 3 s here (the next retry), 11 s in the run
  })

  it('sends answers citing a replaced, unindexed or deleted document back to review, saying why', async () => {
    const docs = new Map((await files('compliance')).map((f) => [f.files[0]!.fileName, f._id]))
    const db = questionnaireDb(systemView(tp.portal.ctx.db!))
    const chunkOf = async (documentId: string) =>
      String(
        (
          await (db as unknown as Kysely<{ chunk: { id: string; documentId: string } }>)
            .selectFrom('chunk')
            .select('id')
            .where('documentId', '=', documentId)
            .executeTakeFirstOrThrow()
        ).id,
      )
    // Approved answers, each citing a passage of one document (set here: which passages a model cites
    // is the drafter's business), and one citing none.
    const targets = (await questions()).filter((q) => !q.llmstatus).slice(0, 4)
    const cites = [await chunkOf(docs.get('basecamp.pdf')!), await chunkOf(docs.get('signals.pdf')!), await chunkOf(docs.get('soc2.pdf')!), undefined]
    for (const [i, q] of targets.entries()) {
      await api(alice, 'PUT', '/api/questionnaires/answer', {
        questionId: q._id,
        answer: `Approved answer ${i}.`,
        reviewstatus: true,
        llmstatus: true,
        answerHistory: [],
      })
      await db
        .updateTable('question')
        .set({ citations: JSON.stringify(cites[i] ? [cites[i]] : []) })
        .where('id', '=', q._id)
        .execute()
    }
    const [byBasecamp, bySignals, bySoc2, byNone] = targets.map((q) => q._id)
    const replacedIds = await citing(docs.get('basecamp.pdf')!)
    const unindexedIds = await citing(docs.get('signals.pdf')!)
    const deletedIds = await citing(docs.get('soc2.pdf')!)
    const reasonOf = (id: string) =>
      deletedIds.has(id)
        ? `The cited document soc2.pdf was deleted on ${today()}`
        : unindexedIds.has(id)
          ? `The cited document signals.pdf was removed from the index on ${today()}`
          : replacedIds.has(id)
            ? `The cited document basecamp.pdf was replaced on ${today()}`
            : ''
    const byId = async () => new Map((await questions()).map((q) => [q._id, q]))

    // basecamp.pdf uploaded again: once read, the new version replaces the old one.
    const v2 = await upload('compliance', companyId, 'basecamp.pdf', await readFile(BASECAMP))
    const listed = await until('the old version to go', async () => {
      const list = await files('compliance')
      return list.filter((f) => f.files[0]!.fileName === 'basecamp.pdf').length === 1 && list.every((f) => f.state === 'ready') ? list : undefined
    })
    expect(listed.find((f) => f.files[0]!.fileName === 'basecamp.pdf')!._id).toBe(v2)
    let now = await byId()
    expect(now.get(byBasecamp!)).toMatchObject({
      llmstatus: false,
      reviewstatus: false,
      llmReviewRespons: 1,
      reviewReason: `The cited document basecamp.pdf was replaced on ${today()}`,
    })
    const unflagged = (id: string) => expect(now.get(id)!.reviewReason).not.toMatch(/^The cited document/)
    expect(now.get(bySignals!)!.llmstatus).toBe(true)
    unflagged(bySignals!)
    for (const q of now.values())
      if (replacedIds.has(q._id)) expect(q).toMatchObject({ llmstatus: false, reviewReason: `The cited document basecamp.pdf was replaced on ${today()}` })

    // signals.pdf taken out of the index, then soc2.pdf deleted: each answer says the last thing that happened to its evidence.
    expect((await api(bob, 'POST', '/api/fs/enterpriseapps-compliance-pineconedata-delete', { id: docs.get('signals.pdf') })).status).toBe(404)
    expect((await api(alice, 'POST', '/api/fs/enterpriseapps-compliance-pineconedata-delete', { id: docs.get('signals.pdf') })).status).toBe(200)
    expect((await api(bob, 'DELETE', `/api/compliancefile/${docs.get('soc2.pdf')}`)).status).toBe(404)
    expect((await api(alice, 'DELETE', `/api/compliancefile/${docs.get('soc2.pdf')}`)).status).toBe(200)
    now = await byId()
    expect(now.get(bySignals!)).toMatchObject({
      llmstatus: false,
      llmReviewRespons: 1,
      reviewReason: `The cited document signals.pdf was removed from the index on ${today()}`,
    })
    expect(now.get(bySoc2!)).toMatchObject({ llmstatus: false, llmReviewRespons: 1, reviewReason: `The cited document soc2.pdf was deleted on ${today()}` })
    expect(now.get(byNone!)!.llmstatus).toBe(true)
    unflagged(byNone!)
    for (const q of now.values()) {
      expect({ id: q._id, reason: q.reviewReason.startsWith('The cited document') ? q.reviewReason : '' }).toEqual({ id: q._id, reason: reasonOf(q._id) })
      if (reasonOf(q._id)) expect(q).toMatchObject({ llmstatus: false, llmReviewRespons: 1 })
    }
    expect((await api(alice, 'GET', `/api/questionnaires/count/${questionnaireId}`)).json).toMatchObject({
      countOfApproved: [...now.values()].filter((q) => q.llmstatus).length,
    })
  })
})
