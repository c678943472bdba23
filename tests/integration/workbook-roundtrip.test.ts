// The export promise: answers are written into the customer's own workbook, into the recorded
// answer cells only. Every real workbook is filled, re-read, and compared cell by cell and part by
// part with the original: first as raw writes into every answer cell, then as an export of approved
// answers (the choice into the choice cell, the text into the narrative cell), also for the layouts
// built for issue 11, and the export's own check (compareWorkbooks, what the report API runs) is
// shown to find what else changed.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { choicesOf } from '@portal/drafting'
import { type CellWrites, columnLetters, compareWorkbooks, type Grid, readWorkbook, writeCells, xlsToXlsx } from '@portal/sheets'
import { assertVerified, type ExportQuestion, type FoundQuestion, fillWorkbook, findQuestions, planExport, planQuestion } from '@portal/documents'
import type { BlobStore } from '@portal/storage'
import yauzl from 'yauzl'
import { expectedExport } from '../support/answer-cells.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires')
const XLSX_FILES = [
  'HECVAT414_blank_sagearbor.xlsx',
  'csa-caiq-v3.0.1-09-01-2017.xlsx',
  'csa-caiq-v3.0.1-09-01-2017-filled.xlsx',
  'csa-caiq-v1.1-09-01-2011.xlsx',
  'nist_csf2.0_official_export.xlsx',
  'intuitem/CyFun2025_Self-Assessment_tool_ESSENTIAL_v3.1.xlsx',
  'intuitem/cisa-vendor-scrm.xlsx',
  'intuitem/vendor-due-diligence.xlsx',
  'intuitem/iso27001-2022.xlsx',
  'csf_profile/csf2-profile-examples.xlsx',
  'csf_profile/csf2-assessment-workbook.xlsx',
  'built/vendor-macro.xlsm',
]
const XLS_FILES = ['xls/csa-caiq-v3.0.1-09-01-2017.xls', 'xls/cisa-vendor-scrm.xls']
/** The layouts of issue 11 built for this project (tests/fixtures/SOURCES.md): a choice cell and a narrative cell each. */
const BUILT_FILES = [
  'caiq-v4.0.3',
  'sig-lite',
  'vsa-core',
  'numbered-ids',
  'named-ranges',
  'analyst-report',
  'csf2-profile',
  'csf2-assessment',
  'toolbox',
  'caiq-packed',
].map((f) => `built/${f}.xlsx`)

async function parts(buf: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((res, rej) => yauzl.fromBuffer(buf, { lazyEntries: true }, (e, z) => (e || !z ? rej(e) : res(z))))
  const out = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve()).on('error', reject)
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (err, s) => {
        if (err || !s) return reject(err)
        const chunks: Buffer[] = []
        s.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
      }),
    )
    zip.readEntry()
  })
  return out
}

/** Parts that differ between two archives; the workbook part only when more than its recalculation flag changed. */
async function touchedParts(a: Buffer, b: Buffer): Promise<string[]> {
  const [x, y] = await Promise.all([parts(a), parts(b)])
  expect([...y.keys()]).toEqual([...x.keys()])
  const flagless = (xml: string) => xml.replace(/(<calcPr\b[^>]*?)\s*\bfullCalcOnLoad="[^"]*"/, '$1').replace(/<calcPr\s*\/>/, '')
  return [...x.keys()].filter(
    (k) => !x.get(k)!.equals(y.get(k)!) && (k !== 'xl/workbook.xml' || flagless(x.get(k)!.toString()) !== flagless(y.get(k)!.toString())),
  )
}

/** Every cell of `after` is `before`'s, except the `expected` ones (sheet!A1 → text). Returns how many expected cells were seen. */
function expectOnly(before: Grid, after: Grid, expected: Map<string, string>): number {
  expect(after.sheets.map((s) => [s.name, s.hidden])).toEqual(before.sheets.map((s) => [s.name, s.hidden]))
  let seen = 0
  for (const [i, sheet] of before.sheets.entries()) {
    const next = after.sheets[i]!
    expect(next.validations).toEqual(sheet.validations)
    const rows = Math.max(sheet.rows.length, next.rows.length)
    for (let r = 0; r < rows; r++) {
      const cols = Math.max(sheet.rows[r]?.length ?? 0, next.rows[r]?.length ?? 0)
      for (let c = 0; c < cols; c++) {
        const key = `${sheet.name}!${columnLetters(c + 1)}${r + 1}`
        const want = expected.get(key) ?? sheet.rows[r]?.[c] ?? ''
        if (expected.has(key)) seen++
        if ((next.rows[r]?.[c] ?? '') !== want) throw new Error(`${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(next.rows[r]?.[c])}`)
      }
    }
  }
  return seen
}

describe.each(XLSX_FILES.filter((f) => !f.endsWith('-filled.xlsx')))('answers written into %s', (file) => {
  it('change the answer cells and nothing else', async () => {
    const original = await readFile(path.join(DATA, file))
    const before = await readWorkbook(original)
    const questions = findQuestions(before)
    const writes: CellWrites = new Map()
    const expected = new Map<string, string>()
    questions.forEach((q, i) => {
      const cells = writes.get(q.sheet) ?? new Map<string, string>()
      writes.set(q.sheet, cells)
      q.answerCells.forEach((cell, j) => {
        // A dropdown value where there is one; one answer per workbook tries a formula injection.
        const text = cell.choices?.[0] ?? (i === 0 && j === 0 ? '=HYPERLINK("http://evil","x")' : `Answer ${i + 1}.${j + 1} <&> "é"`)
        cells.set(cell.address, text)
        expected.set(`${q.sheet}!${cell.address}`, text.startsWith('=') ? `'${text}` : text)
      })
    })
    const filled = await writeCells(original, writes)
    expect(expectOnly(before, await readWorkbook(filled), expected)).toBe(expected.size)

    // Every part but the answered sheets is byte for byte the original (the workbook part may ask
    // for recalculation when the workbook has formulas).
    const touched = await touchedParts(original, filled)
    expect(touched.every((k) => /^xl\/worksheets\/[^/]+\.xml$/.test(k))).toBe(true)
    expect(touched.length).toBeLessThanOrEqual(writes.size)
  })
})

// A legacy .xls comes back as an .xlsx: the same sheets and every cell's value, answers only in the
// recorded answer cells.
describe.each(XLS_FILES)('answers written into %s', (file) => {
  it('give an .xlsx whose only changed cells are the answer cells', async () => {
    const original = await readFile(path.join(DATA, file))
    const before = await readWorkbook(original)
    const questions = findQuestions(before)
    expect(questions.length).toBeGreaterThan(10)
    const writes: CellWrites = new Map()
    const expected = new Map<string, string>()
    questions.forEach((q, i) => {
      const cells = writes.get(q.sheet) ?? new Map<string, string>()
      writes.set(q.sheet, cells)
      const cell = q.answerCells[0]!
      cells.set(cell.address, `Answer ${i + 1}`)
      expected.set(`${q.sheet}!${cell.address}`, `Answer ${i + 1}`)
    })
    const after = await readWorkbook(await writeCells(await xlsToXlsx(original), writes))
    expect(after.format).toBe('xlsx')
    expect(expectOnly(before, after, expected)).toBe(expected.size)
  })
})

/**
 * Every question approved, with an answer and, where it has options, a choice (cycling through
 * them, so Yes, No and N.A. are all written); the first answer tries a formula injection.
 */
const approvedAll = (found: FoundQuestion[]): ExportQuestion[] =>
  found.map((q, i) => {
    const options = choicesOf(q.answerCells)
    return {
      id: `q${i}`,
      questionRef: q.questionId,
      sheet: q.sheet,
      row: q.row,
      question: q.question,
      answer: i === 0 ? '=HYPERLINK("http://evil","x")' : `Answer ${i + 1} to ${q.questionId}: <&> "é"\nsecond line`,
      choiceValue: options.length ? options[i % options.length]! : null,
      llmstatus: true,
      answerCells: q.answerCells,
    }
  })

/** The stored file of a questionnaire, as fillWorkbook reads it (only getBuffer is used). */
const storeOf = (bytes: Buffer) => ({ getBuffer: async () => bytes }) as unknown as BlobStore

/** Whether a grid holds something at sheet!A1: a workbook filled before. */
const markedIn = (grid: Grid) => (sheet: string, address: string) => {
  const { r, c } = cellOf(address)
  return Boolean(grid.sheets.find((s) => s.name === sheet)?.rows[r]?.[c]?.trim())
}
const cellOf = (address: string) => {
  const [, letters, row] = /^([A-Z]+)(\d+)$/.exec(address)!
  return { r: Number(row) - 1, c: [...letters!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1 }
}

// The round trip of issue 11 on every real workbook, through the export itself (fillWorkbook, what
// the report and download routes run): after approving every draft, each answer's text and choice
// are at the recorded cells of the exported file, every other cell of every sheet is the original's
// (read by the test, independently of the export's own check), no non-empty cell became empty, the
// replaced cells of a filled workbook are reported with their old values, and the check agrees.
describe.each([...XLSX_FILES, ...XLS_FILES, ...BUILT_FILES])('approved answers exported into %s', (file) => {
  it('are found at the recorded cells, and nothing else changed', async () => {
    const original = await readFile(path.join(DATA, file))
    const before = await readWorkbook(original)
    const found = findQuestions(before)
    expect(found.length).toBeGreaterThan(10)
    const questions = approvedAll(found)
    const format = file.endsWith('.xls') ? 'xls' : 'xlsx'
    const { bytes: filled, report } = await fillWorkbook(storeOf(original), { format, storageKey: file }, questions, 'approved')

    // What the answer-cell contract says, worked out by the test: every question written in full
    // where it has the cells for it; without a narrative cell the text is not written (never into a
    // dropdown), and the report says so; a group marked before keeps its mark.
    const want = expectedExport(
      found,
      questions.map((q) => ({ answer: q.answer, choiceValue: q.choiceValue, approved: true })),
      'approved',
      markedIn(before),
    )
    const expected = want.cells
    expect(want.blank).toBe(0)
    expect({ written: report.written, partial: report.partial, blank: report.blank, cells: report.cells }).toEqual({
      written: want.written,
      partial: want.partial,
      blank: want.blank,
      cells: want.filled,
    })
    expect(want.outcomes.filter((o) => o && o !== 'no-text-cell' && o !== 'marked-before')).toEqual([])
    const after = await readWorkbook(filled)
    expect(expectOnly(before, after, expected)).toBe(expected.size)
    expect(emptied(before, after)).toEqual([])

    // Replaced: the written cells that held something else, with what they held.
    const replaced = [...expected]
      .map(([key, value]) => {
        const [sheet, address] = [key.slice(0, key.lastIndexOf('!')), key.slice(key.lastIndexOf('!') + 1)]
        const { r, c } = cellOf(address)
        return { sheet, address, before: before.sheets.find((s) => s.name === sheet)!.rows[r]?.[c] ?? '', after: value }
      })
      .filter((x) => x.before && x.before !== x.after)
    expect(report.replaced.map((x) => ({ sheet: x.sheet, address: x.address }))).toEqual(replaced.map((x) => ({ sheet: x.sheet, address: x.address })))
    expect(report.replaced.every((x) => x.before.trim() !== '' && x._id !== '')).toBe(true)

    expect(report.verification.differences).toEqual([])
    expect(report.verification).toMatchObject({ verified: true, differenceCount: 0, written: expected.size, sheets: before.sheets.length })
  })
})

/** Cells that held something and are empty now. */
function emptied(before: Grid, after: Grid): string[] {
  return before.sheets.flatMap((s, i) =>
    s.rows.flatMap((row, r) =>
      row.flatMap((v, c) => (v.trim() && !after.sheets[i]?.rows[r]?.[c]?.trim() ? [`${s.name}!${columnLetters(c + 1)}${r + 1}`] : [])),
    ),
  )
}

// The case issue 11 was filed for: CAIQ v4's answer is a Yes / No / NA dropdown and its text goes
// to "CSP Implementation Description"; the exported file used to be the blank one.
describe('an approved CAIQ v4.0.3 answer', () => {
  it('puts the choice into the answer dropdown and the text into the implementation description', async () => {
    const original = await readFile(path.join(DATA, 'built/caiq-v4.0.3.xlsx'))
    const before = await readWorkbook(original)
    const [q] = findQuestions(before)
    const text = 'Application security is governed by the SDLC policy, reviewed yearly.'
    const plan = planExport(
      [
        {
          id: 'q0',
          questionRef: q!.questionId,
          sheet: q!.sheet,
          row: q!.row,
          question: q!.question,
          answer: text,
          choiceValue: 'Yes',
          llmstatus: true,
          answerCells: q!.answerCells,
        },
      ],
      'approved',
    )
    const header = before.sheets.find((s) => s.name === q!.sheet)!.rows.find((r) => r.includes('CSP CAIQ Answer'))!
    const [choiceCol, textCol] = [header.indexOf('CSP CAIQ Answer'), header.findIndex((h) => h.startsWith('CSP Implementation Description'))]
    const row = Number(/\d+$/.exec(q!.answerCells[0]!.address)![0]) - 1
    const filled = await writeCells(original, plan.writes)
    const after = (await readWorkbook(filled)).sheets.find((s) => s.name === q!.sheet)!
    expect([after.rows[row]![choiceCol], after.rows[row]![textCol]]).toEqual(['Yes', text])
    expect(plan.plans[0]).toMatchObject({ missing: [] })
    expect((await compareWorkbooks(original, filled, plan.writes)).differenceCount).toBe(0)
  })
})

// Every outcome of the plan, on the cells extraction records: what is written and why not.
describe('the plan of one question', () => {
  const dropdown = { address: 'C2', header: 'Response', role: 'choice' as const, choices: ['Yes', 'No', 'N/A'] }
  const scores = { address: 'D2', header: 'Score', role: 'choice' as const, choices: ['1', '2', '3'] }
  const text = { address: 'E2', header: 'Additional Information', role: 'narrative' as const }
  const marks = ['Yes', 'No', 'Not Applicable'].map((header, i) => ({ address: `${'FGH'[i]}2`, header, role: 'mark' as const }))
  const q = (answer: string, choiceValue: string | null, answerCells: unknown, llmstatus = true): ExportQuestion => ({
    id: 'q',
    questionRef: '1.1',
    sheet: 'S',
    row: 1,
    question: 'Do you encrypt data at rest?',
    answer,
    choiceValue,
    llmstatus,
    answerCells,
  })
  const outcome = (question: ExportQuestion, scope: 'approved' | 'all' = 'approved') => {
    const p = planQuestion(question, scope)
    return { cells: p.cells, blank: p.blank, missing: p.missing }
  }

  it('writes the choice into the dropdown that offers it and the text into the narrative cell', () => {
    expect(outcome(q('We do.', 'Yes', [dropdown, text]))).toEqual({
      cells: [
        ['E2', 'We do.'],
        ['C2', 'Yes'],
      ],
      blank: undefined,
      missing: [],
    })
    // "Not applicable" is the dropdown's N/A; a score goes in as a number.
    expect(outcome(q('', 'Not applicable', [dropdown, text])).cells).toEqual([['C2', 'N/A']])
    expect(outcome(q('', '2', [scores, text])).cells).toEqual([['D2', 2]])
    // Marks: an x under the chosen column, nothing emptied; none where another column is marked already.
    expect(outcome(q('', 'N/A', marks)).cells).toEqual([['H2', 'x']])
    const marked = (p: ReturnType<typeof planQuestion>) => ({ cells: p.cells, blank: p.blank, missing: p.missing })
    expect(marked(planQuestion(q('Not used.', 'N/A', [...marks, text]), 'approved', (_s, a) => a === 'F2'))).toEqual({
      cells: [['E2', 'Not used.']],
      blank: undefined,
      missing: ['marked-before'],
    })
    expect(marked(planQuestion(q('', 'N/A', marks), 'approved', (_s, a) => a === 'F2')).blank).toBe('marked-before')
    expect(planQuestion(q('', 'Yes', marks), 'approved', (_s, a) => a === 'F2').cells).toEqual([['F2', 'x']])
  })

  it('never puts a text into a dropdown, and says what was not written', () => {
    expect(outcome(q('We do.', 'Yes', [dropdown]))).toEqual({ cells: [['C2', 'Yes']], blank: undefined, missing: ['no-text-cell'] })
    expect(outcome(q('We do.', null, [dropdown]))).toEqual({ cells: [], blank: 'no-choice', missing: [] })
    expect(outcome(q('We do.', null, [dropdown, text]))).toEqual({ cells: [['E2', 'We do.']], blank: undefined, missing: ['no-choice'] })
    expect(outcome(q('We do.', 'Maybe', [dropdown, text]))).toEqual({ cells: [['E2', 'We do.']], blank: undefined, missing: ['not-an-option'] })
    expect(outcome(q('', 'Maybe', [dropdown]))).toEqual({ cells: [], blank: 'not-an-option', missing: [] })
    expect(outcome(q('', 'Yes', [text]))).toEqual({ cells: [], blank: 'not-an-option', missing: [] })
    expect(outcome(q('We do.', 'Yes', []))).toEqual({ cells: [], blank: 'no-answer-cell', missing: [] })
    expect(outcome(q('  ', null, [dropdown, text]))).toEqual({ cells: [], blank: 'no-answer', missing: [] })
  })

  it('takes drafts only when every draft is asked for', () => {
    const draft = q('We do.', 'Yes', [dropdown, text], false)
    expect(outcome(draft).blank).toBe('not-approved')
    expect(outcome(draft, 'all')).toEqual({
      cells: [
        ['E2', 'We do.'],
        ['C2', 'Yes'],
      ],
      blank: undefined,
      missing: [],
    })
  })
})

// The check that proves an export is a real comparison: it finds every kind of change it must refuse.
describe('the check of a written workbook', () => {
  const caiq = path.join(DATA, 'csa-caiq-v3.0.1-09-01-2017.xlsx')

  it('finds a cell changed besides the answers, and an answer cell that does not hold its answer', async () => {
    const original = await readFile(caiq)
    const written: CellWrites = new Map([
      [
        'CSA CAIQ v3.0.1',
        new Map<string, string | number>([
          ['I5', 'Our notes'],
          ['F5', 'x'],
          ['E5', 'A question rewritten'],
        ]),
      ],
    ])
    const filled = await writeCells(original, written)
    // Declared without E5 (the question text): the check names it; declared with another value: it says so.
    const declared: CellWrites = new Map([
      [
        'CSA CAIQ v3.0.1',
        new Map<string, string | number>([
          ['I5', 'Other notes'],
          ['F5', 'x'],
        ]),
      ],
    ])
    const check = await compareWorkbooks(original, filled, declared)
    expect(check.differenceCount).toBe(2)
    expect(check.differences).toEqual([
      { kind: 'cell', sheet: 'CSA CAIQ v3.0.1', address: 'E5', before: expect.stringMatching(/^Do you use industry standards/), after: 'A question rewritten' },
      { kind: 'written', sheet: 'CSA CAIQ v3.0.1', address: 'I5', before: 'Other notes', after: 'Our notes' },
    ])
  })

  it('finds formulas of other cells changed by a write (a shared formula whose first cell is an answer cell)', async () => {
    // tests/fixtures/export/shared-formula-answers.xlsx: C2:C6 share the formula stored in C2.
    const original = await readFile(path.resolve('tests/fixtures/export/shared-formula-answers.xlsx'))
    const found = findQuestions(await readWorkbook(original))
    expect(found.map((q) => q.answerCells[0]?.address)).toEqual(['C2', 'C3', 'C4', 'C5', 'C6'])
    const only = (i: number) =>
      planExport(
        found.map((q, j) => ({
          id: `q${j}`,
          questionRef: q.questionId,
          sheet: q.sheet,
          row: q.row,
          question: q.question,
          answer: 'Yes, AES-256',
          choiceValue: null,
          llmstatus: i === j,
          answerCells: q.answerCells,
        })),
        'approved',
      )
    const first = only(0)
    const broken = await compareWorkbooks(original, await writeCells(original, first.writes), first.writes)
    expect(broken.differences.map((d) => [d.kind, d.address, d.before, d.after])).toEqual(
      ['C3', 'C4', 'C5', 'C6'].map((a) => ['cell', a, `=IF(A${a.slice(1)}="","","Pending")`, 'Pending']),
    )
    // A cell that only points to the shared formula is replaced cleanly.
    const second = only(1)
    expect((await compareWorkbooks(original, await writeCells(original, second.writes), second.writes)).differenceCount).toBe(0)
  })

  it('finds parts and sheets that differ, and lists the first 50 of many changes', async () => {
    const v3 = await readFile(caiq)
    // A sheet written but not declared: its cell, and its part.
    const filled = await writeCells(v3, new Map([['CSA CAIQ v3.0.1', new Map([['I5', 'Our notes']])]]))
    expect((await compareWorkbooks(v3, filled, new Map())).differences).toEqual([
      { kind: 'cell', sheet: 'CSA CAIQ v3.0.1', address: 'I5', before: '', after: 'Our notes' },
      {
        kind: 'part',
        sheet: 'CSA CAIQ v3.0.1',
        address: expect.stringMatching(/^xl\/worksheets\/sheet\d+\.xml$/),
        before: expect.any(String),
        after: expect.any(String),
      },
    ])
    const v11 = await compareWorkbooks(v3, await readFile(path.join(DATA, 'csa-caiq-v1.1-09-01-2011.xlsx')), new Map())
    expect(v11.differences.filter((d) => d.kind === 'sheet')[0]).toMatchObject({ before: 'CSA CAIQ v3.0.1', after: 'csa-cai v1.1' })
    // The vendor's filled copy of the same template: an x under Yes and "test" in Notes, per question.
    const vendor = await compareWorkbooks(v3, await readFile(path.join(DATA, 'csa-caiq-v3.0.1-09-01-2017-filled.xlsx')), new Map())
    expect(vendor.differenceCount).toBeGreaterThan(294 * 2)
    expect(vendor.differences).toHaveLength(50)
  })

  it('keeps numbers as numbers, and asks a workbook with formulas to recalculate', async () => {
    const cyfun = await readFile(path.join(DATA, 'intuitem/CyFun2025_Self-Assessment_tool_ESSENTIAL_v3.1.xlsx'))
    const written: CellWrites = new Map([
      [
        'GOVERN',
        new Map<string, string | number>([
          ['G3', 4],
          ['H3', 'N/A'],
        ]),
      ],
    ])
    const filled = await writeCells(cyfun, written)
    expect((await compareWorkbooks(cyfun, filled, written)).differenceCount).toBe(0)
    const sheet = (await parts(filled)).get('xl/worksheets/sheet3.xml')!.toString()
    expect(sheet).toMatch(/<c r="G3"( s="\d+")?><v>4<\/v><\/c>/)
    expect((await parts(filled)).get('xl/workbook.xml')!.toString()).toMatch(/<calcPr\b[^>]*fullCalcOnLoad="1"/)
    expect(await touchedParts(cyfun, filled)).toEqual(['xl/worksheets/sheet3.xml'])
  })

  it('updates a filled workbook: a replaced answer is reported with its old value, a mark is never emptied', async () => {
    // The vendor's filled CAIQ has an x under Yes and "test" in Notes on every question.
    const vendor = await readFile(path.join(DATA, 'csa-caiq-v3.0.1-09-01-2017-filled.xlsx'))
    const [q, q2] = findQuestions(await readWorkbook(vendor))
    const question = (from: FoundQuestion, id: string, answer: string, choiceValue: string): ExportQuestion => ({
      id,
      questionRef: from.questionId,
      sheet: from.sheet,
      row: from.row,
      question: from.question,
      answer,
      choiceValue,
      llmstatus: true,
      answerCells: from.answerCells,
    })
    const { bytes, report } = await fillWorkbook(
      storeOf(vendor),
      { format: 'xlsx', storageKey: 'vendor' },
      [question(q!, 'q0', 'No: not applicable to us', 'No'), question(q2!, 'q1', 'Yes, yearly.', 'Yes')],
      'approved',
    )
    // Choosing No where Yes is marked: the x stays (emptying it is refused), the text goes in, the report says why.
    const rows = (await readWorkbook(bytes)).sheets[0]!.rows
    expect(rows[4]!.slice(5, 9)).toEqual(['x', '', '', 'No: not applicable to us'])
    expect(rows[5]!.slice(5, 9)).toEqual(['x', '', '', 'Yes, yearly.'])
    expect(report.writtenInPart).toEqual([{ _id: 'q0', questionId: q!.questionId, sheet: q!.sheet, reason: 'marked-before' }])
    expect(report.replaced).toEqual([
      { _id: 'q0', questionId: q!.questionId, sheet: q!.sheet, address: 'I5', before: 'test', after: 'No: not applicable to us' },
      { _id: 'q1', questionId: q2!.questionId, sheet: q2!.sheet, address: 'I6', before: 'test', after: 'Yes, yearly.' },
    ])
    expect(report.verification).toMatchObject({ verified: true, differenceCount: 0, written: 3 })
    expect((await parts(bytes)).get('xl/workbook.xml')!.equals((await parts(vendor)).get('xl/workbook.xml')!)).toBe(true)
  })

  it('refuses a written cell emptied, even one the writer lists', async () => {
    const vendor = await readFile(path.join(DATA, 'csa-caiq-v3.0.1-09-01-2017-filled.xlsx'))
    // The old writer's move of a mark: the customer's x under Yes emptied, an x under No.
    const written: CellWrites = new Map([
      [
        'CSA CAIQ v3.0.1',
        new Map<string, string | number>([
          ['F5', ''],
          ['G5', 'x'],
        ]),
      ],
    ])
    const check = await compareWorkbooks(vendor, await writeCells(vendor, written), written)
    expect(check.differences).toEqual([{ kind: 'emptied', sheet: 'CSA CAIQ v3.0.1', address: 'F5', before: 'x', after: '' }])
  })

  it('keeps a literal _x000D_ in an answer as text, not as the escape of a carriage return', async () => {
    const original = await readFile(caiq)
    const written: CellWrites = new Map([['CSA CAIQ v3.0.1', new Map<string, string | number>([['I5', 'Line one_x000D_ and _x0041_']])]])
    const filled = await writeCells(original, written)
    // Read back by SheetJS, which decodes the escapes: the text is what was written.
    expect((await compareWorkbooks(original, filled, written)).differenceCount).toBe(0)
    expect((await parts(filled)).get('xl/worksheets/sheet1.xml')!.toString()).toContain('Line one_x005F_x000D_ and _x005F_x0041_')
  })

  it('finds no difference between a legacy .xls and its answered .xlsx but the answers', async () => {
    const xls = await readFile(path.join(DATA, 'xls/cisa-vendor-scrm.xls'))
    const written: CellWrites = new Map([['questionnaire_content', new Map<string, string | number>([['H3', 'Yes, reviewed yearly']])]])
    const check = await compareWorkbooks(xls, await writeCells(await xlsToXlsx(xls), written), written)
    expect(check).toMatchObject({ differenceCount: 0, written: 1 })
    expect(check.cells).toBeGreaterThan(1000)
  })
})

// A wrong map of answer cells (what a misread layout gives) forced into the export: the check,
// which knows the cells written and where the questions are but not which cell answers which
// question, refuses the file, and the download with it.
describe('an export through a wrong map of answer cells', () => {
  // The file and its first question, read once.
  const caiq = readFile(path.join(DATA, 'csa-caiq-v3.0.1-09-01-2017.xlsx')).then(async (original) => ({
    original,
    first: approvedAll(findQuestions(await readWorkbook(original)))[0],
  }))
  const forced = async (change: (q: ExportQuestion) => ExportQuestion) => {
    const { original, first } = await caiq
    const { report } = await fillWorkbook(storeOf(original), { format: 'xlsx', storageKey: 'caiq' }, [change({ ...first!, choiceValue: null })], 'approved')
    expect(() => assertVerified(report)).toThrow('The filled workbook was not sent')
    return report.verification
  }
  const narrative = (address: string) => [{ address, header: 'Notes', role: 'narrative' as const }]

  it('is refused when an answer cell is the question text or id cell', async () => {
    const text = await forced((q) => ({ ...q, answerCells: narrative('E5') }))
    expect(text.differences).toEqual([
      {
        kind: 'question',
        sheet: 'CSA CAIQ v3.0.1',
        address: 'E5',
        before: expect.stringMatching(/^Do you use industry standards/),
        after: 'the text of question AIS-01.1',
      },
    ])
    expect(text.message).toBe('1 change besides the answers: CSA CAIQ v3.0.1!E5 (the text of question AIS-01.1)')
    expect((await forced((q) => ({ ...q, answerCells: narrative('C5') }))).differences.map((d) => [d.kind, d.address, d.after])).toEqual([
      ['question', 'C5', 'the id of question AIS-01.1'],
    ])
  })

  it("is refused when an answer cell is on another question's row or another sheet", async () => {
    expect((await forced((q) => ({ ...q, answerCells: narrative('I9') }))).differences).toEqual([
      { kind: 'outside', sheet: 'CSA CAIQ v3.0.1', address: 'I9', before: '', after: 'not on the row of a question written' },
    ])
    const other = await forced((q) => ({ ...q, sheet: 'CAIQ Change Log' }))
    expect(other.differences.map((d) => [d.kind, d.sheet, d.address, d.after])).toEqual([
      ['outside', 'CAIQ Change Log', 'I5', 'not on the row of question AIS-01.1'],
    ])
  })

  it("accepts a question whose wording was edited (an outbound template's): its id is on the row", async () => {
    const { original, first } = await caiq
    const { report } = await fillWorkbook(
      storeOf(original),
      { format: 'xlsx', storageKey: 'caiq' },
      [{ ...first!, choiceValue: null, question: 'Reworded by the sender' }],
      'approved',
    )
    expect(report.verification).toMatchObject({ verified: true, written: 1, differenceCount: 0 })
  })
})

// tests/fixtures/export/xlsxwriter-macro01.xlsm: a workbook saved by Excel with a VBA project
// (XlsxWriter's test file, tests/fixtures/SOURCES.md).
describe('a workbook with macros', () => {
  const xlsm = path.resolve('tests/fixtures/export/xlsxwriter-macro01.xlsm')

  it('keeps its VBA project byte for byte', async () => {
    const original = await readFile(xlsm)
    const written: CellWrites = new Map([['Sheet1', new Map<string, string | number>([['B1', 'Our answer']])]])
    const filled = await writeCells(original, written)
    const [before, after] = await Promise.all([parts(original), parts(filled)])
    expect(after.get('xl/vbaProject.bin')!.length).toBe(13312)
    expect(after.get('xl/vbaProject.bin')!.equals(before.get('xl/vbaProject.bin')!)).toBe(true)
    expect(await touchedParts(original, filled)).toEqual(['xl/worksheets/sheet1.xml'])
    expect(await compareWorkbooks(original, filled, written)).toMatchObject({ differenceCount: 0, written: 1, replaced: [] })
  })
})
