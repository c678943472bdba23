// Typed work survives a forced sign-in (issue 10): drafts per user, screen and field in
// sessionStorage, restored for the same user on the same screen, cleared when saved, never shown to
// another user, gone after a sign-out, and never holding a token.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { STORAGE_PREFIX } from '../src/config/constants'
import { draftedQuestion } from './fixtures'
import { type MockReply, mockFetch, openedQuestions, renderApp, storeSession, stored } from './test-utils'

const question = (n: number, answer: string) => ({
  ...draftedQuestion(),
  _id: `q${n}`,
  questionId: `AIS-0${n}.1`,
  question: `Question number ${n}?`,
  answer,
  version: 7,
})
const REVIEW = '/enterprise-apps/review/qn1'
const TYPED = 'We encrypt every backup with AES-256 and test restores monthly.'

/** The review API of one questionnaire; PUT replies in turn from `puts`, echoing the answer when it succeeds. */
function reviewApi(puts: (MockReply | 'echo')[] = ['echo'], extra: Record<string, MockReply | MockReply[]> = {}) {
  const questions = [question(1, 'Drafted answer one.'), question(2, 'Drafted answer two.')]
  return mockFetch({
    'GET /api/getquestionlist/qn1': () => ({ body: { status: true, data: questions } }),
    ...openedQuestions(() => questions),
    'GET /api/questionnaires/count/qn1': { body: { status: true, countOfApproved: 0, countOfReview: 2, total: 2 } },
    'GET /api/enterprise/comment/list': { body: { status: true, data: [] } },
    'PUT /api/questionnaires/answer': puts.map((p) =>
      p === 'echo'
        ? (call: { body: unknown }) => {
            const body = call.body as { questionId: string; answer: string }
            const i = questions.findIndex((q) => q._id === body.questionId)
            questions[i] = { ...questions[i]!, answer: body.answer }
            return { body: { status: true, data: questions[i] } }
          }
        : p,
    ),
    ...extra,
  })
}

const drafts = () =>
  Object.keys(sessionStorage)
    .filter((k) => k.startsWith(`${STORAGE_PREFIX}draft:`))
    .map((k) => ({ key: k, value: sessionStorage.getItem(k)! }))

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('drafts across a forced sign-in', () => {
  it('keeps the typed answer and comment when the session ends on Save, and gives them back on the same question after signing in again', async () => {
    const token = storeSession()
    const api = reviewApi([{ status: 401, body: { status: false, message: 'Unauthorized' } }, 'echo'], {
      'POST /api/token/refresh': { status: 401, body: { status: false, message: 'Unauthorized' } },
    })
    const first = renderApp(REVIEW)
    fireEvent.click(await screen.findByRole('option', { name: /^Q2 / }))
    expect(first.location()).toBe(`${REVIEW}?q=q2`)
    fireEvent.change(screen.getByLabelText('Answer'), { target: { value: TYPED } })
    fireEvent.change(screen.getByLabelText('Add Comment'), { target: { value: 'Ask the CISO about restores' } })
    expect(screen.getByRole('option', { name: /^Q2 .*\(unsaved answer\)$/ })).toBeInTheDocument()
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!)

    // The refresh token was revoked: the session ends, the return address is the question.
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(stored('returnUrl')).toBe(`${REVIEW}?q=q2`)
    expect(stored('token')).toBeNull()
    const kept = drafts()
    expect(kept.map((d) => JSON.parse(d.value))).toEqual(expect.arrayContaining([TYPED, 'Ask the CISO about restores']))
    for (const d of kept) {
      expect(d.key).toContain('"u1"')
      expect(d.key + d.value).not.toContain(token)
      expect(d.key + d.value).not.toMatch(/eyJ/) // nothing JWT-shaped at all
    }
    first.unmount()

    // The same user signs in again (the login form stores the session and follows returnUrl).
    storeSession()
    const again = renderApp(`${REVIEW}?q=q2`)
    expect(await screen.findByDisplayValue(TYPED)).toBeInTheDocument()
    expect(screen.getByDisplayValue('Ask the CISO about restores')).toBeInTheDocument()
    expect(screen.getByText('Your unsaved answer was restored.')).toBeInTheDocument()
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!)
    expect(await screen.findByText('Answer saved')).toBeInTheDocument()
    const puts = api.callsTo('PUT', '/api/questionnaires/answer')
    expect(puts).toHaveLength(2)
    expect(puts[1]?.body).toMatchObject({ questionId: 'q2', answer: TYPED })
    // Saved: the answer's draft is gone (the unsent comment stays a draft).
    await waitFor(() => expect(drafts().map((d) => JSON.parse(d.value))).toEqual(['Ask the CISO about restores']))
    expect(screen.queryByText('Your unsaved answer was restored.')).not.toBeInTheDocument()
    expect(again.location()).toBe(`${REVIEW}?q=q2`)
  })

  it('shows both texts when someone else saved first, and saves a merged text against their version (issue 22)', async () => {
    storeSession()
    const theirs = { _id: 'q1', answer: 'Backups are encrypted.', choiceValue: null, version: 9, savedBy: 'Fox Mulder', savedAt: '2026-03-02T09:00:00Z' }
    const message = 'Someone else saved this answer while you were editing it.'
    const api = reviewApi([{ status: 409, body: { status: false, code: 'CONFLICT', message, data: theirs } }, 'echo'])
    renderApp(`${REVIEW}?q=q1`)
    fireEvent.change(await screen.findByLabelText('Answer'), { target: { value: TYPED } })
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!)
    const panel = await screen.findByRole('region', { name: 'Your answer was not saved' })
    expect(within(panel).getByRole('heading', { name: 'Your answer was not saved' })).toHaveFocus()
    expect(within(panel).getByText('Backups are encrypted.')).toBeInTheDocument()
    expect(screen.getByLabelText('Answer')).toHaveValue(TYPED)
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit a merged text' }))
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Merged text' }), { target: { value: `Backups are encrypted. ${TYPED}` } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Save merged text' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your answer was not saved' })).toBeNull())
    expect(api.callsTo('PUT', '/api/questionnaires/answer').map((c) => c.body)).toEqual([
      expect.objectContaining({ questionId: 'q1', answer: TYPED, version: 7 }),
      expect.objectContaining({ questionId: 'q1', answer: `Backups are encrypted. ${TYPED}`, version: 9 }),
    ])
    expect(screen.getByLabelText('Answer')).toHaveValue(`Backups are encrypted. ${TYPED}`)
    expect(screen.getByLabelText('Answer')).toHaveFocus()
  })

  it("never shows one user's draft to another user signing in in the same tab", async () => {
    storeSession()
    reviewApi()
    const first = renderApp(`${REVIEW}?q=q1`)
    fireEvent.change(await screen.findByLabelText('Answer'), { target: { value: TYPED } })
    expect(drafts()).toHaveLength(1)
    first.unmount()
    localStorage.clear() // the session ended

    storeSession({ _id: 'u2', email: 'fox@xfiles.example', firstName: 'fox', lastName: 'mulder' })
    renderApp(`${REVIEW}?q=q1`)
    expect(await screen.findByDisplayValue('Drafted answer one.')).toBeInTheDocument()
    expect(screen.queryByDisplayValue(TYPED)).not.toBeInTheDocument()
    await waitFor(() => expect(drafts()).toEqual([]))
  })

  it('keeps a draft to its screen: another questionnaire does not get it', async () => {
    storeSession()
    reviewApi()
    const first = renderApp(`${REVIEW}?q=q1`)
    fireEvent.change(await screen.findByLabelText('Answer'), { target: { value: TYPED } })
    first.unmount()
    mockFetch({
      'GET /api/getquestionlist/qn2': { body: { status: true, data: [question(1, 'Another answer.')] } },
      ...openedQuestions(() => [question(1, 'Another answer.')]),
      'GET /api/questionnaires/count/qn2': { body: { status: true, countOfApproved: 0, countOfReview: 1, total: 1 } },
      'GET /api/enterprise/comment/list': { body: { status: true, data: [] } },
    })
    renderApp('/enterprise-apps/review/qn2?q=q1')
    expect(await screen.findByDisplayValue('Another answer.')).toBeInTheDocument()
    expect(drafts()).toHaveLength(1) // still there for its own screen
  })

  it('removes every draft when the user signs out', async () => {
    storeSession()
    reviewApi([], { 'POST /api/logout': { body: { status: true, message: 'Logged out' } } })
    renderApp(`${REVIEW}?q=q1`)
    fireEvent.change(await screen.findByLabelText('Answer'), { target: { value: TYPED } })
    expect(drafts()).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: /Dana Scully/ }))
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(drafts()).toEqual([])
  })

  it("restores the trust-center editor's typed overview, and Discard brings back the saved one", async () => {
    storeSession()
    const routes = {
      'GET /api/overview': {
        body: { status: true, data: { _id: 'o1', subTitle: 'Saved subtitle', description: '<p>Saved text</p>', updatedAt: '2026-03-02T09:00:00Z' } },
      },
      'GET /api/compliance': { body: { status: true, data: [] } },
      'GET /api/documentslist': { body: { status: true, data: [] } },
      'GET /api/security': { body: { status: true, data: [] } },
    }
    mockFetch(routes)
    const first = renderApp('/trust-center-editor')
    fireEvent.change(await screen.findByDisplayValue('Saved subtitle'), { target: { value: 'Security at Acme, typed' } })
    fireEvent.change(screen.getByLabelText('Framework'), { target: { value: 'ISO 27001' } })
    first.unmount()

    mockFetch(routes)
    renderApp('/trust-center-editor')
    expect(await screen.findByDisplayValue('Security at Acme, typed')).toBeInTheDocument()
    expect(await screen.findByDisplayValue('ISO 27001')).toBeInTheDocument()
    const overview = screen.getByRole('form', { name: 'Overview' })
    fireEvent.click(within(overview).getByRole('button', { name: 'Discard' }))
    expect(screen.getByDisplayValue('Saved subtitle')).toBeInTheDocument()
    expect(drafts().map((d) => JSON.parse(d.value))).toEqual([{ framework: 'ISO 27001', status: 'compliant', badge: 'soc2', description: '' }])
  })
})
