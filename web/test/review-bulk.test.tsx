// Issue 25 on the review page: who drafted each answer and the questionnaire's drafters named (with
// the link to configure a model), each row's state in words, the filters counted by the server,
// approving several drafts at once and undoing it, the history naming the drafter, and the
// Ctrl+Enter hints under each box.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { draftedQuestion } from './fixtures'
import { type MockCall, mockFetch, openedQuestions, renderApp, storeSession } from './test-utils'

const base = {
  ...draftedQuestion(),
  reviewReason: '',
  answerSource: '',
  sourceDocumentId: '',
  sourcePage: null,
  personAnswer: false,
  draftedBy: '',
  draftedAt: null,
}
const QUESTIONS = [
  {
    ...base,
    _id: 'q1',
    questionId: 'A-1',
    question: 'Is data encrypted at rest?',
    answer: 'Yes, with AES-256.',
    answerSource: 'documents',
    draftedAt: '2026-03-01T08:00:00Z',
    version: 3,
  },
  {
    ...base,
    _id: 'q2',
    questionId: 'A-2',
    question: 'Is MFA enforced?',
    answer: 'Maybe.',
    answerSource: 'model',
    draftedBy: 'gpt-test-mini',
    llmReviewRespons: 1,
    reviewReason: 'Drafted with weak evidence',
    version: 5,
  },
  { ...base, _id: 'q3', questionId: 'A-3', question: 'Are backups tested?', answer: '', version: 1 },
  {
    ...base,
    _id: 'q4',
    questionId: 'A-4',
    question: 'Is there a security team?',
    answer: 'Yes, a team of four.',
    answerSource: 'documents',
    personAnswer: true,
    answerHistory: [{ answer: 'Yes.', createdAt: '2026-03-01T08:00:00Z', name: 'Offline drafter', drafter: true }],
    version: 2,
  },
]
const review = (approved: number) => ({
  total: 4,
  approved,
  needsReview: 3 - approved,
  flagged: 1,
  empty: 1,
  drafted: 3,
  bySource: { library: 0, pair: 0, documents: 2, model: 1 },
  model: 'gpt-test-mini',
})

let calls: MockCall[]
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  storeSession()
  const list = QUESTIONS.map((q) => ({ ...q }))
  const approvedCount = () => list.filter((q) => q.llmstatus).length
  const mock = mockFetch({
    'GET /api/getquestionlist/qn1': () => ({ body: { status: true, data: list.map((q) => ({ ...q })) } }),
    ...openedQuestions(() => list),
    'GET /api/questionnaires/count/qn1': () => ({
      body: {
        status: true,
        countOfApproved: approvedCount(),
        countOfReview: 4,
        total: 4,
        answered: 0,
        filled: 3,
        drafted: 4,
        empty: 1,
        review: review(approvedCount()),
      },
    }),
    'GET /api/questionnaires/qn1/details': { body: { status: true, data: { _id: 'qn1', fileName: 'caiq.xlsx', companyId: 'c1', clientName: 'Global Bank' } } },
    'GET /api/enterprise/comment/list': { body: { status: true, data: [] } },
    'POST /api/questionnaires/answer/approve-bulk': (call) => {
      const { questions } = call.body as { questions: { questionId: string; version: number }[] }
      const previous = questions.map(({ questionId }) => {
        const q = list.find((x) => x._id === questionId)!
        const before = { questionId, llmstatus: q.llmstatus, reviewstatus: q.reviewstatus, version: q.version + 1 }
        Object.assign(q, { llmstatus: true, reviewstatus: true, version: q.version + 1 })
        return before
      })
      return { body: { status: true, data: { changed: previous.length, previous } } }
    },
    'POST /api/questionnaires/answer/approve-bulk/undo': (call) => {
      const { previous } = call.body as { previous: { questionId: string; llmstatus: boolean; reviewstatus: boolean }[] }
      for (const p of previous) Object.assign(list.find((x) => x._id === p.questionId)!, { llmstatus: p.llmstatus, reviewstatus: p.reviewstatus })
      return { body: { status: true, data: { changed: previous.length, previous } } }
    },
  })
  calls = mock.calls
})
afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

const options = () => screen.getAllByRole('option')
async function openPage() {
  renderApp('/enterprise-apps/review/qn1')
  await screen.findByRole('listbox', { name: 'Questions' })
  await screen.findByText('3 drafted · 0 approved · 3 need review (1 flagged) · 1 without an answer')
}

describe('review page: drafts and bulk approval (issue 25)', () => {
  it('names the drafters, with a link to configure a model, and who drafted the answer shown', async () => {
    await openPage()
    expect(screen.getByText(/Drafts by the offline drafter \(2\) and gpt-test-mini \(1\)/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'configure a model for better drafts' }).getAttribute('href')).toBe('/settings/drafter')
    expect(screen.getByText(/^Drafted by the offline drafter \(from your documents\)/)).toBeTruthy()
    fireEvent.click(options()[1]!)
    await screen.findByText(/^Drafted by gpt-test-mini/)
  })

  it('says each row state in words and filters by the server counts: needs review is not every question', async () => {
    await openPage()
    expect(options().map((o) => o.querySelector('.state-tag')?.textContent?.trim())).toEqual(['✎ Drafted', '⚠ Flagged', '○ Empty', '✎ Edited, not approved'])
    const tabs = within(screen.getByRole('tablist', { name: 'Filter the questions' })).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['VIEW ALL 4', 'NEEDS REVIEW 3', 'FLAGGED 1', 'APPROVED 0', 'EMPTY 1'])
    // The filters are one tab stop, moved with the arrow keys.
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1])
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' })
    await waitFor(() => expect(screen.getByRole('tab', { name: /NEEDS REVIEW/ }).getAttribute('aria-selected')).toBe('true'))
    expect(options()).toHaveLength(3)
    expect(options().some((o) => o.textContent?.includes('Are backups tested?'))).toBe(false)
    fireEvent.click(screen.getByRole('tab', { name: /FLAGGED/ }))
    await waitFor(() => expect(options()).toHaveLength(1))
    expect(options()[0]!.textContent).toContain('Is MFA enforced?')
  })

  it('approves the drafts with no warning at once, and Undo puts back exactly those', async () => {
    await openPage()
    fireEvent.click(screen.getByRole('button', { name: 'Select several' }))
    const group = screen.getByRole('group', { name: 'Select answers to approve' })
    const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[]
    // The empty question cannot be approved.
    expect(boxes.map((b) => b.disabled)).toEqual([false, false, true, false])
    fireEvent.click(screen.getByRole('button', { name: 'Select all drafts with no warning (1)' }))
    expect(boxes.map((b) => b.checked)).toEqual([true, false, false, false])
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected (1)' }))
    const status = (await screen.findByText('1 answer approved.', { exact: false })).closest('[role=status]') as HTMLElement
    expect(status).toBeTruthy()
    const approve = calls.find((c) => c.path === '/api/questionnaires/answer/approve-bulk')!
    expect(approve.body).toEqual({ questions: [{ questionId: 'q1', version: 3 }] })
    await screen.findByText('3 drafted · 1 approved · 2 need review (1 flagged) · 1 without an answer')
    await waitFor(() => expect(options()[0]!.textContent).toContain('Approved'))
    // Undo has the focus, so the keyboard can take it back at once.
    const undo = within(status).getByRole('button', { name: 'Undo' })
    await waitFor(() => expect(document.activeElement).toBe(undo))
    fireEvent.click(undo)
    await screen.findByText('Approval undone for 1 answer')
    const undone = calls.find((c) => c.path === '/api/questionnaires/answer/approve-bulk/undo')!
    expect(undone.body).toEqual({ previous: [{ questionId: 'q1', llmstatus: false, reviewstatus: false, version: 4 }] })
    await screen.findByText('3 drafted · 0 approved · 3 need review (1 flagged) · 1 without an answer')
  })

  it('names the drafter in the history and says what Ctrl+Enter does under each box', async () => {
    await openPage()
    fireEvent.click(options()[3]!)
    await screen.findByText(/edited since by a reviewer/)
    fireEvent.click(screen.getByRole('tab', { name: 'History' }))
    expect(screen.getByText(/Offline drafter \(draft\)/)).toBeTruthy()
    expect(screen.getByText(/\+Enter saves this answer and marks it approved/)).toBeTruthy()
    expect(screen.getByText(/\+Enter adds the comment/)).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Answer' }).getAttribute('aria-describedby')).toBe('answer-keys')
  })
})
