// Drafting through a configured model (OPENAI_BASE_URL): the worker sends each question with its
// retrieved evidence and stores the validated, cited reply.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js'
import { type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')

describe('drafting with a model', () => {
  let fake: FakeOpenAI
  let tp: TestPortal
  let user: SignedUp

  beforeAll(async () => {
    // The fake model answers from the first evidence item it was given, and cites it.
    fake = await startFakeOpenAI((req) => {
      const data = JSON.parse(req.messages[1]!.content.slice(req.messages[1]!.content.indexOf('{'))) as { evidence: { id: string; text: string }[] }
      const first = data.evidence[0]
      return JSON.stringify(first ? { answer: `Per our policy: yes, as documented in the security overview (${first.text.length} characters of evidence).`, choice: 'yes', confidence: 0.9, citations: [first.id] } : { answer: '', choice: null, confidence: 0, citations: [] })
    })
    tp = await startTestPortal({ listen: true, env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-fake', LLM_MODEL: 'fake-model' } })
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
    return (await res.json()) as { data: unknown }
  }
  const upload = async (url: string, fields: Record<string, string>, file: string) => {
    const fd = new FormData()
    for (const [k, v] of Object.entries(fields)) fd.append(k, v)
    fd.append('files', new Blob([new Uint8Array(await readFile(file))]), path.basename(file))
    return call('POST', url, fd)
  }

  it('drafts every question through the model, cited, with the model name and key sent', async () => {
    const company = (await call('POST', '/api/companys', { companyName: 'Model Client', compliance_bucket: 'c', questionnaires_bucket: 'q' })).data as { _id: string }
    await upload('/api/fs/enterpriseapps-compliance-uploadfile', { companyId: company._id }, path.join(DATA, 'policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf'))
    for (let i = 0; i < 100; i++) {
      const files = (await call('GET', `/api/compliancefile/${company._id}`)).data as { state: string }[]
      if (files[0]?.state === 'ready') break
      await new Promise((r) => setTimeout(r, 200))
    }
    const saved = (await upload('/api/questionnaires/save', { company_id: company._id }, path.join(DATA, 'questionnaires/intuitem/vendor-due-diligence.xlsx'))).data as { _id: string }[]
    const id = saved[0]!._id
    let questions: { answer: string; documentName: string; llmReviewRespons: number }[] = []
    for (let i = 0; i < 150; i++) {
      const list = (await call('GET', `/api/questionnaires/${company._id}`)).data as { _id: string; total: number; drafted: number }[]
      const q = list.find((x) => x._id === id)
      if (q && q.total > 0 && q.drafted === q.total) break
      await new Promise((r) => setTimeout(r, 200))
    }
    questions = (await call('GET', `/api/getquestionlist/${id}`)).data as typeof questions
    expect(questions).toHaveLength(46)
    const modelDrafted = questions.filter((q) => q.answer.startsWith('Per our policy:'))
    expect(modelDrafted.length).toBeGreaterThan(0)
    expect(modelDrafted.map((q) => [q.documentName, q.llmReviewRespons])).toEqual(modelDrafted.map(() => ['security_37signals_Security_Overview_2022-09.pdf', 0]))
    expect(fake.requests.length).toBe(modelDrafted.length)
    expect(fake.requests.every((r) => r.model === 'fake-model')).toBe(true)
  })
})
