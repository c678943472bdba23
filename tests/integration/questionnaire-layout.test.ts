// "Check the columns" (issue 23) through the HTTP API of the whole portal, on PGlite and PostgreSQL:
// a workbook whose layout the product is unsure of waits in state `check` with nothing drafted; its
// layout is shown (sheet, header row, roles, confidence, preview); a person's mapping re-reads the
// questions, keeps the drafts of questions that keep their id and text, and starts drafting; the
// next file of the same form reads itself with the remembered mapping; the export writes the
// answers into the confirmed column; bad mappings are refused in words; another company's
// questionnaire is not there. A macro-enabled questionnaire (.xlsm) is taken and comes back as one.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { ExportReport, Layout } from '@portal/contracts'
import { readWorkbook } from '@portal/sheets'
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

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
/** 20 sheets: README, NIST reference sheets, a query copy, pivots; the profile table to fill has no answer column by name. */
const WORKBOOK = 'questionnaires/csf_profile/csf2-assessment-workbook.xlsx'
const SHEET = '(4.1) tblProfile'
const CAIQ = 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx'
const PDF = 'policies/basecamp_37signals/security_Basecamp_Security_Overview_2021-02-04.pdf'
/** A macro-enabled vendor assessment: its VBA project is never run, and comes back byte for byte. */
const XLSM = 'questionnaires/built/vendor-macro.xlsm'

interface Question {
  _id: string
  questionId: string
  question: string
  answer: string
  llmstatus: boolean
}

describe.each(dbKinds())('checking the columns of a questionnaire (%s)', (db) => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  let companyId = ''
  const ids: Record<string, string> = {}
  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const list = async () => (await api(alice, 'GET', `/api/questionnaires/${companyId}`)).json.data as (DraftingProgress & { _id: string })[]
  const entry = async (id: string) => (await list()).find((f) => f._id === id)!
  const layoutOf = async (id: string) => {
    const res = await api(alice, 'GET', `/api/questionnaires/${id}/layout`)
    expect([res.status, res.json.message]).toEqual([200, undefined])
    return res.json.data as Layout
  }
  const upload = async (file: string, name = path.basename(file)) => {
    const res = await api(alice, 'POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [[name, await readFile(path.join(DATA, file))]]))
    expect(res.status).toBe(201)
    return (res.json.data as { _id: string }[])[0]!._id
  }
  const readState = (id: string) =>
    until(`${id} to be read`, async () => {
      const f = await entry(id)
      return f && f.state !== 'queued' && f.state !== 'running' ? f : undefined
    })

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, ...(db === 'pg' ? { db } : {}) })
    alice = await signUp(tp, 'alice@layout-one.example')
    bob = await signUp(tp, 'bob@layout-two.example')
    const company = await api(alice, 'POST', '/api/companys', {
      companyName: 'Layout Bank',
      compliance_bucket: 'compliance',
      questionnaires_bucket: 'questionnaires',
    })
    companyId = (company.json.data as { _id: string })._id
    ids.workbook = await upload(WORKBOOK)
    ids.caiq = await upload(CAIQ)
    ids.pdf = await upload(PDF, 'questions.pdf')
    ids.xlsm = await upload(XLSM)
  }, 60_000)
  afterAll(async () => tp?.stop())

  it('waits in state check, nothing drafted, when the product is unsure of the columns', async () => {
    const read = await readState(ids.workbook!)
    expect(read).toMatchObject({ state: 'check', total: 363, drafted: 0 })
    const layout = await layoutOf(ids.workbook!)
    expect(layout).toMatchObject({ sheet: SHEET, headerRow: 4, confirmed: false, needsCheck: true, total: 363 })
    expect(layout.confidence).toBeLessThan(0.65)
    expect(layout.columns).toMatchObject({ id: 'A', question: 'I', answer: 'Q' })
    expect(layout.sheets.find((s) => s.name === SHEET)).toMatchObject({ questions: 363 })
    expect(layout.sheets.filter((s) => s.questions > 0)).toHaveLength(1) // reference, query and pivot sheets hold none
    expect(layout.preview[0]).toMatchObject({ row: 4 })
    expect(layout.preview[0]!.cells.slice(0, 2)).toEqual(['ID', 'Function'])
    expect(layout.preview).toHaveLength(11)
    expect(layout.read[0]).toMatchObject({ row: 5, id: 'DE.AE-02 Ex2' })
    // Still waiting a moment later: drafting does not start by itself.
    await new Promise((r) => setTimeout(r, 1500))
    expect(await entry(ids.workbook!)).toMatchObject({ state: 'check', drafted: 0 })
    // A layout the product is sure of is ready and drafted as before, its mapping still shown.
    const caiq = await untilDrafted('the CAIQ', list, ids.caiq!, { ready: true })
    expect(caiq.total).toBe(294)
    expect(await layoutOf(ids.caiq!)).toMatchObject({
      needsCheck: false,
      confirmed: false,
      confidence: 1,
      columns: { id: 'C', question: 'E', answer: 'I', marks: ['F', 'G', 'H'] },
    })
  })

  it('refuses mappings that cannot be read, in words', async () => {
    const put = (body: unknown) => api(alice, 'PUT', `/api/questionnaires/${ids.workbook}/layout`, body)
    const base = { sheet: SHEET, headerRow: 4, columns: { id: 'A', question: 'I', answer: 'Q' } }
    const refused = async (body: unknown, status: number, message: RegExp) => {
      const res = await put(body)
      expect([res.status, res.json.status]).toEqual([status, false])
      expect(res.json.message).toMatch(message)
    }
    await refused({ ...base, sheet: 'No such sheet' }, 400, /^Choose a sheet of this file$/)
    await refused({ ...base, columns: { question: 'I', answer: 'I' } }, 400, /question column cannot have another role/)
    await refused({ ...base, columns: { question: 'I', answer: 'Q', comments: 'Q' } }, 400, /one role/)
    await refused({ ...base, columns: { question: 'i1' } }, 400, /question column/)
    await refused({ ...base, columns: { answer: 'Q' } }, 400, /question column/)
    await refused({ ...base, headerRow: -1 }, 400, /header row/)
    await refused({ ...base, columns: { question: 'ZZ' } }, 422, /^No questions were found with these columns/)
    expect(await entry(ids.workbook!)).toMatchObject({ state: 'check', total: 363 })
    // A PDF's questions have no columns; another company's questionnaire is not there.
    await until('the PDF to be read', async () =>
      (await entry(ids.pdf!))?.state === 'running' || (await entry(ids.pdf!))?.state === 'queued' ? undefined : true,
    )
    const pdf = await api(alice, 'GET', `/api/questionnaires/${ids.pdf}/layout`)
    expect([pdf.status, pdf.json.message]).toEqual([422, 'This questionnaire was read from a PDF: it has no columns to check'])
    expect((await api(bob, 'GET', `/api/questionnaires/${ids.workbook}/layout`)).status).toBe(404)
    const theirs = await api(bob, 'PUT', `/api/questionnaires/${ids.workbook}/layout`, base)
    expect([theirs.status, theirs.json.message]).toEqual([404, 'Questionnaire not found'])
  })

  it('reads the questions again with the confirmed columns, drafts them, and keeps the drafts of questions that stay', async () => {
    // The Action Plan column (V) is where this team writes; the product had guessed Observations (Q).
    const res = await api(alice, 'PUT', `/api/questionnaires/${ids.workbook}/layout`, {
      sheet: SHEET,
      headerRow: 4,
      columns: { id: 'A', question: 'I', context: ['B', 'E', 'G'], answer: 'V' },
    })
    expect([res.status, res.json.message]).toEqual([200, 'Columns saved'])
    expect(res.json.data).toMatchObject({
      sheet: SHEET,
      confirmed: true,
      needsCheck: false,
      confidence: 1,
      total: 363,
      columns: { answer: 'V', context: ['B', 'E', 'G'] },
    })
    const drafted = await untilDrafted('the confirmed questionnaire', list, ids.workbook!, { ready: true })
    expect(drafted.total).toBe(363)

    // A person's answer on a question that keeps its id and text survives another confirmation.
    const questions = (await api(alice, 'GET', `/api/getquestionlist/${ids.workbook}`)).json.data as Question[]
    const kept = questions[3]!
    const saved = await api(alice, 'PUT', '/api/questionnaires/answer', {
      questionId: kept._id,
      answer: 'Quarterly threat-intel review, tracked in Jira.',
      reviewstatus: true,
      llmstatus: true,
      answerHistory: [],
    })
    expect(saved.status).toBe(200)
    const again = await api(alice, 'PUT', `/api/questionnaires/${ids.workbook}/layout`, {
      sheet: SHEET,
      headerRow: 4,
      columns: { id: 'A', question: 'I', answer: 'V' },
    })
    expect(again.status).toBe(200)
    await untilDrafted('the questionnaire confirmed again', list, ids.workbook!, { ready: true })
    const after = (await api(alice, 'GET', `/api/getquestionlist/${ids.workbook}`)).json.data as Question[]
    expect(after.find((q) => q._id === kept._id)).toMatchObject({ answer: 'Quarterly threat-intel review, tracked in Jira.', llmstatus: true })

    // The export writes it into the confirmed column of its row, and nothing else changes.
    const report = (await api(alice, 'GET', `/api/questionnaires/${ids.workbook}/export-report`)).json.data as ExportReport
    expect(report.verification).toMatchObject({ verified: true, differenceCount: 0 })
    const filled = await readWorkbook((await api(alice, 'GET', `/api/questionnaires/${ids.workbook}/with-answers`)).bytes)
    const sheet = filled.sheets.find((s) => s.name === SHEET)!
    const row = sheet.rows.findIndex((r) => r[0] === kept.questionId)
    expect(row).toBeGreaterThan(3)
    expect(sheet.rows[row]![21]).toBe('Quarterly threat-intel review, tracked in Jira.') // V
  })

  it('reads the next file of the same form with the remembered mapping, without asking', async () => {
    const id = await upload(WORKBOOK, 'csf2-assessment-workbook (Q3).xlsx')
    const read = await readState(id)
    expect(read.state).toBe('ready')
    expect(await layoutOf(id)).toMatchObject({ sheet: SHEET, confirmed: true, needsCheck: false, columns: { id: 'A', question: 'I', answer: 'V' } })
    // Remembered for this company only: bob's copy of the form is read, and checked, on its own.
    const company = await api(bob, 'POST', '/api/companys', {
      companyName: 'Other Bank',
      compliance_bucket: 'compliance',
      questionnaires_bucket: 'questionnaires',
    })
    const theirs = await callAs(
      tp,
      bob,
      'POST',
      '/api/questionnaires/save',
      formOf({ company_id: (company.json.data as { _id: string })._id }, [[path.basename(WORKBOOK), await readFile(path.join(DATA, WORKBOOK))]]),
    )
    const theirId = (theirs.json.data as { _id: string }[])[0]!._id
    await until('their copy to be read', async () => {
      const files = (await api(bob, 'GET', `/api/questionnaires/${(company.json.data as { _id: string })._id}`)).json.data as DraftingProgress[]
      const f = files.find((x) => x._id === theirId)
      return f && f.state !== 'queued' && f.state !== 'running' ? f : undefined
    }).then((f) => expect(f.state).toBe('check'))
  })

  it('takes a macro-enabled questionnaire and gives it back as one, its macros untouched', async () => {
    const read = await untilDrafted('the .xlsm', list, ids.xlsm!, { ready: true })
    expect(read.total).toBe(12)
    const [first] = (await api(alice, 'GET', `/api/getquestionlist/${ids.xlsm}`)).json.data as Question[]
    const saved = await api(alice, 'PUT', '/api/questionnaires/answer', {
      questionId: first!._id,
      answer: 'Approved by the board in March.',
      choiceValue: 'Yes',
      reviewstatus: true,
      llmstatus: true,
      answerHistory: [],
    })
    expect(saved.status).toBe(200)
    const report = (await api(alice, 'GET', `/api/questionnaires/${ids.xlsm}/export-report`)).json.data as ExportReport
    expect(report).toMatchObject({ fileName: 'Questionnaire_with_Answers.xlsm', verification: { verified: true, differenceCount: 0, written: 2 } })
    const res = await api(alice, 'GET', `/api/questionnaires/${ids.xlsm}/with-answers`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.ms-excel.sheet.macroEnabled.12')
    expect(res.headers.get('content-disposition')).toContain('Questionnaire_with_Answers.xlsm')
    // The VBA project is still there (workbook-roundtrip.test.ts compares it byte for byte).
    expect(res.bytes.includes('xl/vbaProject.bin')).toBe(true)
    const sheet = (await readWorkbook(res.bytes)).sheets[0]!
    expect(sheet.rows[2]!.slice(0, 4)).toEqual(['VSA-01', expect.stringMatching(/^Do you have a documented/), 'Yes', 'Approved by the board in March.'])
  })
})
