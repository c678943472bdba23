// Questionnaires in every layout customers send (issue 11), uploaded through the HTTP API of the
// whole portal: a CSV file and a Word document are accepted by their content and extracted in the
// worker thread (their answers come back as questions_and_answers.xlsx: the filled-workbook export
// answers its clear 422), a sheet numbered 1, 2, 3 and a NIST CSF profile give their questions,
// dropdowns (CAIQ v4's, lists behind defined names) are recorded per question, derived sheets and
// a CSF assessment's withdrawn items, pivot and id lists are not counted, and what is neither a
// workbook, a Word document nor a table of text is refused before anything is stored. PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readWorkbook } from '@portal/sheets'
import { zip } from '../support/hostile-workbooks.js'
import { dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const BUILT = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/built')

interface FileItem {
  _id: string
  state: string
  error: string | null
  total: number
  files: { fileName: string }[]
}
interface QuestionItem {
  questionId: string
  question: string
  choices: string[]
}

describe.each(dbKinds())('questionnaires in every layout, through the API (%s)', (db) => {
  let tp: TestPortal
  let alice: SignedUp
  let companyId: string

  const api = async (method: string, url: string, body?: FormData | object) => {
    const res = await fetch(`${tp.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${alice.token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    })
    const type = res.headers.get('content-type') ?? ''
    return {
      status: res.status,
      type,
      json: type.includes('json') ? ((await res.json()) as { message?: string; data?: unknown }) : {},
      bytes: type.includes('json') ? Buffer.alloc(0) : Buffer.from(await res.arrayBuffer()),
    }
  }
  const upload = (name: string, bytes: Buffer) => {
    const fd = new FormData()
    fd.append('company_id', companyId)
    fd.append('files', new Blob([new Uint8Array(bytes)]), name)
    return api('POST', '/api/questionnaires/save', fd)
  }
  const files = async () => (await api('GET', `/api/questionnaires/${companyId}`)).json.data as FileItem[]
  /** Uploads a fixture and waits for its extraction; returns the file and its questions. */
  const extracted = async (name: string, bytes?: Buffer) => {
    const saved = await upload(name, bytes ?? (await readFile(path.join(BUILT, name))))
    expect(saved.status).toBe(201)
    const id = (saved.json.data as { _id: string }[])[0]!._id
    for (let i = 0; ; i++) {
      const file = (await files()).find((f) => f._id === id)
      if (file?.state === 'failed') throw new Error(`${name}: ${file.error}`)
      if (file?.state === 'ready' && file.total > 0)
        return { id, file, questions: (await api('GET', `/api/getquestionlist/${id}`)).json.data as QuestionItem[] }
      if (i > 300) throw new Error(`${name} was not extracted`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, db })
    alice = await signUp(tp, `layouts-${db}@vendor.example`)
    const company = await api('POST', '/api/companys', {
      companyName: 'Layout Client',
      compliance_bucket: 'compliance',
      questionnaires_bucket: 'questionnaires',
    })
    companyId = (company.json.data as { _id: string })._id
  })
  afterAll(async () => tp.stop())

  it('accepts a CSV questionnaire by its content; its answers come back as questions_and_answers.xlsx only', async () => {
    // Named .txt on purpose: the content decides, never the name.
    const { id, file, questions } = await extracted('vendor-questions.txt', await readFile(path.join(BUILT, 'vendor-questions.csv')))
    expect(file.total).toBe(20)
    expect(questions.map((q) => q.questionId).slice(0, 3)).toEqual(['1', '2', '3'])
    expect(questions.find((q) => q.questionId === '20')?.question).toContain('café')
    const filled = await api('GET', `/api/questionnaires/${id}/with-answers`)
    expect(filled.status).toBe(422)
    expect(filled.json.message).toMatch(/questions_and_answers\.xlsx/)
    const list = await api('GET', `/api/downloadquestions/${id}`)
    expect(list.status).toBe(200)
    const sheet = (await readWorkbook(list.bytes)).sheets[0]!
    expect(sheet.rows.some((r) => r.includes('Are code changes reviewed before deployment to production?'))).toBe(true)
  })

  it('accepts a Word questionnaire: numbered paragraphs and tables', async () => {
    const { id, file, questions } = await extracted('vendor-questionnaire.docx')
    expect(file.total).toBe(19)
    expect(questions.filter((q) => /^Q\d+$/.test(q.questionId))).toHaveLength(6)
    expect((await api('GET', `/api/questionnaires/${id}/with-answers`)).status).toBe(422)
  })

  it('finds the questions of a sheet numbered 1, 2, 3 and of a NIST CSF 2.0 profile (both gave none before)', async () => {
    expect((await extracted('numbered-ids.xlsx')).file.total).toBe(24)
    const profile = await extracted('csf2-profile.xlsx')
    expect(profile.file.total).toBe(106)
    expect(profile.questions[0]).toMatchObject({ questionId: 'GV.OC-01' })
  })

  it("records each question's dropdown through the job: CAIQ v4's own list, and lists behind defined names", async () => {
    const caiq = await extracted('caiq-v4.0.3.xlsx')
    expect(caiq.file.total).toBe(261)
    expect(caiq.questions.find((q) => q.questionId === 'AIS-01.1')?.choices).toEqual(['Yes', 'No', 'NA'])
    expect(caiq.questions.every((q) => q.choices.join() === 'Yes,No,NA')).toBe(true)
    const named = await extracted('named-ranges.xlsx')
    expect(named.questions.map((q) => q.choices.join())).toEqual([...Array(4).fill('Yes,No'), ...Array(8).fill('Yes,No,N/A')])
  })

  it("counts an analyst's report repeating the ids once, and a CSF assessment without its withdrawn items, pivot or id lists", async () => {
    const report = await extracted('analyst-report.xlsx')
    expect(report.file.total).toBe(17)
    expect(report.questions.filter((q) => /^FLUP-/.test(q.questionId))).toHaveLength(2)
    const assessment = await extracted('csf2-assessment.xlsx')
    expect(assessment.file.total).toBe(106)
    expect(assessment.questions.every((q) => /^[A-Z]{2}\.[A-Z]{2}-\d{2}$/.test(q.questionId) && !/withdrawn/i.test(q.question))).toBe(true)
  })

  it('refuses what is neither a workbook, a Word document, a CSV table nor a PDF (415), storing nothing', async () => {
    const before = (await files()).length
    const slides = zip([
      { name: '[Content_Types].xml', body: '<Types/>' },
      { name: 'ppt/presentation.xml', body: '<p:presentation/>' },
    ])
    for (const [name, bytes] of [
      ['letter.csv', Buffer.from('Dear vendor,\nplease find our questions attached.\nWe look forward to your answers, comments, and documents.\nRegards')],
      ['deck.docx', slides],
      ['binary.csv', Buffer.from([0x49, 0x44, 0x2c, 0x00, 0x01, 0x02, 0x0a, 0x31, 0x2c, 0x32])],
    ] as [string, Buffer][]) {
      const res = await upload(name, bytes)
      expect([name, res.status]).toEqual([name, 415])
      expect(res.json.message).toMatch(/./)
    }
    expect(await files()).toHaveLength(before)
  })
})
