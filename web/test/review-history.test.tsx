// The question opened on the review page (issue 26): its history and context come from the question's
// own call, not the list; the last entries first, the rest when the reviewer asks for them.
import { beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { draftedQuestion } from './fixtures'
import { type MockCall, mockFetch, renderApp, storeSession } from './test-utils'

const HISTORY = Array.from({ length: 12 }, (_, i) => ({ answer: `Text ${i + 1}`, createdAt: '2026-03-02T09:00:00Z', name: 'Dana Scully' }))
const ROW = { ...draftedQuestion(), _id: 'q1', questionId: 'A-1', question: 'Are backups tested?', answer: 'Text 13', answerSource: 'documents', version: 13 }
// The list row carries neither history nor evidence.
const { answerHistory: _h, retrievedNarrative: _r, ...LISTED } = ROW

let calls: MockCall[]
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  storeSession()
  calls = mockFetch({
    'GET /api/getquestionlist/qn1': { body: { status: true, data: [{ ...LISTED, state: 'drafted' }], total: 1 } },
    'GET /api/questionnaires/count/qn1': { body: { status: true, countOfApproved: 0, countOfReview: 1, total: 1 } },
    'GET /api/enterprise/comment/list': { body: { status: true, data: [] } },
    'GET /api/questionnaires/question/q1': (call) => ({
      body: {
        status: true,
        data: {
          ...ROW,
          retrievedNarrative: 'policy.pdf, page 4:\nBackups are restored monthly.',
          answerHistory: call.path.includes('history=all') ? HISTORY : HISTORY.slice(-10),
          historyTotal: HISTORY.length,
        },
      },
    }),
  }).calls
})

const evidence = () => within(screen.getByRole('region', { name: 'History, comments and context' }))

describe('the question opened on the review page', () => {
  it('shows the context and the last changes from the question, and all of them on request', async () => {
    renderApp('/enterprise-apps/review/qn1')
    await screen.findByRole('region', { name: 'History, comments and context' })
    expect(await evidence().findByText(/Backups are restored monthly/)).toBeTruthy()
    fireEvent.click(evidence().getByRole('tab', { name: 'History' }))
    await waitFor(() => expect(evidence().getAllByText(/^Text \d+$/)).toHaveLength(10))
    expect(evidence().queryByText('Text 1')).toBeNull()
    fireEvent.click(evidence().getByRole('button', { name: 'Show all 12 changes' }))
    await waitFor(() => expect(evidence().getAllByText(/^Text \d+$/)).toHaveLength(12))
    expect(evidence().getByText('Text 1')).toBeTruthy()
    expect(evidence().queryByRole('button', { name: /Show all/ })).toBeNull()
    expect(calls.filter((c) => c.path.startsWith('/api/questionnaires/question/q1')).map((c) => c.path)).toEqual([
      '/api/questionnaires/question/q1',
      '/api/questionnaires/question/q1?history=all',
    ])
  })
})
