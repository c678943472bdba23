// What the review page reads (issue 14), through the HTTP API of a whole portal with the offline
// drafter: a cited knowledge-base document is shown inline at its page (tenant-scoped, as a PDF,
// never sniffed), each drafted answer names its document while the document is there, the
// questionnaire's details name its client, and "answered" counts what a person approved or wrote,
// never a draft.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { ReviewCounts } from '@portal/contracts'
import { callAs, type DraftingProgress, formOf, type SignedUp, signUp, startTestPortal, type TestPortal, until, untilDrafted } from '../support/portal.js'
import { MINIMAL_SOC2_PDF, SECURITY_QUESTIONS, unansweredWorkbook } from '../support/security-questions.js'

interface QuestionItem {
  _id: string
  answer: string
  answerSource: string
  documentName: string
  fileAndFolder: string
  sourceDocumentId: string
  sourcePage: number | null
  llmstatus: boolean
}

describe('review sources, details and answered counts', () => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  let companyId: string
  let docId: string
  let questionnaireId: string
  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const upload = async (kind: 'compliance' | 'questionnaire', name: string, bytes: Buffer) => {
    const fd = formOf({ [kind === 'compliance' ? 'companyId' : 'company_id']: companyId }, [[name, bytes]])
    const res = await api(alice, 'POST', kind === 'compliance' ? '/api/fs/enterpriseapps-compliance-uploadfile' : '/api/questionnaires/save', fd)
    expect(res.status).toBe(201)
    return (res.json.data as { _id: string }[])[0]!._id
  }
  /** Each question as opened: its cited source comes with it, not with the list (issue 26). */
  const questions = async () => {
    const rows = (await api(alice, 'GET', `/api/getquestionlist/${questionnaireId}`)).json.data as { _id: string }[]
    return Promise.all(rows.map(async (r) => (await api(alice, 'GET', `/api/questionnaires/question/${r._id}`)).json.data as QuestionItem))
  }
  const counts = async () =>
    (await api(alice, 'GET', `/api/questionnaires/count/${questionnaireId}`)).json as Record<string, unknown> & { review: ReviewCounts }

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true })
    alice = await signUp(tp, 'alice@sources-one.example')
    bob = await signUp(tp, 'bob@sources-two.example')
    companyId = (
      (await api(alice, 'POST', '/api/companys', { companyName: 'Global Bank', compliance_bucket: 'c', questionnaires_bucket: 'q' })).json.data as {
        _id: string
      }
    )._id
    docId = await upload('compliance', 'soc2 policies.pdf', await readFile(MINIMAL_SOC2_PDF))
    await until('the document to be read', async () => {
      const list = (await api(alice, 'GET', `/api/compliancefile/${companyId}`)).json.data as { state: string }[]
      return list.every((f) => f.state === 'ready') ? true : undefined
    })
    questionnaireId = await upload('questionnaire', 'sources.xlsx', await unansweredWorkbook(SECURITY_QUESTIONS, 'S'))
    await untilDrafted(
      'drafting to finish',
      async () => (await api(alice, 'GET', `/api/questionnaires/${companyId}`)).json.data as DraftingProgress[],
      questionnaireId,
    )
  }, 120_000)
  afterAll(async () => tp?.stop())

  it('shows a knowledge-base document inline, as a PDF, to its own tenant only', async () => {
    const res = await api(alice, 'GET', `/api/compliancefile/${docId}/view`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="soc2policies\.pdf"/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toMatch(/no-store/)
    expect(res.bytes.equals(await readFile(MINIMAL_SOC2_PDF))).toBe(true)
    // Another tenant's id, another kind of file, no such file, not an id: 404, never the bytes.
    for (const [user, id] of [
      [bob, docId],
      [alice, questionnaireId],
      [alice, crypto.randomUUID()],
      [alice, 'not-an-id'],
    ] as const) {
      const other = await api(user, 'GET', `/api/compliancefile/${id}/view`)
      expect(other.status).toBe(404)
      expect(other.bytes.length).toBe(0)
    }
    expect((await fetch(`${tp.url}/api/compliancefile/${docId}/view`)).status).toBe(401)
  })

  it("names the questionnaire's client, for its own tenant only", async () => {
    const res = await api(alice, 'GET', `/api/questionnaires/${questionnaireId}/details`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: true, data: { _id: questionnaireId, fileName: 'sources.xlsx', companyId, clientName: 'Global Bank' } })
    expect((await api(bob, 'GET', `/api/questionnaires/${questionnaireId}/details`)).status).toBe(404)
    expect((await api(alice, 'GET', `/api/questionnaires/${docId}/details`)).status).toBe(404)
  })

  it('names the cited document and page of each drafted answer', async () => {
    const list = await questions()
    const cited = list.filter((q) => q.answerSource === 'documents' && q.documentName)
    expect(cited.length).toBeGreaterThan(0)
    for (const q of cited) {
      expect(q.sourceDocumentId).toBe(docId)
      expect(q.sourcePage).toBe(Number(/#page=(\d+)$/.exec(q.fileAndFolder)![1]))
    }
    for (const q of list.filter((x) => !x.documentName)) expect(q).toMatchObject({ sourceDocumentId: '', sourcePage: null })
  })

  it('counts as answered only what a person approved or wrote, not drafts', async () => {
    const list = await questions()
    const drafts = list.filter((q) => q.answer)
    const empty = list.filter((q) => !q.answer)
    expect(drafts.length).toBeGreaterThanOrEqual(2)
    expect(empty.length).toBeGreaterThan(0)
    expect(await counts()).toEqual({
      status: true,
      countOfApproved: 0,
      countOfReview: SECURITY_QUESTIONS.length,
      total: SECURITY_QUESTIONS.length,
      answered: 0,
      filled: drafts.length,
      drafted: SECURITY_QUESTIONS.length,
      empty: empty.length,
      // The review counts (issue 25): the offline drafter's drafts are to review, the questions without one empty.
      review: expect.objectContaining({
        total: SECURITY_QUESTIONS.length,
        approved: 0,
        needsReview: drafts.length,
        empty: empty.length,
        drafted: drafts.length,
      }),
    })

    const put = (q: QuestionItem, answer: string, llmstatus: boolean) =>
      api(alice, 'PUT', '/api/questionnaires/answer', { questionId: q._id, answer, reviewstatus: llmstatus, llmstatus, answerHistory: [] })
    expect((await put(drafts[0]!, drafts[0]!.answer, false)).status).toBe(200) // a draft saved unchanged: still a draft
    expect(await counts()).toMatchObject({ answered: 0, filled: drafts.length })
    expect((await put(drafts[0]!, `${drafts[0]!.answer} Reviewed by the CISO.`, false)).status).toBe(200) // edited by a person
    expect((await put(drafts[1]!, drafts[1]!.answer, true)).status).toBe(200) // approved as drafted
    expect((await put(empty[0]!, 'Yes, every quarter.', false)).status).toBe(200) // written by a person
    expect(await counts()).toMatchObject({ countOfApproved: 1, answered: 3, filled: drafts.length + 1, empty: empty.length - 1 })
    // One approved; the edited draft and the person's answer still to review (not approved).
    expect((await counts()).review).toMatchObject({ approved: 1, needsReview: drafts.length, empty: empty.length - 1 })
    const item = ((await api(alice, 'GET', `/api/questionnaires/${companyId}`)).json.data as { _id: string }[]).find((f) => f._id === questionnaireId)
    expect(item).toMatchObject({ answered: 3, approved: 1, filled: drafts.length + 1 })
    // The edit keeps its source link; the one a person wrote has none.
    const after = new Map((await questions()).map((q) => [q._id, q]))
    expect(after.get(empty[0]!._id)).toMatchObject({ sourceDocumentId: '' })
  })

  it('drops the link once the cited document is deleted', async () => {
    expect((await api(alice, 'DELETE', `/api/compliancefile/${docId}`)).status).toBe(200)
    expect((await questions()).every((q) => q.sourceDocumentId === '')).toBe(true)
    expect((await api(alice, 'GET', `/api/compliancefile/${docId}/view`)).status).toBe(404)
  })
})
