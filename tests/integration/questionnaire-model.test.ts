// Drafting through a configured model (OPENAI_BASE_URL): the worker sends each question with its
// retrieved evidence and stores the validated, cited reply, as the model's, saying why it needs
// review. The model here answers from the evidence when it can and, when it cannot, claims full
// compliance anyway: those claims never reach the saved answers.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { textPdf } from '@portal/pdf-writer'
import { type DraftingData, draftingData, type FakeOpenAI, groundedReply, startFakeOpenAI } from '../support/fake-openai.js'
import { confirmColumns, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const LIE = 'Yes, we are fully compliant with this requirement and certified for it.'
// A client policy that answers three of the questionnaire's items outright, one of them with a No.
const ACCESS_POLICY = textPdf([
  [
    '# Access management',
    'A periodic review of access rights is conducted every quarter by each system owner.',
    'MFA is enabled for all sensitive operations, including production access and payments.',
    '# Insurance',
    'We are not covered by a cyber insurance policy at this time.',
  ],
])

interface Question {
  question: string
  answer: string
  choiceValue: string | null
  choices: string[]
  documentName: string
  llmReviewRespons: number
  reviewReason: string
  answerSource: string
}

describe.each(dbKinds())('drafting with a model on %s', (db) => {
  let fake: FakeOpenAI
  let tp: TestPortal
  let user: SignedUp
  const seen: DraftingData[] = []
  let lies = 0

  beforeAll(async () => {
    fake = await startFakeOpenAI((req) => {
      const data = draftingData(req)
      seen.push(data)
      const grounded = groundedReply(data)
      if (grounded) return JSON.stringify(grounded)
      lies++
      return JSON.stringify({ answer: LIE, choice: 'yes', confidence: 0.95, citations: ['E1'] })
    })
    tp = await startTestPortal({ db, listen: true, env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-fake', LLM_MODEL: 'fake-model' } })
    user = await signUp(tp, 'mo@model-co.example')
  })
  afterAll(async () => {
    await tp?.stop()
    await fake?.close()
  })

  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${tp.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${user.token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    })
    return (await res.json()) as { status?: boolean; data: unknown; message?: string }
  }
  const upload = async (url: string, fields: Record<string, string>, file: string) => {
    const fd = new FormData()
    for (const [k, v] of Object.entries(fields)) fd.append(k, v)
    fd.append('files', new Blob([new Uint8Array(await readFile(file))]), path.basename(file))
    return call('POST', url, fd)
  }

  it("drafts every question through the model, saving only what the cited evidence supports, as the model's", async () => {
    const company = (await call('POST', '/api/companys', { companyName: 'Model Client', compliance_bucket: 'c', questionnaires_bucket: 'q' })).data as {
      _id: string
    }
    await upload(
      '/api/fs/enterpriseapps-compliance-uploadfile',
      { companyId: company._id },
      path.join(DATA, 'policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf'),
    )
    const fd = new FormData()
    fd.append('companyId', company._id)
    fd.append('files', new Blob([new Uint8Array(ACCESS_POLICY)]), 'access-policy.pdf')
    await call('POST', '/api/fs/enterpriseapps-compliance-uploadfile', fd)
    for (let i = 0; i < 100; i++) {
      const files = (await call('GET', `/api/compliancefile/${company._id}`)).data as { state: string }[]
      if (files.length === 2 && files.every((f) => f.state === 'ready')) break
      await new Promise((r) => setTimeout(r, 200))
    }
    const saved = (await upload('/api/questionnaires/save', { company_id: company._id }, path.join(DATA, 'questionnaires/intuitem/vendor-due-diligence.xlsx')))
      .data as { _id: string }[]
    const id = saved[0]!._id
    // A library of statements: the product asks to check its columns; they are right as read.
    await confirmColumns(call, company._id, id)
    for (let i = 0; i < 150; i++) {
      const list = (await call('GET', `/api/questionnaires/${company._id}`)).data as { _id: string; total: number; drafted: number }[]
      const q = list.find((x) => x._id === id)
      if (q && q.total > 0 && q.drafted === q.total) break
      await new Promise((r) => setTimeout(r, 200))
    }
    // Each question as opened: the source it was drafted from comes with it, not with the list (issue 26).
    const rows = (await call('GET', `/api/getquestionlist/${id}`)).data as { _id: string }[]
    const questions = await Promise.all(rows.map(async (r) => (await call('GET', `/api/questionnaires/question/${r._id}`)).data as Question))
    expect(questions).toHaveLength(46)
    expect(fake.requests.length).toBeGreaterThan(0)
    expect(fake.requests.every((r) => r.model === 'fake-model')).toBe(true)

    // What the model drew from the evidence is saved as the model's, cited, word for word from it.
    const evidence = seen.flatMap((d) => d.evidence.map((e) => e.text.replace(/\s+/g, ' ')))
    const modelDrafted = questions.filter((q) => q.answerSource === 'model')
    expect(modelDrafted.length).toBeGreaterThan(0)
    for (const q of modelDrafted) {
      expect(evidence.some((t) => t.includes(q.answer))).toBe(true)
      expect(['security_37signals_Security_Overview_2022-09.pdf', 'access-policy.pdf']).toContain(q.documentName)
    }
    // A statement that answers the item outright needs no review; a Yes the passage contradicts is cleared.
    const byText = (start: string) => questions.find((q) => q.question.startsWith(start))!
    expect(byText('A periodic review of access rights')).toMatchObject({
      answer: 'A periodic review of access rights is conducted every quarter by each system owner.',
      documentName: 'access-policy.pdf',
      answerSource: 'model',
      llmReviewRespons: 0,
      reviewReason: '',
    })
    expect(byText('MFA is enabled')).toMatchObject({ answerSource: 'model', llmReviewRespons: 0, reviewReason: '' })
    expect(byText('The organisation is covered by a cyber insurance')).toMatchObject({
      answer: 'We are not covered by a cyber insurance policy at this time.',
      answerSource: 'model',
      llmReviewRespons: 1,
      reviewReason: 'No cited passage states the Yes / No / N.A. the model chose (cleared)',
    })
    // What it claimed without evidence is not saved anywhere, and no choice rides on it.
    expect(lies).toBeGreaterThan(0)
    expect(questions.filter((q) => q.answer.includes('fully compliant'))).toEqual([])
    // Every draft left for review says why; a draft with nothing against it has no reason.
    for (const q of questions) expect(q.llmReviewRespons === 1 ? q.reviewReason.length > 0 : q.reviewReason === '').toBe(true)
    expect(questions.filter((q) => !q.answer).every((q) => q.answerSource === '' && q.choiceValue === null)).toBe(true)
  })
})
