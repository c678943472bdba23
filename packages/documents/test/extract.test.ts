// Question extraction on the real questionnaires customers upload (tests/fixtures, SOURCES.md).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { findQuestions } from '../src/extract/find-questions.mjs'
import { readWorkbook } from '@portal/sheets'

const DATA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires')
const load = async (file: string) => findQuestions(await readWorkbook(await readFile(path.join(DATA, file))))

describe('questions found in the real workbooks', () => {
  it.each([
    ['HECVAT414_blank_sagearbor.xlsx', 332], // with its labelled field "Date Completed"
    ['csa-caiq-v3.0.1-09-01-2017.xlsx', 294],
    ['csa-caiq-v3.0.1-09-01-2017-filled.xlsx', 294],
    ['csa-caiq-v1.1-09-01-2011.xlsx', 197],
    ['xls/csa-caiq-v3.0.1-09-01-2017.xls', 294],
    ['xls/cisa-vendor-scrm.xls', 255],
    ['intuitem/cisa-vendor-scrm.xlsx', 255],
    ['nist_csf2.0_official_export.xlsx', 106], // 185 subcategories less the 79 withdrawn
    ['intuitem/CyFun2025_Self-Assessment_tool_ESSENTIAL_v3.1.xlsx', 218],
    ['intuitem/vendor-due-diligence.xlsx', 46],
    ['intuitem/iso27001-2022.xlsx', 123],
  ])('%s: %i', async (file, count) => {
    // Speed is held by the benchmark (npm run bench:questionnaire, 1 s target); a hang meets jest's timeout.
    const found = await load(file)
    expect(found).toHaveLength(count)
    for (const q of found) {
      expect(q.questionId).not.toBe('')
      expect(q.question.length).toBeGreaterThan(1)
      expect(q.answerCells.length).toBeGreaterThan(0)
    }
  })

  it('finds exactly the HECVAT 4.1.4 questions of the third-party parse, each once', async () => {
    const truth = JSON.parse(await readFile(path.join(DATA, 'HECVAT414_questions_sagearbor.json'), 'utf8')) as { questions: { id: string }[] }
    const found = await load('HECVAT414_blank_sagearbor.xlsx')
    // Less AILM-07: the parse took it from the hidden Questions database; the AI tab the vendor
    // fills ends at AILM-06 (row 56 is the copyright line), so it has no answer cell.
    const asked = truth.questions.map((q) => q.id.trim()).filter((id) => id !== 'AILM-07')
    expect(new Set(found.filter((q) => !q.field).map((q) => q.questionId))).toEqual(new Set(asked))
    // And its one labelled field, once (every tab repeats it), with its value cell.
    expect(found.filter((q) => q.field)).toEqual([
      {
        sheet: 'START HERE',
        row: 2,
        questionId: 'Date Completed',
        question: 'Date Completed',
        field: true,
        answerCells: [{ address: 'B3', header: 'Date Completed', role: 'narrative' }],
      },
    ])
    // Vendor tabs first; evaluator copies are not counted again.
    expect(found.filter((q) => q.sheet.includes('Evaluation'))).toHaveLength(0)
    const ai = found.find((q) => q.questionId === 'AILM-01')!
    expect(ai).toMatchObject({ sheet: 'AI', question: "Do you limit your solution's LLM privileges by default?*" })
    expect(ai.answerCells[0]).toMatchObject({ address: `C${ai.row + 1}`, choices: ['Yes', 'No'] })
  })

  it('records the HECVAT pair: the Answer dropdown and the Additional Information text, per section', async () => {
    const found = await load('HECVAT414_blank_sagearbor.xlsx')
    const byId = new Map(found.map((q) => [q.questionId, q]))
    // A dropdown row: the choice in C, the text in D; Guidance and Analyst Notes are not answer cells.
    expect(byId.get('DOCU-01')!.answerCells).toEqual([
      { address: 'C22', header: 'Answer', role: 'choice', choices: ['Yes', 'No'] },
      { address: 'D22', header: 'Additional Information', role: 'narrative' },
    ])
    expect(byId.get('HFIH-01')?.answerCells.map((c) => c.role)).toEqual(['choice', 'narrative'])
    // The first section has no header row and no dropdown: its answer column takes the text.
    expect(byId.get('GNRL-01')!.answerCells).toEqual([{ address: 'C13', header: 'Answer', role: 'narrative' }])
    // A "Describe ..." row of a dropdown column, left free: the text goes in the answer column itself.
    expect(byId.get('COMP-02')!.answerCells).toEqual([{ address: 'C24', header: 'Answer', role: 'narrative' }])
    expect(found.filter((q) => q.answerCells.some((c) => /Analyst|Guidance/.test(c.header)))).toHaveLength(0)
    const pairs = found.filter((q) => q.answerCells.map((c) => c.role).join() === 'choice,narrative')
    expect(pairs.length).toBeGreaterThan(280)
    expect(found.every((q) => q.answerCells.filter((c) => c.role === 'narrative').length === 1)).toBe(true)
  })

  it('records the CyFun maturity dropdowns and the comments column, not the computed scores or the assessor', async () => {
    const found = await load('intuitem/CyFun2025_Self-Assessment_tool_ESSENTIAL_v3.1.xlsx')
    const first = found.find((q) => q.questionId === 'GV.OC-01.1')!
    expect(first.answerCells).toEqual([
      { address: 'G3', header: 'Documentation Score', role: 'choice', choices: ['1', '2', '3', '4', '5', 'N/A'] },
      { address: 'H3', header: 'Implementation Score', role: 'choice', choices: ['1', '2', '3', '4', '5', 'N/A'] },
      { address: 'M3', header: 'Comments and/or additional information', role: 'narrative' },
    ])
    expect(found.every((q) => q.answerCells.map((c) => c.address.replace(/\d+$/, '')).join() === 'G,H,M')).toBe(true)
  })

  it("leaves a catalogue's answer-type codes alone: the answer goes in a new column", async () => {
    const found = await load('intuitem/cisa-vendor-scrm.xlsx')
    // Column H ("answer") holds TXT / YNA, the library's type codes: writing there would break it.
    expect(found.find((q) => q.questionId === '1.1')!.answerCells).toEqual([{ address: 'I3', header: 'Answer', role: 'narrative' }])
  })

  it('records the CAIQ answer cells: Yes, No, Not Applicable and Notes of the question row', async () => {
    const found = await load('csa-caiq-v3.0.1-09-01-2017.xlsx')
    const first = found[0]!
    expect(first).toMatchObject({ questionId: 'AIS-01.1', sheet: 'CSA CAIQ v3.0.1', row: 4 })
    expect(first.question).toMatch(/^Do you use industry standards/)
    expect(first.answerCells.map((a) => [a.address, a.header])).toEqual([
      ['F5', 'Yes'],
      ['G5', 'No'],
      ['H5', 'Not Applicable'],
      ['I5', 'Notes'],
    ])
    // The change log also lists question ids: none of them is taken.
    expect(found.every((q) => q.sheet === 'CSA CAIQ v3.0.1')).toBe(true)
  })

  it('keeps the CAIQ v1.1 quirks: trimmed ids, decoded line breaks, the control sheet left out', async () => {
    const found = await load('csa-caiq-v1.1-09-01-2011.xlsx')
    expect(found.every((q) => q.questionId === q.questionId.trim() && !q.question.includes('_x000D_'))).toBe(true)
    expect(found.every((q) => q.sheet === 'csa-cai v1.1')).toBe(true)
    expect(found[0]!.answerCells.map((a) => a.header)).toEqual(['Comments and Notes'])
    expect(found.filter((q) => q.questionId === 'IS-21.1')).toHaveLength(2) // one id, two questions in the source
  })

  it('reads ids written inside the text of a catalogue, and leaves withdrawn subcategories out', async () => {
    const found = await load('nist_csf2.0_official_export.xlsx')
    expect(found.find((q) => q.questionId === 'GV.OC-01')?.question).toMatch(/^The organizational mission is understood/)
    // "ID.BE-01: [Withdrawn: Incorporated into GV.OC-05]" and the 78 others are placeholders.
    expect(found.find((q) => q.questionId === 'ID.BE-01')).toBeUndefined()
    expect(found.filter((q) => /withdrawn/i.test(q.question))).toHaveLength(0)
    expect(found.find((q) => q.questionId === 'PR.DS-01')).toBeDefined()
  })

  it('prefers the English text of a bilingual catalogue', async () => {
    const found = await load('intuitem/vendor-due-diligence.xlsx')
    expect(found.find((q) => q.questionId === 'GOV.01')?.question).toMatch(/^The organization is certified ISO 27001/)
  })
})
