// Reworded questions find the answer library's entries (issue 24), through the whole portal: the 23
// rewordings of real CAIQ / HECVAT questions labelled "the same ask" in
// tests/fixtures/question-paraphrases.json (written as another customer would ask: abbreviations,
// voice, word order) are uploaded blank after a completed questionnaire holding the originals was
// imported. Each finds its original's entry: reused as the answer (the entry's own text, cited to
// the imported file and row), or at least shown to the reviewer as a suggestion naming that row;
// never another entry's answer.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { LibraryImport } from '@portal/contracts'
import { callAs, type DraftingProgress, formOf, type SignedUp, signUp, startTestPortal, type TestPortal, untilDrafted } from '../support/portal.js'
import { unansweredWorkbook } from '../support/security-questions.js'

interface Labelled {
  kind: string
  same: boolean
  a: string
  b: string
  aRef?: string
}
interface Question {
  question: string
  answer: string
  answerSource: string
  retrievedNarrative: string
  reviewReason: string
}

const csvCell = (s: string) => `"${s.replace(/"/g, '""')}"`

describe('reworded questions and the answer library', () => {
  let tp: TestPortal
  let alice: SignedUp
  let rewordings: Labelled[]
  let drafts: Map<string, Question>
  /** The row of the imported CSV each original question is on (header on row 1). */
  const rowOf = (i: number) => i + 2
  const answerOf = (i: number) => `Answer ${i + 1}: yes, as our policy states for this control.`

  beforeAll(async () => {
    const labelled = JSON.parse(await readFile(path.resolve(process.cwd(), 'tests/fixtures/question-paraphrases.json'), 'utf8')) as { pairs: Labelled[] }
    rewordings = labelled.pairs.filter((p) => p.kind === 'paraphrase' && p.same)
    expect(rewordings.length).toBeGreaterThanOrEqual(20)
    tp = await startTestPortal({ listen: true })
    alice = await signUp(tp, 'alice@rewordings.example')
    const api = (method: string, url: string, body?: unknown) => callAs(tp, alice, method, url, body)
    // The vendor's completed questionnaire: the original questions, each with its own answer.
    const csv = ['ID,Question,Answer', ...rewordings.map((p, i) => [csvCell(p.aRef ?? `Q-${i + 1}`), csvCell(p.a), csvCell(answerOf(i))].join(','))].join(
      '\r\n',
    )
    const imported = await api('POST', '/api/answer-library/import', formOf({}, [['completed.csv', Buffer.from(`${csv}\r\n`)]]))
    expect(imported.status).toBe(201)
    expect((imported.json.data as LibraryImport[])[0]).toMatchObject({ state: 'imported', imported: rewordings.length })
    const company = await api('POST', '/api/companys', { companyName: 'New Customer', compliance_bucket: 'c', questionnaires_bucket: 'q' })
    const companyId = (company.json.data as { _id: string })._id
    const upload = await api(
      'POST',
      '/api/questionnaires/save',
      formOf({ company_id: companyId }, [
        [
          'their-questionnaire.xlsx',
          await unansweredWorkbook(
            rewordings.map((p) => p.b),
            'R',
          ),
        ],
      ]),
    )
    expect(upload.status).toBe(201)
    const id = (upload.json.data as { _id: string }[])[0]!._id
    await untilDrafted('the reworded questionnaire', async () => (await api('GET', `/api/questionnaires/${companyId}`)).json.data as DraftingProgress[], id)
    // Each question as opened: where its draft came from comes with it, not with the list (issue 26).
    const rows = (await api('GET', `/api/getquestionlist/${id}`)).json.data as { _id: string }[]
    const opened = await Promise.all(rows.map(async (r) => (await api('GET', `/api/questionnaires/question/${r._id}`)).json.data as Question))
    drafts = new Map(opened.map((q) => [q.question, q]))
  }, 180_000)
  afterAll(async () => tp?.stop())

  it('finds the originals: reused with their own answer and row, or suggested naming their row; never another answer', () => {
    let reused = 0
    let suggested = 0
    const missed: string[] = []
    rewordings.forEach((p, i) => {
      const d = drafts.get(p.b)
      expect(d).toBeDefined()
      const place = `completed.csv, row ${rowOf(i)} — `
      // Whatever happens, no other entry's answer is given as this question's.
      const others = rewordings.map((_, j) => answerOf(j)).filter((_, j) => j !== i)
      expect({ question: p.b, otherAnswer: others.includes(d!.answer) }).toEqual({ question: p.b, otherAnswer: false })
      if (d!.answerSource === 'library') {
        reused++
        expect({ question: p.b, answer: d!.answer, origin: d!.retrievedNarrative }).toEqual({
          question: p.b,
          answer: answerOf(i),
          origin: expect.stringContaining(place),
        })
      } else if (d!.reviewReason.includes(place)) {
        suggested++
        expect(d!.answer).not.toBe(answerOf(i)) // a suggestion is never the answer
      } else missed.push(p.b)
    })
    console.log(
      `${rewordings.length} rewordings: ${reused} reused as the answer, ${suggested} suggested, ${missed.length} not found${missed.length ? `:\n  ${missed.join('\n  ')}` : ''}`,
    )
    // Measured 2026-11-29: 21 reused, 2 not found (too far apart for a word-level matcher).
    expect(reused + suggested).toBeGreaterThanOrEqual(20)
    expect(reused).toBeGreaterThanOrEqual(20)
  })
})
