import { describe, expect, it } from '@jest/globals'
import { buildQuestionsWorkbook, readWorkbook } from '../src/index.js'

describe('questions_and_answers.xlsx', () => {
  it('lists every question with its answer and status, formulas neutralised', async () => {
    const buf = await buildQuestionsWorkbook([
      { questionId: 'AIS-01.1', question: 'Do you use industry standards?', answer: 'Yes, OWASP ASVS.', status: 'Approved', sources: 'policies.pdf p. 24' },
      { questionId: 'AIS-01.2', question: 'Do you test code?', answer: '=HYPERLINK("http://evil","click")', status: 'Needs review' },
      { questionId: 'AIS-01.3', question: 'Another?', answer: '', status: 'Not answered' },
    ])
    const grid = await readWorkbook(buf)
    expect(grid.sheets.map((s) => s.name)).toEqual(['Questions and answers'])
    const rows = grid.sheets[0]!.rows
    expect(rows[0]).toEqual(['#', 'Question ID', 'Question', 'Answer', 'Status', 'Sources'])
    expect(rows[1]).toEqual(['1', 'AIS-01.1', 'Do you use industry standards?', 'Yes, OWASP ASVS.', 'Approved', 'policies.pdf p. 24'])
    expect(rows[2]![3]).toBe('\'=HYPERLINK("http://evil","click")')
    expect(rows[3]!.slice(1, 5)).toEqual(['AIS-01.3', 'Another?', '', 'Not answered'])
  })
})
