// Question extraction on the layouts no public file shows (issue 11): the fixtures built by
// packages/sheets/test/make-questionnaire-fixtures.ts (tests/fixtures/SOURCES.md states what each
// must give) and CSA's CAIQ v4.0.3 and AI-CAIQ v1.1.0 lists as CSV files. Per file the question
// count, and for a sample of questions the exact choice cells and narrative cell.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { readWorkbook } from '@portal/sheets'
import { type FoundQuestion, findQuestions } from '../src/extract/find-questions.mjs'

const DATA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires')
const load = async (file: string) => findQuestions(await readWorkbook(await readFile(path.join(DATA, file))))
const cellsOf = (found: FoundQuestion[], id: string, sheet?: string) => found.find((q) => q.questionId === id && (!sheet || q.sheet === sheet))?.answerCells
const YES_NO_NA = ['Yes', 'No', 'N/A']

describe('questions found in each layout', () => {
  it.each([
    ['built/caiq-v4.0.3.xlsx', 261],
    ['csa_reference/csa_caiq_v4.0.3_questions_normalized.csv', 261],
    ['csa_reference/csa_aicm_caiq_v1.1.0_questions.csv', 320],
    ['built/sig-lite.xlsx', 39], // 36 questions and the 3 fields of Business Information
    ['built/vsa-core.xlsx', 20],
    ['built/numbered-ids.xlsx', 24],
    ['built/vendor-questions.csv', 20],
    ['built/vendor-questionnaire.docx', 19],
    ['built/csf2-profile.xlsx', 106],
    ['built/csf2-assessment.xlsx', 106],
    ['built/analyst-report.xlsx', 17],
    ['built/named-ranges.xlsx', 12],
  ])('%s: %i', async (file, count) => {
    const found = await load(file)
    expect(found).toHaveLength(count)
    for (const q of found) {
      expect(q.questionId).not.toBe('')
      expect(q.question.length).toBeGreaterThan(1)
      // One narrative cell at most (the best), and some answer cell always.
      expect(q.answerCells.filter((c) => c.role === 'narrative').length).toBeLessThanOrEqual(1)
      expect(q.answerCells.length).toBeGreaterThan(0)
    }
  })
})

describe('answer cells of each layout', () => {
  it('CAIQ v4.0.3: the answer and SSRM dropdowns, and the CSP Implementation Description', async () => {
    const found = await load('built/caiq-v4.0.3.xlsx')
    expect(found[0]).toMatchObject({ sheet: 'CAIQv4.0.3', row: 2, questionId: 'AIS-01.1' })
    expect(found[0]!.question).toMatch(/^Are application security policies and procedures established/)
    const ssrm = ['CSP-owned', 'CSC-owned', 'Third-party outsourced', 'Shared CSP and CSC', 'Shared CSP and 3rd-party']
    expect(cellsOf(found, 'AIS-01.1')).toEqual([
      { address: 'C3', header: 'CSP CAIQ Answer', role: 'choice', choices: ['Yes', 'No', 'NA'] },
      { address: 'D3', header: 'SSRM Control Ownership', role: 'choice', choices: ssrm },
      { address: 'E3', header: 'CSP Implementation Description (Optional/Recommended)', role: 'narrative' },
    ])
    expect(cellsOf(found, 'UEM-14.1')!.map((c) => c.address)).toEqual(['C263', 'D263', 'E263'])
    // The CSC column, the CCM columns and the change log are not answers.
    expect(found.every((q) => q.answerCells.every((c) => /^[CDE]\d+$/.test(c.address)))).toBe(true)
    expect(found.every((q) => q.sheet === 'CAIQv4.0.3')).toBe(true)
  })

  it('the CAIQ v4.0.3 list as a CSV: ids of the questions, not of their controls', async () => {
    const found = await load('csa_reference/csa_caiq_v4.0.3_questions_normalized.csv')
    expect(found.map((q) => q.questionId).slice(0, 3)).toEqual(['AIS-01.1', 'AIS-01.2', 'AIS-02.1'])
    expect(new Set(found.map((q) => q.questionId)).size).toBe(261)
    expect(found.at(-1)).toMatchObject({ sheet: 'Sheet1', questionId: 'UEM-14.1' })
  })

  it("CSA's AI-CAIQ list as a CSV: ids with '&' (A&A-01.1), multi-line questions; the answer goes in a new column", async () => {
    const found = await load('csa_reference/csa_aicm_caiq_v1.1.0_questions.csv')
    expect(found[0]).toMatchObject({ questionId: 'A&A-01.1', answerCells: [{ address: 'H2', header: 'Answer', role: 'narrative' }] })
    expect(found[0]!.question).toMatch(/^Are audit and assurance policies, procedures, and standards \nestablished/)
    expect(new Set(found.map((q) => q.questionId)).size).toBe(320)
  })

  it('SIG: numeric dotted ids, the Response dropdown (a list on a hidden sheet) and Additional Information', async () => {
    const found = await load('built/sig-lite.xlsx')
    expect(found.filter((q) => q.sheet === 'SIG Lite')).toHaveLength(28)
    expect(cellsOf(found, '1.1')).toEqual([
      { address: 'C5', header: 'Response', role: 'choice', choices: YES_NO_NA },
      { address: 'D5', header: 'Additional Information', role: 'narrative' },
    ])
    expect(cellsOf(found, '6.1.1')?.map((c) => c.header)).toEqual(['Response', 'Additional Information'])
    // Section rows ("A. Enterprise Risk Management") are not questions; Scoring and mappings are not answers.
    expect(found.some((q) => /Enterprise Risk/.test(q.question))).toBe(false)
    // The privacy tab's text column is "Comments"; the assessor's is not an answer cell.
    expect(cellsOf(found, '10.1')).toEqual([
      { address: 'C3', header: 'Response', role: 'choice', choices: YES_NO_NA },
      { address: 'D3', header: 'Comments', role: 'narrative' },
    ])
  })

  it('VSA: no ids (the row number names the question), the answer column in C on one sheet and D on the next', async () => {
    const found = await load('built/vsa-core.xlsx')
    expect(Object.fromEntries(['Policies', 'Data Security', 'Access Control'].map((s) => [s, found.filter((q) => q.sheet === s).length]))).toEqual({
      Policies: 7,
      'Data Security': 8,
      'Access Control': 5,
    })
    expect(found[0]).toMatchObject({ sheet: 'Policies', row: 1, questionId: '2' })
    expect(found[0]!.answerCells).toEqual([
      { address: 'C2', header: 'Response', role: 'choice', choices: YES_NO_NA },
      { address: 'D2', header: 'Explanation', role: 'narrative' },
    ])
    expect(cellsOf(found, '3', 'Data Security')).toEqual([
      { address: 'D3', header: 'Response', role: 'choice', choices: YES_NO_NA },
      { address: 'E3', header: 'Explanation', role: 'narrative' },
    ])
  })

  it('plain numbers as ids; a numbered scoring guide beside them is not a questionnaire', async () => {
    const found = await load('built/numbered-ids.xlsx')
    expect(found.map((q) => q.questionId)).toEqual(Array.from({ length: 24 }, (_, i) => String(i + 1)))
    expect(found.every((q) => q.sheet === 'Questionnaire')).toBe(true)
    expect(cellsOf(found, '1')).toEqual([
      { address: 'C4', header: 'Answer', role: 'choice', choices: ['Yes', 'No', 'Not applicable'] },
      { address: 'D4', header: 'Comments', role: 'narrative' },
    ])
  })

  it('a CSV in Windows-1252 with semicolons: quoted line breaks and delimiters kept in the text', async () => {
    const found = await load('built/vendor-questions.csv')
    expect(cellsOf(found, '1')).toEqual([{ address: 'C2', header: 'Answer', role: 'narrative' }])
    expect(found.find((q) => q.questionId === '19')?.question).toBe(
      'Describe the security controls of your hosting provider;\nname the provider and its certifications.',
    )
    expect(found.find((q) => q.questionId === '20')?.question).toContain('"principle of least privilege"')
    expect(found.find((q) => q.questionId === '20')?.question).toContain('café')
  })

  it('a Word document: numbered paragraphs (list numbering and typed numbers), a table with ids, a table without', async () => {
    const found = await load('built/vendor-questionnaire.docx')
    const document = found.filter((q) => q.sheet === 'Document')
    expect(document.map((q) => q.questionId)).toEqual(['1', '2', '3', '3.1', '3.2', '4', '5', '6', '13', '14'])
    expect(document.find((q) => q.questionId === '3.1')?.question).toBe('Does it include security due diligence before onboarding?')
    expect(document.find((q) => q.questionId === '13')?.question).toBe('Do you have a documented incident response plan?')
    const table = found.filter((q) => q.sheet === 'Table 2')
    expect(table.map((q) => q.questionId)).toEqual(['Q7', 'Q8', 'Q9', 'Q10', 'Q11', 'Q12'])
    expect(table[0]!.answerCells).toEqual([{ address: 'C2', header: 'Response', role: 'narrative' }])
    expect(found.filter((q) => q.sheet === 'Table 3').map((q) => [q.questionId, q.answerCells[0]?.address])).toEqual([
      ['2', 'B2'],
      ['3', 'B3'],
      ['4', 'B4'],
    ])
    // The document-control table, headings and "Answer:" lines are not questions.
    expect(found.some((q) => /Procurement|General|^Answer:/.test(q.question))).toBe(false)
  })

  it('a CSF 2.0 profile: each active subcategory, its Current tier and practices; not the target or the plan', async () => {
    const found = await load('built/csf2-profile.xlsx')
    expect(found[0]).toMatchObject({ questionId: 'GV.OC-01', question: 'The organizational mission is understood and informs cybersecurity risk management' })
    expect(found[0]!.answerCells).toEqual([
      { address: 'D5', header: 'Current', role: 'choice', choices: ['1 - Partial', '2 - Risk Informed', '3 - Repeatable', '4 - Adaptive'] },
      { address: 'F5', header: 'Current Practices and Evidence', role: 'narrative' },
    ])
    expect(found.every((q) => /^[A-Z]{2}\.[A-Z]{2}-\d{2}$/.test(q.questionId))).toBe(true)
  })

  it('a CSF 2.0 assessment workbook: no withdrawn placeholders, pivot rows or lists of control ids', async () => {
    const found = await load('built/csf2-assessment.xlsx')
    expect(found.every((q) => q.sheet === 'Assessment')).toBe(true)
    expect(found.some((q) => /withdrawn/i.test(q.question))).toBe(false)
    expect(cellsOf(found, 'PR.AA-01')).toEqual([
      { address: expect.stringMatching(/^D\d+$/), header: 'Current Maturity', role: 'choice', choices: ['0', '1', '2', '3', '4', '5'] },
      { address: expect.stringMatching(/^F\d+$/), header: 'Evidence / Comments', role: 'narrative' },
    ])
  })

  it("an analyst's report repeating the ids with other text: only its new questions count", async () => {
    const found = await load('built/analyst-report.xlsx')
    expect(found.filter((q) => q.sheet === 'Vendor Response')).toHaveLength(15)
    expect(found.filter((q) => q.sheet === 'Analyst Report').map((q) => q.questionId)).toEqual(['FLUP-01', 'FLUP-02'])
    expect(cellsOf(found, 'DATA-01')).toEqual([
      { address: 'C3', header: 'Answer', role: 'choice', choices: ['Yes', 'No'] },
      { address: 'D3', header: 'Additional Information', role: 'narrative' },
    ])
  })

  it('dropdowns through defined names, a name standing for a name, lists on other sheets and OFFSET ranges', async () => {
    const found = await load('built/named-ranges.xlsx')
    const hosting = { header: 'Hosting', role: 'choice', choices: ['On premises', 'AWS', 'Azure', 'Google Cloud', 'Other'] }
    expect(cellsOf(found, 'GNRL-01')).toEqual([
      { address: 'C2', header: 'Answer', role: 'choice', choices: ['Yes', 'No'] },
      { address: 'D2', ...hosting },
      { address: 'E2', header: 'Notes', role: 'narrative' },
    ])
    expect(cellsOf(found, 'GNRL-05')?.[0]).toEqual({ address: 'C6', header: 'Answer', role: 'choice', choices: YES_NO_NA })
    expect(cellsOf(found, 'GNRL-12')?.[0]).toEqual({ address: 'C13', header: 'Answer', role: 'choice', choices: YES_NO_NA })
  })
})
