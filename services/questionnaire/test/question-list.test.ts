// Issue 26 through the questionnaire routes: the review list carries what its rows show (no evidence,
// no history), a window of it when asked; the question opened carries the rest with the last entries
// of its history (all on request), and another tenant's question answers 404, with the database's
// tenant policies on and off (the code's own filter proven alone); the history is capped when saved;
// answers are compressed (brotli, gzip) above a size, downloads left as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { HISTORY_SHOWN, type QuestionDetail, type QuestionListItem, QuestionListReply } from '@portal/contracts'
import { testDatabaseKinds } from '@portal/db'
import { COMPRESS_THRESHOLD } from '@portal/http'
import { HISTORY_KEPT, insertCompany, insertFile, replaceQuestions, saveDraft, updateAnswer } from '@portal/questionnaire-store'
import { buildHarness, type Harness } from './harness.js'
import { Value } from 'typebox/value'

const EVIDENCE = `policy.pdf, page 4:\n${'Backups are encrypted with AES-256 and restored every month to prove they work. '.repeat(25)}`
const QUESTIONS = 40

// Each database kind twice: with its tenant policies, and with them admitting every row (DB_ROW_SECURITY=off).
const withPolicies = testDatabaseKinds()
const withoutPolicies = testDatabaseKinds({ rowSecurity: false })
const kinds = withPolicies.flatMap(([kind, open], i) => [[kind, 'on', open] as const, [kind, 'off', withoutPolicies[i]![1]] as const])

describe.each(kinds)('the review list on %s, row-level security %s', (_kind, _rows, open) => {
  let h: Harness
  let a: { token: string; tenantId: string }
  let b: { token: string; tenantId: string }
  let fileId = ''
  const ids: string[] = []
  const get = (url: string, token = a.token, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } })

  beforeAll(async () => {
    h = await buildHarness(open)
    a = await h.staff()
    b = await h.staff()
    const company = await insertCompany(h.db, a.tenantId, { companyName: 'Acme', complianceBucket: 'c', questionnairesBucket: 'q' })
    const file = await insertFile(h.db, a.tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'q.xlsx', storageKey: 'k', format: 'xlsx' })
    fileId = file.id
    await h.db.updateTable('file').set({ state: 'ready', total: QUESTIONS, drafted: QUESTIONS }).where('id', '=', fileId).execute()
    await replaceQuestions(
      h.db,
      a.tenantId,
      fileId,
      Array.from({ length: QUESTIONS }, (_, i) => ({
        sheet: 'S',
        row: i + 2,
        questionRef: `Q${i + 1}`,
        question: `Are backups of system ${i + 1} tested?`,
        answerCells: [],
      })),
    )
    const rows = await h.db.selectFrom('question').select('id').where('fileId', '=', fileId).orderBy('ordinal').execute()
    ids.push(...rows.map((r) => r.id))
    for (const [i, id] of ids.entries())
      await saveDraft(h.db, a.tenantId, id, {
        answer: i % 4 === 3 ? '' : `Backups of system ${i + 1} are restored monthly. ${'Restores are logged and reviewed. '.repeat(i === 0 ? 20 : 1)}`,
        choiceValue: undefined,
        citations: [],
        needsReview: i % 4 === 3,
        reviewReason: i % 4 === 3 ? 'The retrieved passages do not answer this question' : '',
        answerSource: i % 4 === 3 ? '' : 'documents',
        retrievedNarrative: EVIDENCE,
        documentName: 'policy.pdf',
        fileAndFolder: 'compliance/policy.pdf#page=4',
      })
  })
  afterAll(async () => h?.close())

  it('lists what the rows show: no evidence, history or cited source, the state of each row', async () => {
    const res = await get(`/api/getquestionlist/${fileId}`)
    expect(res.statusCode).toBe(200)
    const { data, total } = res.json() as { data: QuestionListItem[]; total: number }
    expect(total).toBe(QUESTIONS)
    expect(data.map((q) => q._id)).toEqual(ids)
    for (const key of ['retrievedNarrative', 'answerHistory', 'documentName', 'fileAndFolder', 'sourceDocumentId', 'comment'])
      expect(Object.keys(data[0]!)).not.toContain(key)
    expect(data[0]).toMatchObject({ questionId: 'Q1', state: 'drafted', answerSource: 'documents', drafted: true })
    expect(data[0]!.answer).toMatch(/^Backups of system 1 are restored monthly/)
    expect(data[3]).toMatchObject({ state: 'empty', answer: '' })
    // The list's text is joined from kept rows (list-rows.ts), not made by the route's serializer: it must still be the schema's.
    expect(Value.Errors(QuestionListReply, res.json())).toEqual([])
    // A row is a few hundred bytes, whatever the evidence behind it (2 KB each here).
    expect(res.rawPayload.length / QUESTIONS).toBeLessThan(1200)
  })

  it('makes the list again after a save with the saved row as it is now, the others as they were', async () => {
    const before = (await get(`/api/getquestionlist/${fileId}`)).json() as { data: QuestionListItem[] }
    expect(await updateAnswer(h.db, a.tenantId, ids[2]!, { answer: 'Saved by a reviewer', by: 'Dana Scully' })).toBeDefined()
    const after = (await get(`/api/getquestionlist/${fileId}`)).json() as { data: QuestionListItem[] }
    expect(after.data[2]).toMatchObject({ _id: ids[2], answer: 'Saved by a reviewer', version: before.data[2]!.version + 1 })
    expect(after.data.filter((_, i) => i !== 2)).toEqual(before.data.filter((_, i) => i !== 2))
    // A window of rows is kept apart from the whole list's, and is as current.
    const window = (await get(`/api/getquestionlist/${fileId}?offset=2&limit=1`)).json() as { data: QuestionListItem[] }
    expect(window.data).toEqual([after.data[2]])
  })

  it('answers a window of the list with the whole count, and refuses a bad one', async () => {
    const res = await get(`/api/getquestionlist/${fileId}?offset=10&limit=5`)
    const { data, total } = res.json() as { data: QuestionListItem[]; total: number }
    expect({ total, ids: data.map((q) => q._id) }).toEqual({ total: QUESTIONS, ids: ids.slice(10, 15) })
    expect((await get(`/api/getquestionlist/${fileId}?limit=0`)).statusCode).toBe(400)
    expect((await get(`/api/getquestionlist/${fileId}?offset=-1`)).statusCode).toBe(400)
  })

  it('gives the question opened its evidence, source and the last entries of its history, all of them on request', async () => {
    const id = ids[1]!
    for (let n = 1; n <= HISTORY_SHOWN + 3; n++) expect(await updateAnswer(h.db, a.tenantId, id, { answer: `Revision ${n}`, by: 'Dana Scully' })).toBeDefined()
    const res = await get(`/api/questionnaires/question/${id}`)
    expect(res.statusCode).toBe(200)
    const q = res.json().data as QuestionDetail
    expect(q).toMatchObject({ _id: id, questionId: 'Q2', retrievedNarrative: EVIDENCE, documentName: 'policy.pdf', answer: `Revision ${HISTORY_SHOWN + 3}` })
    // 13 texts replaced: the draft, then revisions 1 to 12; the last 10 are sent, the newest last.
    expect(q.historyTotal).toBe(HISTORY_SHOWN + 3)
    expect(q.answerHistory).toHaveLength(HISTORY_SHOWN)
    expect(q.answerHistory.at(-1)!.answer).toBe(`Revision ${HISTORY_SHOWN + 2}`)
    const all = (await get(`/api/questionnaires/question/${id}?history=all`)).json().data as QuestionDetail
    expect(all.answerHistory).toHaveLength(HISTORY_SHOWN + 3)
    expect(all.answerHistory[0]).toMatchObject({ drafter: true, name: 'Offline drafter' })
    expect((await get(`/api/questionnaires/question/${id}?history=some`)).statusCode).toBe(400)
  })

  it('keeps the last HISTORY_KEPT texts of an answer when it is saved, the oldest dropped', async () => {
    const id = ids[2]!
    for (let n = 1; n <= HISTORY_KEPT + 5; n++) await updateAnswer(h.db, a.tenantId, id, { answer: `Text ${n}`, by: 'Dana Scully' })
    const all = (await get(`/api/questionnaires/question/${id}?history=all`)).json().data as QuestionDetail
    expect(all.historyTotal).toBe(HISTORY_KEPT)
    // 55 texts were replaced (the draft and texts 1 to 54): the draft and texts 1 to 4 are gone.
    expect(all.answerHistory.map((e) => e.answer)).toEqual(Array.from({ length: HISTORY_KEPT }, (_, i) => `Text ${i + 5}`))
    const row = await h.db.selectFrom('question').select('answerHistory').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.answerHistory).toHaveLength(HISTORY_KEPT)
  })

  it("answers 404 for another tenant's question, an unknown id or no id, and shows B nothing of A's", async () => {
    const theirs = await get(`/api/questionnaires/question/${ids[0]}`, b.token)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.body).not.toContain('Backups')
    expect((await get(`/api/questionnaires/question/${crypto.randomUUID()}`)).statusCode).toBe(404)
    expect((await get('/api/questionnaires/question/not-a-uuid')).statusCode).toBe(404)
    expect((await get(`/api/getquestionlist/${fileId}`, b.token)).statusCode).toBe(404)
  })

  it('compresses answers above the threshold with brotli or gzip, to the same JSON', async () => {
    const url = `/api/getquestionlist/${fileId}`
    const plain = await get(url)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD)
    const br = await get(url, a.token, { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['vary']).toMatch(/accept-encoding/i)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    const gz = await get(url, a.token, { 'accept-encoding': 'gzip, deflate' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json())
    // Brotli preferred when both are accepted; deflate alone is not offered.
    expect((await get(url, a.token, { 'accept-encoding': 'gzip, br' })).headers['content-encoding']).toBe('br')
    expect((await get(url, a.token, { 'accept-encoding': 'deflate' })).headers['content-encoding']).toBeUndefined()
  })

  it('answers an unchanged list 304 by its tag, and never sends a kept list once anything it shows changed', async () => {
    const url = `/api/getquestionlist/${fileId}`
    const first = await get(url, a.token, { 'accept-encoding': 'br' })
    const tag = String(first.headers['etag'])
    expect(tag).toMatch(/^W\/"[0-9a-f]{32}"$/)
    // Still never kept by a browser or a proxy: a client that keeps it sends the tag.
    expect(first.headers['cache-control']).toBe('no-store')
    const unchanged = await get(url, a.token, { 'accept-encoding': 'br', 'if-none-match': tag })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.rawPayload.length).toBe(0)
    // Kept bytes are the same answer as a fresh read (br here, plain for a client without it).
    expect(JSON.parse(brotliDecompressSync((await get(url, a.token, { 'accept-encoding': 'br' })).rawPayload).toString())).toEqual((await get(url)).json())
    // Any change the list shows (here an answer saved by another path than the routes) gives a new tag and the new text.
    await updateAnswer(h.db, a.tenantId, ids[1]!, { answer: 'Restored weekly since March.', by: 'Test Reviewer' })
    const changed = await get(url, a.token, { 'accept-encoding': 'br', 'if-none-match': tag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers['etag']).not.toBe(tag)
    const rows = (JSON.parse(brotliDecompressSync(changed.rawPayload).toString()) as { data: QuestionListItem[] }).data
    expect(rows[1]!.answer).toBe('Restored weekly since March.')
    // A window has a tag of its own; another tenant naming the tag still gets 404.
    const window = await get(`${url}?limit=5`, a.token, { 'if-none-match': String(changed.headers['etag']) })
    expect(window.statusCode).toBe(200)
    expect((window.json() as { data: unknown[] }).data).toHaveLength(5)
    expect((await get(`${url}?limit=5`, a.token, { 'if-none-match': String(window.headers['etag']) })).statusCode).toBe(304)
    expect((await get(url, b.token, { 'if-none-match': String(changed.headers['etag']) })).statusCode).toBe(404)
  })

  it('leaves small answers, errors and downloads as they are', async () => {
    const small = await get(`/api/questionnaires/count/${fileId}`, a.token, { 'accept-encoding': 'br, gzip' })
    expect(small.statusCode).toBe(200)
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toMatchObject({ status: true, total: QUESTIONS })
    const missing = await get(`/api/questionnaires/question/${crypto.randomUUID()}`, a.token, { 'accept-encoding': 'br' })
    expect(missing.headers['content-encoding']).toBeUndefined()
    expect(missing.json()).toMatchObject({ status: false, code: 'NOT_FOUND' })
    // The workbook download: its own bytes (a zip archive), never encoded again.
    const download = await get(`/api/downloadquestions/${fileId}?scope=all`, a.token, { 'accept-encoding': 'br, gzip' })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-encoding']).toBeUndefined()
    expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })
})
