// The export dialog's report of a filled questionnaire being updated: the answer cells that held
// something are listed as replaced, each with its old value, and a choice kept off a group the
// customer had marked says why.
import { describe, expect, it } from '@jest/globals'
import type { ExportReport } from '@portal/contracts'
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { mockFetch, storeSession } from '../../../../test/test-utils'
import { AppProvider } from '../../../app/provider'
import { questionnaireExport } from '../api/export'
import { ExportDialog } from './export-dialog'

const report: ExportReport = {
  scope: 'approved',
  fileName: 'Questionnaire_with_Answers.xlsx',
  questions: 2,
  written: 1,
  partial: 1,
  blank: 0,
  cells: 3,
  sheets: [{ sheet: 'CAIQ', questions: 2, written: 1, partial: 1, blank: 0, cells: 3 }],
  leftBlank: [],
  writtenInPart: [{ _id: 'q0', questionId: 'AIS-01.1', sheet: 'CAIQ', reason: 'marked-before' }],
  replaced: [
    { _id: 'q0', questionId: 'AIS-01.1', sheet: 'CAIQ', address: 'I5', before: 'test', after: 'No: not applicable to us' },
    { _id: 'q1', questionId: 'AIS-01.2', sheet: 'CAIQ', address: 'I6', before: 'Reviewed in 2019', after: 'Yes, yearly.' },
  ],
  verification: { verified: true, message: 'verified: only answer cells changed', sheets: 3, cells: 5000, written: 3, differences: [], differenceCount: 0 },
}

describe('the export dialog', () => {
  it('lists each replaced answer cell with its old value', async () => {
    storeSession()
    mockFetch({ 'GET /api/questionnaires/q1/export-report': { body: { status: true, data: report } } })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <MemoryRouter>
        <AppProvider queryClient={queryClient}>
          <ExportDialog source={questionnaireExport('q1')} onClose={() => {}} />
        </AppProvider>
      </MemoryRouter>,
    )
    const summary = await screen.findByText('2 answer cells already filled in the workbook will be replaced')
    fireEvent.click(summary)
    const replaced = screen.getByRole('region', { name: 'Replaced' })
    expect([...replaced.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'AIS-01.1 (CAIQ!I5): was “test”',
      'AIS-01.2 (CAIQ!I6): was “Reviewed in 2019”',
    ])
    expect(screen.getByText(/1 question: another of its Yes \/ No \/ N\.A\. columns is already marked/)).toBeInTheDocument()
  })
})
