// The recipient's page: the emailed link's capability exchanged for a restricted session stored as a
// sign-in stores one, the capability kept in the address, answers saved by themselves, a 401
// renewed by exchanging the link again (never /login), 404 / 410 pages, submit, no Logout.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { makeToken, type MockCall, mockFetch, renderApp, storeSession, stored } from '../../../../test/test-utils'
import { TEXT } from '../api/text'

const CAP = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5'
const PAGE = `/inbound/review/${CAP}`
const inboundToken = () => makeToken(900, { sub: 'link-1', inb: true, obid: 'ob1', iat: Math.floor(Date.now() / 1000) })
const exchanged = (token = inboundToken()) => ({
  body: { status: true, data: { outboundId: 'ob1', dbName: 'acme', token, expiresIn: 900, email: 'ciso@bank.example' } },
})

const question = (id: string, n: number, answer = '') => ({
  _id: id,
  questionId: `AIS-0${n}`,
  question: `Question text ${n}?`,
  answer,
  answeredAt: null,
  attachments: [],
  version: 2,
})
const detail = (over: object = {}) => ({
  body: {
    status: true,
    data: {
      _id: 'ob1',
      outboundId: 'ob1',
      dbName: 'acme',
      questionnairesBucket: 'questionnaires',
      clientName: 'Global Bank',
      email: 'ciso@bank.example',
      status: false,
      submittedAt: null,
      createdAt: '2026-03-01T10:00:00Z',
      collaborators: [],
      fileName: 'caiq.xlsx',
      fileSize: 2048,
      state: 'ready',
      error: null,
      total: 2,
      answered: 1,
      statusText: 'Pending',
      company: 'Acme Inc',
      sender: 'Ada Lovelace (ada@acme.example)',
      logo: null,
      link: { expiresAt: '2026-04-01T10:00:00Z', revoked: false },
      readOnly: false,
      file: { fileName: 'caiq.xlsx', questions: [question('q1', 1), question('q2', 2, 'We encrypt at rest.')] },
      ...over,
    },
  },
})
const noComments = { body: { status: true, data: [] } }
const EXPIRED = { status: 410, body: { status: false, message: TEXT.linkExpired } }
/** The session a recipient has after opening the link. */
const storeLinkSession = () => storeSession({ _id: 'link-1', inboundUser: true, admin: false, outboundId: 'ob1', inboundLink: CAP, dbName: 'acme' })
/** The expired-link page, at the link's own address, with the session gone. */
async function expectExpiredPage(app: { location(): string | null | undefined }) {
  expect(await screen.findByRole('heading', { name: TEXT.linkExpired })).toBeInTheDocument()
  expect(app.location()).toBe(PAGE)
  expect(stored('token')).toBeNull()
}
const authData = () => JSON.parse(stored('authData') ?? 'null') as Record<string, unknown> | null

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => localStorage.clear())

describe('inbound review: the emailed link', () => {
  it('exchanges the capability, stores the session like a sign-in and keeps the capability in the address', async () => {
    const token = inboundToken()
    const mock = mockFetch({ [`GET /api/inbound/${CAP}`]: exchanged(token), 'GET /api/outbound/ob1': detail(), 'GET /api/outbound/comment/list': noComments })
    const app = renderApp(PAGE)
    expect(await screen.findByText('Question 1 of 2 · AIS-01')).toBeInTheDocument()
    // The company asking is named (issue 25); the client's own name follows.
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Inc asks you to complete a security questionnaire' })).toBeInTheDocument()
    expect(screen.getByText('For Global Bank')).toBeInTheDocument()
    expect(screen.getByText('1 of 2 questions answered (50%)')).toBeInTheDocument()
    expect(await screen.findByText('No comments yet. Be the first to add one!')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Terms' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeInTheDocument()
    expect(app.location()).toBe(PAGE)
    expect(stored('token')).toBe(token)
    expect(stored('dbName')).toBe('acme')
    expect(authData()).toMatchObject({ inboundUser: true, outboundId: 'ob1', inboundLink: CAP, email: 'ciso@bank.example', _id: 'link-1' })
    // The exchange carries no stored token; the calls after it carry the new one.
    expect(mock.callsTo('GET', `/api/inbound/${CAP}`)[0]?.headers).toEqual({})
    const read = mock.callsTo('GET', '/api/outbound/ob1')[0]
    expect(read?.headers).toMatchObject({ Authorization: `Bearer ${token}`, DbName: 'acme' })
  })

  it("says 'This link is not valid' for an unknown link and the expired text for a revoked one", async () => {
    mockFetch({ [`GET /api/inbound/${CAP}`]: { status: 404, body: { status: false, message: 'This link is not valid' } } })
    const first = renderApp(PAGE)
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument()
    first.unmount()
    mockFetch({ [`GET /api/inbound/${CAP}`]: EXPIRED })
    const app = renderApp(PAGE)
    await expectExpiredPage(app)
  })

  it('renews after a 401 by exchanging the link again and retrying, never sending the recipient to /login', async () => {
    storeLinkSession()
    const fresh = inboundToken()
    const mock = mockFetch({
      [`GET /api/inbound/${CAP}`]: exchanged(fresh),
      'GET /api/outbound/ob1': [{ status: 401, body: { status: false, message: 'Unauthorized' } }, detail()],
      'GET /api/outbound/comment/list': noComments,
    })
    const app = renderApp(PAGE)
    expect(await screen.findByText('Question 1 of 2 · AIS-01')).toBeInTheDocument()
    expect(mock.callsTo('GET', `/api/inbound/${CAP}`)).toHaveLength(1)
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(0)
    expect(mock.callsTo('GET', '/api/outbound/ob1')[1]?.headers['Authorization']).toBe(`Bearer ${fresh}`)
    expect(app.location()).toBe(PAGE)
    expect(stored('returnUrl')).toBeNull()
  })

  it('ends the session when the link is revoked meanwhile (410) and shows the expired page, not /login', async () => {
    storeLinkSession()
    mockFetch({
      [`GET /api/inbound/${CAP}`]: EXPIRED,
      'GET /api/outbound/ob1': EXPIRED,
    })
    const app = renderApp(PAGE)
    await expectExpiredPage(app)
  })

  it('goes from the outbound id to the link in the address for a stored session', async () => {
    storeLinkSession()
    mockFetch({ 'GET /api/outbound/ob1': detail(), 'GET /api/outbound/comment/list': noComments })
    const app = renderApp('/enterprise')
    await waitFor(() => expect(app.location()).toBe(PAGE))
    expect(await screen.findByText('Question 1 of 2 · AIS-01')).toBeInTheDocument()
  })
})

describe('inbound review: answering', () => {
  const answered = (call: MockCall) => ({
    body: {
      status: true,
      message: 'Answer saved',
      data: { ...question(String((call.body as { questionId: string }).questionId), 1), answer: String((call.body as { answer: string }).answer).trim() },
    },
  })

  /** The link exchanged, the questionnaire, no comments, and answers saved as sent. */
  const answeringApi = () =>
    mockFetch({
      [`GET /api/inbound/${CAP}`]: exchanged(),
      'GET /api/outbound/ob1': detail(),
      'GET /api/outbound/comment/list': noComments,
      'PUT /api/outbound/answer': answered,
    })

  it('saves the answer by itself shortly after typing stops, and says so', async () => {
    const mock = answeringApi()
    renderApp(PAGE)
    const box = await screen.findByRole('textbox', { name: 'Answer' })
    expect(box).toHaveAttribute('rows', '6')
    fireEvent.change(box, { target: { value: 'Yes, reviewed yearly ' } })
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
    await waitFor(() => expect(mock.callsTo('PUT', '/api/outbound/answer')).toHaveLength(1), { timeout: 4000 })
    expect(mock.callsTo('PUT', '/api/outbound/answer')[0]?.body).toEqual({ outboundId: 'ob1', questionId: 'q1', answer: 'Yes, reviewed yearly ', version: 2 })
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    // The server's trimmed answer is taken: nothing left to save, no second call.
    expect(box).toHaveValue('Yes, reviewed yearly')
    expect(screen.getByText('2 of 2 questions answered (100%)')).toBeInTheDocument()
    await act(() => new Promise((r) => setTimeout(r, 1800)))
    expect(mock.callsTo('PUT', '/api/outbound/answer')).toHaveLength(1)
  })

  it('saves at once when another question is picked, and requires an answer for Save Answer', async () => {
    const mock = answeringApi()
    renderApp(PAGE)
    fireEvent.click(await screen.findByRole('button', { name: 'Save Answer' }))
    expect(screen.getByText(TEXT.answerRequired)).toBeInTheDocument()
    fireEvent.change(screen.getByRole('textbox', { name: 'Answer' }), { target: { value: 'Quarterly' } })
    fireEvent.click(screen.getByRole('button', { name: /^Q2/ }))
    expect(await screen.findByText('Question 2 of 2 · AIS-02')).toBeInTheDocument()
    await waitFor(() => expect(mock.callsTo('PUT', '/api/outbound/answer')).toHaveLength(1))
    expect(mock.callsTo('PUT', '/api/outbound/answer')[0]?.body).toMatchObject({ questionId: 'q1', answer: 'Quarterly' })
  })

  it('shows both texts when a collaborator saved first, saves nothing until asked, then saves mine against their version (issue 22)', async () => {
    const theirs = { _id: 'q1', answer: 'Reviewed <b>yearly</b> by the board', choiceValue: null, version: 5, savedBy: 'dana@bank.example', savedAt: '' }
    const refused = {
      status: 409,
      body: { status: false, code: 'CONFLICT', message: 'Someone else saved this answer while you were editing it.', data: theirs },
    }
    const mock = mockFetch({
      [`GET /api/inbound/${CAP}`]: exchanged(),
      'GET /api/outbound/ob1': detail(),
      'GET /api/outbound/comment/list': noComments,
      'PUT /api/outbound/answer': [refused, answered],
    })
    renderApp(PAGE)
    fireEvent.change(await screen.findByRole('textbox', { name: 'Answer' }), { target: { value: 'Reviewed yearly by the CISO' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Answer' }))
    const panel = await screen.findByRole('region', { name: 'Your answer was not saved' })
    expect(within(panel).getByRole('heading', { name: 'Your answer was not saved' })).toHaveFocus()
    expect(within(panel).getByText(theirs.answer)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue('Reviewed yearly by the CISO')
    // No save by itself while the choice waits.
    await act(() => new Promise((r) => setTimeout(r, 1800)))
    expect(mock.callsTo('PUT', '/api/outbound/answer')).toHaveLength(1)
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep mine' }))
    await waitFor(() => expect(mock.callsTo('PUT', '/api/outbound/answer')).toHaveLength(2))
    expect(mock.callsTo('PUT', '/api/outbound/answer')[1]?.body).toEqual({
      outboundId: 'ob1',
      questionId: 'q1',
      answer: 'Reviewed yearly by the CISO',
      version: 5,
    })
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your answer was not saved' })).toBeNull()
  })

  it("shows the asking company's logo when it has one (issue 25)", async () => {
    const withLogo = detail({ logo: '/api/logo/0f8fad5b-d9cb-469f-a165-70867728950e.png' })
    mockFetch({ [`GET /api/inbound/${CAP}`]: exchanged(), 'GET /api/outbound/ob1': withLogo, 'GET /api/outbound/comment/list': noComments })
    renderApp(PAGE)
    expect(await screen.findByRole('img', { name: 'Acme Inc logo' })).toHaveAttribute('src', '/api/logo/0f8fad5b-d9cb-469f-a165-70867728950e.png')
  })

  it('offers no Submit while nothing is answered, only a hint (issue 25)', async () => {
    const blank = detail({ answered: 0, file: { fileName: 'caiq.xlsx', questions: [question('q1', 1), question('q2', 2)] } })
    mockFetch({ [`GET /api/inbound/${CAP}`]: exchanged(), 'GET /api/outbound/ob1': blank, 'GET /api/outbound/comment/list': noComments })
    renderApp(PAGE)
    expect(await screen.findByText('Answer a question to submit.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull()
    expect(screen.getByText('0 of 2 questions answered (0%)')).toBeInTheDocument()
  })

  it('asks before submitting, then shows the page read-only with a banner', async () => {
    const mock = mockFetch({
      [`GET /api/inbound/${CAP}`]: exchanged(),
      'GET /api/outbound/ob1': [detail(), detail({ status: true, readOnly: true, submittedAt: '2026-03-02T10:00:00Z' })],
      'GET /api/outbound/comment/list': noComments,
      'POST /api/outbound/ob1/submit': { body: { status: true, message: 'Thank you: your answers were submitted' } },
    })
    renderApp(PAGE)
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }))
    const dialog = screen.getByRole('dialog', { name: 'Submit Questionnaire' })
    expect(within(dialog).getByText(/1 of 2 questions have no answer/)).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText(TEXT.alreadySubmitted)).toBeInTheDocument()
    expect(mock.callsTo('POST', '/api/outbound/ob1/submit')).toHaveLength(1)
    // One of two answered: submitted, not "Complete" (issue 25).
    expect(screen.getByText('Submitted, 1 of 2 answered')).toBeInTheDocument()
    expect(screen.queryByText('Complete')).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveAttribute('readonly')
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save Answer' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add Attachment' })).toBeNull()
  })

  it('checks attachments and comments before sending them', async () => {
    mockFetch({ [`GET /api/inbound/${CAP}`]: exchanged(), 'GET /api/outbound/ob1': detail(), 'GET /api/outbound/comment/list': noComments })
    renderApp(PAGE)
    fireEvent.click(await screen.findByRole('button', { name: 'Add Attachment' }))
    expect(screen.getByText(TEXT.fileFirst)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }))
    expect(screen.getByText(TEXT.commentRequired)).toBeInTheDocument()
  })

  it('shows the expired page when a save finds the link revoked, and never asks for a staff sign-in', async () => {
    const mock = mockFetch({
      [`GET /api/inbound/${CAP}`]: [exchanged(), EXPIRED],
      'GET /api/outbound/ob1': detail(),
      'GET /api/outbound/comment/list': noComments,
      'PUT /api/outbound/answer': EXPIRED,
    })
    const app = renderApp(PAGE)
    fireEvent.change(await screen.findByRole('textbox', { name: 'Answer' }), { target: { value: 'Typed before the revoke' } })
    expect(await screen.findByRole('heading', { name: TEXT.linkExpired }, { timeout: 5000 })).toBeInTheDocument()
    expect(app.location()).toBe(PAGE)
    expect(mock.callsTo('PUT', '/api/outbound/answer')).toHaveLength(1)
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(0)
    expect(stored('returnUrl')).toBeNull()
  })

  it('shows no Logout to the link holder, who has no account (issue 25)', async () => {
    mockFetch({ [`GET /api/inbound/${CAP}`]: exchanged(), 'GET /api/outbound/ob1': detail(), 'GET /api/outbound/comment/list': noComments })
    renderApp(PAGE)
    expect(await screen.findByText('Question 1 of 2 · AIS-01')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /log ?out|sign out/i })).toBeNull()
  })
})

describe('inbound review: a server that refuses its own tokens', () => {
  // Last in this file: it leaves the page's count of recent session ends high.
  it('stops exchanging the link by itself after a few sessions ended at once', async () => {
    storeLinkSession()
    const mock = mockFetch({
      [`GET /api/inbound/${CAP}`]: () => exchanged(),
      'GET /api/outbound/ob1': { status: 401, body: { status: false, message: 'Unauthorized' } },
    })
    const app = renderApp(PAGE)
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument()
    const exchanges = mock.callsTo('GET', `/api/inbound/${CAP}`).length
    expect(exchanges).toBeLessThanOrEqual(5)
    await act(() => new Promise((r) => setTimeout(r, 300)))
    expect(mock.callsTo('GET', `/api/inbound/${CAP}`)).toHaveLength(exchanges)
    expect(app.location()).toBe(PAGE)
  })
})
