// Issue 25 through the questionnaire routes: the review counts computed one way (count route, file
// list, dashboard agree), approving several answers at once and undoing it (versions honoured,
// another tenant's ids 404, nothing written then), and the history naming the drafter of a draft.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { ApprovalState, Question, QuestionListItem, ReviewCounts } from '@portal/contracts'
import { testDatabaseKinds } from '@portal/db'
import { insertCompany, insertFile, replaceQuestions, saveDraft } from '@portal/questionnaire-store'
import { buildHarness, call, type Harness } from './harness.js'

const draft = (answer: string, answerSource: 'documents' | 'model' | 'library', needsReview = false) => ({
  answer,
  choiceValue: undefined,
  citations: [],
  needsReview,
  reviewReason: needsReview ? 'Drafted with weak evidence' : '',
  answerSource,
  retrievedNarrative: '',
  documentName: '',
  fileAndFolder: '',
  ...(answerSource === 'model' ? { draftedBy: 'gpt-test-mini' } : {}),
})

describe.each(testDatabaseKinds())('bulk review on %s', (_kind, open) => {
  let h: Harness
  let a: { token: string; tenantId: string }
  let b: { token: string; tenantId: string }
  let fileId = ''
  let companyId = ''
  const list = async (token = a.token) => (await call(h, 'GET', `/api/getquestionlist/${fileId}`, { token })).body.data as QuestionListItem[]
  /** The question opened: its history comes with it (issue 26), not with the list. */
  const opened = async (id: string) => (await call(h, 'GET', `/api/questionnaires/question/${id}`, { token: a.token })).body.data as Question

  beforeAll(async () => {
    h = await buildHarness(open)
    a = await h.staff()
    b = await h.staff()
    const company = await insertCompany(h.db, a.tenantId, { companyName: 'Acme', complianceBucket: 'c', questionnairesBucket: 'q' })
    companyId = company.id
    const file = await insertFile(h.db, a.tenantId, { companyId, kind: 'questionnaire', fileName: 'q.xlsx', storageKey: 'k', format: 'xlsx' })
    fileId = file.id
    await h.db.updateTable('file').set({ state: 'ready', total: 5, drafted: 5 }).where('id', '=', fileId).execute()
    const qs = ['Encrypted at rest?', 'Backups tested?', 'MFA for staff?', 'Own data centers?', 'Bug bounty?']
    await replaceQuestions(
      h.db,
      a.tenantId,
      fileId,
      qs.map((question, i) => ({ sheet: 'S', row: i + 2, questionRef: `Q${i + 1}`, question, answerCells: [] })),
    )
    const rows = await list()
    await saveDraft(h.db, a.tenantId, rows[0]!._id, draft('Data is encrypted with AES-256.', 'documents'))
    await saveDraft(h.db, a.tenantId, rows[1]!._id, draft('Backups are restored monthly.', 'model'))
    await saveDraft(h.db, a.tenantId, rows[2]!._id, draft('Maybe.', 'documents', true))
    await saveDraft(h.db, a.tenantId, rows[3]!._id, draft('We use AWS.', 'library'))
  })
  afterAll(async () => h?.close())

  const countsEverywhere = async () => {
    const count = (await call(h, 'GET', `/api/questionnaires/count/${fileId}`, { token: a.token })).body.review as ReviewCounts
    const files = (await call(h, 'GET', `/api/questionnaires/${companyId}`, { token: a.token })).body.data as { review: ReviewCounts }[]
    const dash = (await call(h, 'GET', '/api/questionnaire/dashboard', { token: a.token })).body.data as {
      items: { _id: string; needsReview: number; review: ReviewCounts }[]
    }
    const item = dash.items.find((i) => i._id === fileId)!
    expect(files[0]!.review).toEqual(count)
    expect(item.review).toEqual(count)
    expect(item.needsReview).toBe(count.needsReview)
    return count
  }

  it('counts drafts, review, flags and empties one way on every route', async () => {
    const c = await countsEverywhere()
    expect(c).toEqual({
      total: 5,
      approved: 0,
      needsReview: 4,
      flagged: 1,
      empty: 1,
      drafted: 4,
      bySource: { library: 1, pair: 0, documents: 2, model: 1 },
      model: 'gpt-test-mini',
    })
    const rows = await list()
    expect(rows[1]!.draftedBy).toBe('gpt-test-mini')
    expect(rows[0]!.draftedBy).toBe('')
    expect(rows[0]!.draftedAt).toEqual(expect.any(String))
  })

  it("answers 404 for another tenant's ids and writes nothing", async () => {
    const rows = await list()
    const questions = rows.slice(0, 2).map((q) => ({ questionId: q._id, version: q.version }))
    const foreign = await call(h, 'POST', '/api/questionnaires/answer/approve-bulk', { token: b.token, body: { questions } })
    expect(foreign.status).toBe(404)
    // One foreign (here: unknown) id among the caller's own refuses the whole request.
    const mixed = await call(h, 'POST', '/api/questionnaires/answer/approve-bulk', {
      token: a.token,
      body: { questions: [...questions, { questionId: crypto.randomUUID(), version: 1 }] },
    })
    expect(mixed.status).toBe(404)
    const undo = await call(h, 'POST', '/api/questionnaires/answer/approve-bulk/undo', {
      token: b.token,
      body: { previous: [{ questionId: rows[0]!._id, llmstatus: false, reviewstatus: false, version: rows[0]!.version }] },
    })
    expect(undo.status).toBe(404)
    expect((await countsEverywhere()).approved).toBe(0)
    expect((await call(h, 'POST', '/api/questionnaires/answer/approve-bulk', { token: a.token, body: { questions: [] } })).status).toBe(400)
  })

  it('approves several at once, refuses a stale version, and undoes exactly those', async () => {
    const rows = await list()
    const picked = [rows[0]!, rows[1]!, rows[4]!] // two drafts and an empty question (left as it is)
    const stale = await call(h, 'POST', '/api/questionnaires/answer/approve-bulk', {
      token: a.token,
      body: { questions: picked.map((q, i) => ({ questionId: q._id, version: i === 0 ? q.version - 1 : q.version })) },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toMatch(/changed by someone else/)

    const ok = await call(h, 'POST', '/api/questionnaires/answer/approve-bulk', {
      token: a.token,
      body: { questions: picked.map((q) => ({ questionId: q._id, version: q.version })) },
    })
    expect(ok.status).toBe(200)
    const { changed, previous } = ok.body.data as { changed: number; previous: ApprovalState[] }
    expect(changed).toBe(2)
    expect(previous.map((p) => p.questionId).sort()).toEqual([rows[0]!._id, rows[1]!._id].sort())
    let c = await countsEverywhere()
    expect([c.approved, c.needsReview, c.empty]).toEqual([2, 2, 1])
    const after = await list()
    expect(after[0]!.llmstatus && after[0]!.reviewstatus).toBe(true)
    expect((await opened(after[0]!._id)).answerHistory).toEqual([]) // the text did not change

    const undone = await call(h, 'POST', '/api/questionnaires/answer/approve-bulk/undo', { token: a.token, body: { previous } })
    expect(undone.status).toBe(200)
    c = await countsEverywhere()
    expect([c.approved, c.needsReview, c.empty]).toEqual([0, 4, 1])
    // The same undo again: those answers changed since (the undo itself), so it is refused.
    expect((await call(h, 'POST', '/api/questionnaires/answer/approve-bulk/undo', { token: a.token, body: { previous } })).status).toBe(409)
  })

  it("names the drafter, at the draft's time, when a reviewer replaces a draft", async () => {
    const [offline, model] = await list()
    for (const q of [offline!, model!]) {
      const put = await call(h, 'PUT', '/api/questionnaires/answer', {
        token: a.token,
        body: { questionId: q._id, answer: `${q.answer} Reviewed.`, version: q.version },
      })
      expect(put.status).toBe(200)
    }
    const [o, m] = await list()
    expect((await opened(o!._id)).answerHistory).toEqual([{ answer: offline!.answer, createdAt: offline!.draftedAt, name: 'Offline drafter', drafter: true }])
    expect((await opened(m!._id)).answerHistory[0]).toMatchObject({ answer: model!.answer, name: 'gpt-test-mini', drafter: true })
    // A second edit replaces the reviewer's text: named by the reviewer.
    await call(h, 'PUT', '/api/questionnaires/answer', { token: a.token, body: { questionId: o!._id, answer: 'Third text.', version: o!.version } })
    const again = await opened(o!._id)
    expect(again.answerHistory[1]).toMatchObject({ answer: o!.answer })
    expect(again.answerHistory[1]!.drafter).toBeUndefined()
    expect(again.answerHistory[1]!.name).not.toBe('Offline drafter')
  })
})
