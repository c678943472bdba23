// The answer library through the whole portal's HTTP API (issue 24), on PGlite and PostgreSQL:
// completed questionnaires imported (each answered row an entry with its file, sheet and row), an
// unsure reading kept until its columns are confirmed, list / search / edit / retire, conflicts and
// duplicates flagged, bad files refused in words, another tenant seeing none of it (404). And the
// headline: a vendor's filled questionnaire imported, then the same questionnaire uploaded blank and
// drafted, gives back the vendor's own answer and choice on at least 95 % of its answered rows, the
// draft naming the imported file and row.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { LibraryEntryView, LibraryImport } from '@portal/contracts'
import { callAs, dbKinds, formOf, type SignedUp, signUp, startTestPortal, type TestPortal, untilDrafted } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const FILLED_CAIQ = 'questionnaires/csa-caiq-v3.0.1-09-01-2017-filled.xlsx'
const BLANK_CAIQ = 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx'
const FILLED_CSV = 'questionnaires/csf_profile/ciso-self-assessment.csv'
const BLANK_CSV = 'library/ciso-self-assessment-blank.csv'
/** Read with too little confidence: waits on its columns (tests/integration/questionnaire-layout.test.ts). */
const UNSURE = 'questionnaires/csf_profile/csf2-assessment-workbook.xlsx'

interface Question {
  _id: string
  questionId: string
  answer: string
  choiceValue: string | null
  retrievedNarrative: string
}

describe.each(dbKinds())('the answer library (%s)', (db) => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  let companyId = ''
  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const importFiles = async (user: SignedUp, files: string[], fields: Record<string, string> = {}, names?: string[]) =>
    api(
      user,
      'POST',
      '/api/answer-library/import',
      formOf(fields, await Promise.all(files.map(async (f, i) => [names?.[i] ?? path.basename(f), await readFile(path.join(DATA, f))] as [string, Buffer]))),
    )
  const all = async (user: SignedUp, query = '') => {
    const out: LibraryEntryView[] = []
    for (let page = 1; ; page++) {
      const res = await api(user, 'GET', `/api/answer-library?pageSize=100&page=${page}${query}`)
      expect(res.status).toBe(200)
      out.push(...(res.json.data as LibraryEntryView[]))
      if (page >= (res.json['totalPages'] as number)) return out
    }
  }
  /** Each question as opened: where its draft came from comes with it, not with the list (issue 26). */
  const questionsOf = async (id: string) => {
    const rows = (await api(alice, 'GET', `/api/getquestionlist/${id}`)).json.data as { _id: string }[]
    return Promise.all(rows.map(async (r) => (await api(alice, 'GET', `/api/questionnaires/question/${r._id}`)).json.data as Question))
  }
  const list = async () =>
    (await api(alice, 'GET', `/api/questionnaires/${companyId}`)).json.data as { _id: string; state: string; total: number; drafted: number }[]
  const uploadBlank = async (file: string, name: string) => {
    const res = await api(alice, 'POST', '/api/questionnaires/save', formOf({ company_id: companyId }, [[name, await readFile(path.join(DATA, file))]]))
    expect(res.status).toBe(201)
    return (res.json.data as { _id: string }[])[0]!._id
  }

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, ...(db === 'pg' ? { db } : {}) })
    alice = await signUp(tp, 'alice@library-one.example')
    bob = await signUp(tp, 'bob@library-two.example')
    const company = await api(alice, 'POST', '/api/companys', { companyName: 'Library Bank', compliance_bucket: 'c', questionnaires_bucket: 'q' })
    companyId = (company.json.data as { _id: string })._id
  }, 60_000)
  afterAll(async () => tp?.stop())

  it('imports a vendor-filled CAIQ; the same CAIQ blank drafts back the vendor answers, citing file and row', async () => {
    const res = await importFiles(alice, [FILLED_CAIQ], {}, ['vendor-caiq-2017.xlsx'])
    expect(res.status).toBe(201)
    const [done] = res.json.data as LibraryImport[]
    expect(done).toMatchObject({ fileName: 'vendor-caiq-2017.xlsx', state: 'imported', imported: 294, unanswered: 0 })
    const entries = await all(alice)
    expect(entries).toHaveLength(294)
    expect(entries.find((e) => e.questionRef === 'AIS-01.1')).toMatchObject({
      source: 'import',
      sourceFile: 'vendor-caiq-2017.xlsx',
      sheet: 'CSA CAIQ v3.0.1',
      row: 5,
      answer: 'test',
      choiceValue: 'Yes',
      companyId: null,
      reviewedAt: null,
    })
    const rowOf = new Map(entries.map((e) => [e.questionRef, e.row]))

    const blank = await uploadBlank(BLANK_CAIQ, 'customer-caiq.xlsx')
    await untilDrafted('the blank CAIQ', list, blank, { ready: true, ms: 120_000 })
    const questions = await questionsOf(blank)
    const vendorRows = questions.filter((q) => rowOf.has(q.questionId))
    expect(vendorRows.length).toBe(294)
    const back = vendorRows.filter(
      (q) =>
        q.answer === 'test' &&
        q.choiceValue === 'Yes' &&
        q.retrievedNarrative.startsWith(`From the answer library: vendor-caiq-2017.xlsx, sheet CSA CAIQ v3.0.1, row ${rowOf.get(q.questionId)} — `),
    )
    console.info(`CAIQ v3.0.1 vendor answers back: ${back.length}/${vendorRows.length}`)
    expect(back.length / vendorRows.length).toBeGreaterThanOrEqual(0.95)
  }, 180_000)

  it('imports a filled CSV self-assessment; the blank copy drafts back each row’s own text', async () => {
    const res = await importFiles(alice, [FILLED_CSV])
    expect(res.json.data).toMatchObject([{ state: 'imported', imported: 106, unanswered: 0 }])
    const entries = (await all(alice)).filter((e) => e.sourceFile === 'ciso-self-assessment.csv')
    expect(entries).toHaveLength(106)
    const byRef = new Map(entries.map((e) => [e.questionRef, e]))
    const blank = await uploadBlank(BLANK_CSV, 'ciso-blank.csv')
    await untilDrafted('the blank CSV', list, blank, { ready: true, ms: 120_000 })
    const questions = await questionsOf(blank)
    const back = questions.filter((q) => {
      const e = byRef.get(q.questionId)
      return e && q.answer === e.answer && q.retrievedNarrative.includes(`ciso-self-assessment.csv, row ${e.row} — `) // a CSV's one sheet is not named
    })
    console.info(`CISO self-assessment answers back: ${back.length}/${entries.length}`)
    expect(back.length / entries.length).toBeGreaterThanOrEqual(0.95)
  }, 180_000)

  it('flags two vendors answering the same questions differently, and the same answer twice', async () => {
    const res = await importFiles(alice, ['library/vendor-a-answers.csv', 'library/vendor-b-answers.csv'], { company_id: companyId })
    expect(res.json.data).toMatchObject([
      { fileName: 'vendor-a-answers.csv', state: 'imported', imported: 4 },
      { fileName: 'vendor-b-answers.csv', state: 'imported', imported: 4 },
    ])
    const mine = (await all(alice)).filter((e) => e.sourceFile.endsWith('-answers.csv'))
    const of = (file: string, ref: string) => mine.find((e) => e.sourceFile === file && e.questionRef === ref)!
    const pair = (ref: string) => [of('vendor-a-answers.csv', ref), of('vendor-b-answers.csv', ref)] as const
    const [bcrA, bcrB] = pair('BCR-01.1') // Yes / No
    expect(bcrA.conflicts).toEqual([bcrB._id])
    expect(bcrB.conflicts).toEqual([bcrA._id])
    const [hrsA, hrsB] = pair('HRS-11.1') // no choice; "Every employee completes…" / "No … training is provided."
    expect(hrsA.conflicts).toEqual([hrsB._id])
    const [cekA, cekB] = pair('CEK-03.1') // the same choice and text
    expect([cekA.duplicates, cekA.conflicts]).toEqual([[cekB._id], []])
    const [iamA] = pair('IAM-14.1') // the same choice, other words: neither
    expect([iamA.conflicts, iamA.duplicates]).toEqual([[], []])
    expect(bcrA.companyId).toBe(companyId)

    // flagged=true lists these six (the CAIQ imported above has near-identical questions of its own, flagged too).
    const flagged = (await all(alice, '&flagged=true')).filter((e) => e.sourceFile.endsWith('-answers.csv'))
    expect(flagged.map((e) => e._id).sort()).toEqual([bcrA, bcrB, hrsA, hrsB, cekA, cekB].map((e) => e._id).sort())
    expect((await all(alice, '&flagged=true')).every((e) => e.conflicts.length + e.duplicates.length > 0)).toBe(true)
  })

  it('searches, edits and retires entries', async () => {
    const found = await all(alice, `&q=${encodeURIComponent('hardware keys')}`)
    expect(found.map((e) => e.answer)).toEqual(['Administrators sign in through SSO with hardware keys.'])
    const id = found[0]!._id
    const edited = await api(alice, 'PUT', `/api/answer-library/${id}`, { answer: 'Administrators sign in through SSO with FIDO2 keys.', choiceValue: 'Yes' })
    expect(edited.status).toBe(200)
    expect(edited.json.data).toMatchObject({ _id: id, answer: 'Administrators sign in through SSO with FIDO2 keys.', choiceValue: 'Yes' })
    expect((edited.json.data as LibraryEntryView).reviewedAt).toEqual(expect.any(String))
    expect(await all(alice, '&q=hardware%20keys')).toEqual([])

    const retired = await api(alice, 'DELETE', `/api/answer-library/${id}`)
    expect([retired.status, retired.json.message]).toEqual([200, 'Entry retired: it will not be offered again'])
    expect((await all(alice, '&q=FIDO2')).length).toBe(0)
    expect((await api(alice, 'DELETE', `/api/answer-library/${id}`)).status).toBe(404)
    expect((await api(alice, 'PUT', `/api/answer-library/${id}`, { answer: 'again' })).status).toBe(404)
  })

  it('keeps an unsure reading waiting on its columns, then imports with the confirmed ones', async () => {
    const res = await importFiles(alice, [UNSURE])
    const [pending] = res.json.data as LibraryImport[]
    expect(pending).toMatchObject({ state: 'check', imported: 0 })
    expect(pending!.layout).toMatchObject({ needsCheck: true, sheet: '(4.1) tblProfile', headerRow: 4 })
    const before = (await all(alice)).length
    // Another tenant cannot confirm it.
    const mapping = { sheet: '(4.1) tblProfile', headerRow: 4, columns: { id: 'A', question: 'I', answer: 'J' } }
    expect((await api(bob, 'PUT', `/api/answer-library/import/${pending!._id}/layout`, mapping)).status).toBe(404)
    const confirmed = await api(alice, 'PUT', `/api/answer-library/import/${pending!._id}/layout`, mapping)
    expect(confirmed.status).toBe(200)
    const result = confirmed.json.data as LibraryImport
    expect(result.state).toBe('imported')
    expect((await all(alice)).length).toBe(before + result.imported)
    const again = await api(alice, 'PUT', `/api/answer-library/import/${pending!._id}/layout`, mapping)
    expect([again.status, again.json.message]).toEqual([409, 'This file is already imported'])
  })

  it('refuses bad files and unknown clients in words, and keeps every entry from another tenant', async () => {
    const refused = async (res: Awaited<ReturnType<typeof api>>, status: number, message: RegExp) => {
      expect([res.status, res.json.status]).toEqual([status, false])
      expect(res.json.message).toMatch(message)
    }
    await refused(
      await api(
        alice,
        'POST',
        '/api/answer-library/import',
        formOf({}, [['notes.pdf', await readFile(path.join(DATA, 'policies/basecamp_37signals/security_Basecamp_Security_Overview_2021-02-04.pdf'))]]),
      ),
      415,
      /no answer columns to import/,
    )
    await refused(
      await api(alice, 'POST', '/api/answer-library/import', formOf({}, [['x.xlsx', Buffer.from([0, 1, 2, 3, 255, 254, 0, 7])]])),
      415,
      /Excel workbooks/,
    )
    await refused(await api(alice, 'POST', '/api/answer-library/import', formOf({}, [])), 400, /select a file/)
    await refused(await importFiles(bob, ['library/vendor-a-answers.csv'], { company_id: companyId }), 404, /^Client not found$/)
    const many = Array.from({ length: 21 }, () => 'library/vendor-a-answers.csv')
    await refused(await importFiles(alice, many), 413, /at most 20 files/)

    // Bob sees nothing of Alice's library, and her ids answer 404.
    expect(await all(bob)).toEqual([])
    const someone = (await all(alice))[0]!
    expect((await api(bob, 'PUT', `/api/answer-library/${someone._id}`, { answer: 'hijack' })).status).toBe(404)
    expect((await api(bob, 'DELETE', `/api/answer-library/${someone._id}`)).status).toBe(404)
    expect((await api(bob, 'PUT', '/api/answer-library/not-a-uuid', { answer: 'x' })).status).toBe(404)
    expect((await all(alice)).find((e) => e._id === someone._id)).toMatchObject({ answer: someone.answer })
  })
})
