// "Check the columns" (issue 23) for outbound questionnaires and templates, through the HTTP API of
// the whole portal, on PGlite and PostgreSQL: a template or sent workbook whose layout the product is
// unsure of waits in state `check`; it is not sent (nor resent, nor answered, nor shown to the
// recipient) until a person confirms its columns; a confirmed mapping re-reads the questions (an
// answered question that keeps its id and text keeps its answer), and the next file of the same form
// reads itself; another company's files are not there, nor is its remembered mapping.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Layout } from '@portal/contracts'
import { readOutbox } from '@portal/mail'
import { callAs, dbKinds, formOf, type SignedUp, signUp, startTestPortal, type TestPortal, until } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
/** Its profile table has no answer column by name: read below the threshold. */
const WORKBOOK = 'questionnaires/csf_profile/csf2-assessment-workbook.xlsx'
const SHEET = '(4.1) tblProfile'
/** Read confidently. */
const CAIQ = 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx'
const MAPPING = { sheet: SHEET, headerRow: 4, columns: { id: 'A', question: 'I', context: ['B', 'E', 'G'], answer: 'V' } }
const capabilityIn = (text: string) => text.match(/\/inbound\/review\/([A-Za-z0-9_-]+)/)?.[1]

interface Template {
  _id: string
  state: string
  total: number
}
interface Detail {
  state: string
  total: number
  file: { questions: { _id: string; questionId: string; question: string; answer: string; version: number }[] }
}

describe.each(dbKinds())('checking the columns of outbound questionnaires and templates (%s)', (db) => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  const ids: Record<string, string> = {}
  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const bytes = (file: string) => readFile(path.join(DATA, file))
  const addTemplate = async (user: SignedUp, file: string, name = path.basename(file)) => {
    const res = await api(user, 'POST', '/api/questionnaire-templates', formOf({}, [[name, await bytes(file)]], 'file'))
    expect(res.status).toBe(201)
    return (res.json.data as { template: Template }).template._id
  }
  const templateRead = (user: SignedUp, id: string) =>
    until(`template ${id} to be read`, async () => {
      const t = ((await api(user, 'GET', `/api/questionnaire-templates/${id}`)).json.data as { template: Template }).template
      return t.state !== 'queued' && t.state !== 'running' ? t : undefined
    })
  const detail = async (id: string) => (await api(alice, 'GET', `/api/outbound/${id}`)).json.data as Detail
  const outboundRead = (id: string) =>
    until(`outbound ${id} to be read`, async () => {
      const d = await detail(id)
      return d.state !== 'queued' && d.state !== 'running' ? d : undefined
    })
  const layoutOf = async (url: string) => {
    const res = await api(alice, 'GET', url)
    expect([res.status, res.json.message]).toEqual([200, undefined])
    return res.json.data as Layout
  }
  const send = (fields: Record<string, string>, file?: [string, Buffer]) => api(alice, 'POST', '/api/outbound/save', formOf(fields, file ? [file] : []))

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, env: { PUBLIC_URL: 'https://portal.example' }, ...(db === 'pg' ? { db } : {}) })
    alice = await signUp(tp, 'alice@outbound-layout-one.example')
    bob = await signUp(tp, 'bob@outbound-layout-two.example')
    ids.template = await addTemplate(alice, WORKBOOK)
    ids.caiq = await addTemplate(alice, CAIQ)
    const sent = await send({ clientName: 'Initech', email: 'ciso@initech.example' }, ['csf2.xlsx', await bytes(WORKBOOK)])
    expect(sent.status).toBe(201)
    ids.outbound = (sent.json.data as { outboundId: string }).outboundId
  }, 120_000)
  afterAll(async () => tp?.stop())

  it('waits in state check when the product is unsure of the columns, and shows its reading', async () => {
    expect(await templateRead(alice, ids.template!)).toMatchObject({ state: 'check', total: 363 })
    const layout = await layoutOf(`/api/questionnaire-templates/${ids.template}/layout`)
    expect(layout).toMatchObject({ sheet: SHEET, headerRow: 4, confirmed: false, needsCheck: true, total: 363, columns: { id: 'A', question: 'I' } })
    expect(layout.confidence).toBeLessThan(0.65)
    expect(layout.preview[0]!.cells.slice(0, 2)).toEqual(['ID', 'Function'])
    // A layout the product is sure of is ready as before, its mapping still shown.
    expect(await templateRead(alice, ids.caiq!)).toMatchObject({ state: 'ready', total: 294 })
    expect(await layoutOf(`/api/questionnaire-templates/${ids.caiq}/layout`)).toMatchObject({ needsCheck: false, confirmed: false })
    // The same for a questionnaire sent with its file.
    expect(await outboundRead(ids.outbound!)).toMatchObject({ state: 'check', total: 363 })
    expect(await layoutOf(`/api/outbound/${ids.outbound}/layout`)).toMatchObject({ sheet: SHEET, needsCheck: true })
    const list = (await api(alice, 'GET', '/api/outbound/list?page=1&pageSize=10')).json.data as { _id: string; state: string }[]
    expect(list.find((o) => o._id === ids.outbound)).toMatchObject({ state: 'check' })
  })

  it('sends nothing, and lets nothing be answered, until the columns are checked', async () => {
    const refused = await send({ clientName: 'Hooli', email: 'sec@hooli.example', templateId: ids.template! })
    expect([refused.status, refused.json.message]).toEqual([409, 'Check the columns of this template before sending it'])
    const resend = await api(alice, 'POST', `/api/outbound/${ids.outbound}/resend`, {})
    expect([resend.status, resend.json.message]).toEqual([409, 'Check the columns of this questionnaire before sending it'])
    const collaborator = await api(alice, 'POST', '/api/outbound/collaborator/add', { outboundId: ids.outbound, collaboratorEmail: 'cto@initech.example' })
    expect([collaborator.status, collaborator.json.message]).toEqual([409, 'Check the columns of this questionnaire before sending it'])
    const question = (await detail(ids.outbound!)).file.questions[0]!
    const answer = await api(alice, 'PUT', '/api/outbound/answer', { outboundId: ids.outbound, questionId: question._id, answer: 'Yes' })
    expect(answer.status).toBe(409)
    expect(answer.json.message).toMatch(/being prepared/)
    // The recipient (mailed when it was saved) sees no questions yet.
    const cap = await until('the link mailed', async () => {
      const mail = (await readOutbox(tp.dataDir, 'ciso@initech.example')).filter((m) => capabilityIn(m.text)).at(-1)
      return mail ? capabilityIn(mail.text) : undefined
    })
    const session = (await (await fetch(`${tp.url}/api/inbound/${cap}`)).json()) as { data: { token: string; dbName: string; email: string } }
    const recipient = { userId: '', token: session.data.token, dbName: session.data.dbName, email: session.data.email }
    const seen = (await api(recipient, 'GET', `/api/outbound/${ids.outbound}`)).json.data as Detail
    expect(seen).toMatchObject({ state: 'check', file: { questions: [] } })
    // Only staff check columns.
    expect((await api(recipient, 'GET', `/api/outbound/${ids.outbound}/layout`)).status).toBe(403)
  })

  it("is another company's business: their ids are not found", async () => {
    for (const url of [`/api/questionnaire-templates/${ids.template}/layout`, `/api/outbound/${ids.outbound}/layout`]) {
      expect((await api(bob, 'GET', url)).status).toBe(404)
      expect((await api(bob, 'PUT', url, MAPPING)).status).toBe(404)
    }
    expect((await api(alice, 'GET', '/api/outbound/not-an-id/layout')).status).toBe(404)
  })

  it('refuses mappings that cannot be read, in words', async () => {
    const put = (body: unknown) => api(alice, 'PUT', `/api/questionnaire-templates/${ids.template}/layout`, body)
    const bad = await put({ ...MAPPING, sheet: 'No such sheet' })
    expect([bad.status, bad.json.message]).toEqual([400, 'Choose a sheet of this file'])
    const none = await put({ ...MAPPING, columns: { question: 'ZZ' } })
    expect(none.status).toBe(422)
    expect(none.json.message).toMatch(/^No questions were found with these columns/)
    expect(await templateRead(alice, ids.template!)).toMatchObject({ state: 'check' })
  })

  it('reads the questions again with the confirmed columns, then sends', async () => {
    const res = await api(alice, 'PUT', `/api/questionnaire-templates/${ids.template}/layout`, MAPPING)
    expect([res.status, res.json.message]).toEqual([200, 'Columns saved'])
    expect(res.json.data).toMatchObject({ sheet: SHEET, confirmed: true, needsCheck: false, confidence: 1, total: 363, columns: { answer: 'V' } })
    expect(await templateRead(alice, ids.template!)).toMatchObject({ state: 'ready', total: 363 })
    const { questions } = (await api(alice, 'GET', `/api/questionnaire-templates/${ids.template}/questions`)).json.data as {
      questions: { questionId: string }[]
    }
    expect(questions[0]).toMatchObject({ questionId: 'DE.AE-02 Ex2' })
    const sent = await send({ clientName: 'Hooli', email: 'sec@hooli.example', templateId: ids.template! })
    expect([sent.status, sent.json.message]).toEqual([201, 'Outbound sent successfully'])
    expect(await detail((sent.json.data as { outboundId: string }).outboundId)).toMatchObject({ state: 'ready', total: 363 })
  })

  it("confirms a sent questionnaire's columns; an answered question that stays keeps its answer", async () => {
    const url = `/api/outbound/${ids.outbound}/layout`
    expect((await api(alice, 'PUT', url, MAPPING)).status).toBe(200)
    const ready = await detail(ids.outbound!)
    expect(ready).toMatchObject({ state: 'ready', total: 363 })
    const kept = ready.file.questions[3]!
    const answered = await api(alice, 'PUT', '/api/outbound/answer', { outboundId: ids.outbound, questionId: kept._id, answer: 'Reviewed quarterly.' })
    expect(answered.status).toBe(200)
    const again = await api(alice, 'PUT', url, { ...MAPPING, columns: { id: 'A', question: 'I', answer: 'Q' } })
    expect(again.status).toBe(200)
    const after = await detail(ids.outbound!)
    expect(after.file.questions.find((q) => q._id === kept._id)).toMatchObject({ answer: 'Reviewed quarterly.', questionId: kept.questionId })
    expect(after.file.questions).toHaveLength(363)
    const resend = await api(alice, 'POST', `/api/outbound/${ids.outbound}/resend`, {})
    expect(resend.status).toBe(200)
  })

  it('reads the next file of the same form with the remembered mapping, for this company only', async () => {
    const next = await addTemplate(alice, WORKBOOK, 'csf2-assessment-workbook (Q3).xlsx')
    expect(await templateRead(alice, next)).toMatchObject({ state: 'ready', total: 363 })
    expect(await layoutOf(`/api/questionnaire-templates/${next}/layout`)).toMatchObject({ confirmed: true, needsCheck: false, columns: { answer: 'Q' } })
    const theirs = await addTemplate(bob, WORKBOOK)
    expect(await templateRead(bob, theirs)).toMatchObject({ state: 'check' })
  })
})
