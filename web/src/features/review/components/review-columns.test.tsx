// The review page and the questionnaire's columns: while the product is unsure of them, a banner says
// that drafting waits and opens the columns form in a dialog; the header's Columns button opens it
// too; a questionnaire without columns to show (the layout call fails) has neither.
import { beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { draftedQuestion } from '../../../../test/fixtures'
import { mockFetch, openedQuestions, renderApp, storeSession } from '../../../../test/test-utils'
import type { Layout } from '../api/layout'

const layout: Layout = {
  sheets: [{ name: 'CAIQ', rows: 40, questions: 30 }],
  sheet: 'CAIQ',
  headerRow: 1,
  columns: { question: 'B' },
  confidence: 0.4,
  confirmed: false,
  needsCheck: true,
  total: 30,
  preview: [{ row: 1, cells: ['Id', 'Question'] }],
  read: [],
}

const page = (layoutReply: { status?: number; body: unknown }) =>
  mockFetch({
    'GET /api/getquestionlist/qn1': { body: { status: true, data: [{ ...draftedQuestion(), _id: 'q1', questionId: 'A-1', question: 'Is data encrypted?' }] } },
    ...openedQuestions(() => [{ ...draftedQuestion(), _id: 'q1', questionId: 'A-1', question: 'Is data encrypted?' }]),
    'GET /api/questionnaires/count/qn1': {
      body: { status: true, countOfApproved: 0, countOfReview: 1, total: 1, answered: 0, filled: 1, drafted: 1, empty: 0 },
    },
    'GET /api/questionnaires/qn1/details': { body: { status: true, data: { _id: 'qn1', fileName: 'caiq.xlsx', companyId: 'c1', clientName: 'Global Bank' } } },
    'GET /api/enterprise/comment/list': { body: { status: true, data: [] } },
    'GET /api/questionnaires/qn1/layout': layoutReply,
  })

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  storeSession()
})

describe('the review page and the columns', () => {
  it('says that drafting waits for the columns, and opens the form from the banner', async () => {
    page({ body: { status: true, data: layout } })
    renderApp('/enterprise-apps/review/qn1')
    const banner = await screen.findByRole('region', { name: 'Check the columns' })
    expect(within(banner).getByText(/Drafting waits until the columns are confirmed/)).toBeInTheDocument()
    fireEvent.click(within(banner).getByRole('button', { name: 'Check the columns' }))
    const dialog = await screen.findByRole('dialog', { name: 'Columns' })
    expect(((await within(dialog).findByLabelText('Column B')) as HTMLSelectElement).value).toBe('question')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Columns' })).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }))
    expect(await screen.findByRole('dialog', { name: 'Columns' })).toBeInTheDocument()
  })

  it('shows no banner once the columns are confirmed, and nothing when there are no columns to show', async () => {
    page({ body: { status: true, data: { ...layout, confirmed: true, needsCheck: false } } })
    const first = renderApp('/enterprise-apps/review/qn1')
    expect(await screen.findByRole('button', { name: 'Columns' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Check the columns' })).toBeNull()
    first.unmount()

    const none = page({ status: 404, body: { status: false, message: 'Not found' } })
    renderApp('/enterprise-apps/review/qn1')
    await screen.findByRole('listbox', { name: 'Questions' })
    await waitFor(() => expect(none.callsTo('GET', '/api/questionnaires/qn1/layout')).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Check the columns' })).toBeNull()
  })
})
