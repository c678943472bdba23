// The review page says where each answer came from (the answer library, the documents, the model,
// a person) and why it needs review, as text: the reviewer clicks through the questions and reads it.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, within } from '@testing-library/react'
import { draftedQuestion } from '../../../../test/fixtures'
import { mockFetch, openedQuestions, renderApp, storeSession } from '../../../../test/test-utils'

const base = { ...draftedQuestion(), questionId: '', reviewReason: '', answerSource: '' }
const QUESTIONS = [
  {
    ...base,
    _id: 'q1',
    question: 'Do you store cardholder data?',
    answer: 'No cardholder data is stored.',
    answerSource: 'library',
    documentName: 'Answer library',
    retrievedNarrative: 'From the answer library: approved answer of CAIQ 2024.xlsx — Do you store cardholder data?',
  },
  {
    ...base,
    _id: 'q2',
    question: 'Are backups taken daily?',
    answer: 'Backups are taken daily.',
    answerSource: 'documents',
    documentName: 'policy.pdf',
    fileAndFolder: 'compliance/policy.pdf#page=4',
  },
  {
    ...base,
    _id: 'q3',
    question: 'Are you FedRAMP authorized?',
    answer: '',
    answerSource: '',
    llmReviewRespons: 1,
    documentName: '',
    reviewReason:
      "The cited document contains instruction-like text (ignored); The model's answer is not supported by the cited passages (withheld) <img src=x onerror=alert(1)>",
  },
  {
    ...base,
    _id: 'q4',
    question: 'Is MFA enforced?',
    answer: 'MFA is enforced for all staff and admins.',
    answerSource: 'model',
    documentName: 'access.pdf',
    fileAndFolder: 'compliance/access.pdf#page=2',
    llmReviewRespons: 1,
    reviewReason: 'Weak evidence: check the cited passage',
    answerHistory: [{ answer: 'MFA is enforced.', createdAt: '2026-03-02T09:00:00Z', name: 'Dana Scully' }],
  },
]

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  storeSession()
  mockFetch({
    'GET /api/getquestionlist/qn1': { body: { status: true, data: QUESTIONS } },
    ...openedQuestions(() => QUESTIONS),
    'GET /api/questionnaires/count/qn1': { body: { status: true, countOfApproved: 0, countOfReview: 4, total: 4 } },
    'GET /api/enterprise/comment/list': { body: { status: true, data: [] } },
  })
})
afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

const panel = () => within(document.querySelector<HTMLElement>('aside.approval')!)

describe('where an answer came from, on the review page', () => {
  it('names the library, the documents, the model or nobody, and the reason for review', async () => {
    renderApp('/enterprise-apps/review/qn1')
    fireEvent.click(await screen.findByRole('option', { name: /^Q1 / }))
    // The source comes with the question opened (issue 26).
    expect(await panel().findByText('From the answer library: approved answer of CAIQ 2024.xlsx — Do you store cardholder data?')).toBeTruthy()
    expect(panel().queryByText(/Needs review/)).toBeNull()

    fireEvent.click(screen.getByRole('option', { name: /^Q2 / }))
    expect(await panel().findByText('Drafted from your documents (sentences quoted as written): policy.pdf, page 4')).toBeTruthy()

    fireEvent.click(screen.getByRole('option', { name: /^Q3 / }))
    expect(await panel().findByText('No answer was drafted: your documents do not answer this question')).toBeTruthy()
    // The reason is text, never markup.
    const reason = panel().getByText(/^Needs review: The cited document contains instruction-like text/)
    expect(reason.textContent).toContain('<img src=x onerror=alert(1)>')
    expect(reason.querySelector('img')).toBeNull()

    fireEvent.click(screen.getByRole('option', { name: /^Q4 / }))
    expect(await panel().findByText('Drafted by the language model from access.pdf, page 2')).toBeTruthy()
    expect(panel().getByText('· edited by Dana Scully')).toBeTruthy()
    expect(panel().getByText('Needs review: Weak evidence: check the cited passage')).toBeTruthy()
  })
})
