// "Check the columns" on the outbound screens (issue 23): a template or a sent questionnaire the
// product is unsure of says so in words, cannot be picked to send, and opens the same columns form
// as the AI review's questionnaires, saved at its own address; the recipient is told it is being
// prepared. The file's text is shown as text, never HTML.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { makeToken, mockFetch, renderApp, storeSession } from '../../../../test/test-utils'
import type { Layout } from '../../review/api/layout'
import { progressText, templateStateText } from './format'

const layout: Layout = {
  sheets: [{ name: 'Profile', rows: 40, questions: 30 }],
  sheet: 'Profile',
  headerRow: 1,
  columns: { id: 'A', question: 'B', answer: 'C' },
  confidence: 0.4,
  confirmed: false,
  needsCheck: true,
  total: 30,
  preview: [
    { row: 1, cells: ['ID', 'Question', 'Answer'] },
    { row: 2, cells: ['GV-1', 'Do you <b>encrypt</b> data at rest?', ''] },
  ],
  read: [{ row: 2, id: 'GV-1', question: 'Do you <b>encrypt</b> data at rest?' }],
}
const saved = { body: { status: true, message: 'Columns saved', data: { ...layout, confirmed: true, needsCheck: false, confidence: 1 } } }

const template = (over: object = {}) => ({
  _id: 't1',
  fileName: 'csf2.xlsx',
  fileSize: 1536,
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  createdAt: '2026-03-01T10:00:00Z',
  state: 'check',
  error: null,
  total: 30,
  ...over,
})
const row = (over: object = {}) => ({
  _id: 'ob3',
  clientName: 'Initech',
  email: 'ciso@initech.example',
  status: false,
  createdAt: '2026-03-01T10:00:00Z',
  submittedAt: null,
  collaborators: [],
  fileName: 'csf2.xlsx',
  fileSize: 2048,
  state: 'check',
  error: null,
  total: 30,
  answered: 0,
  link: { expiresAt: '2099-01-01T00:00:00Z', revoked: false },
  ...over,
})
const detail = (over: object = {}) => ({
  body: {
    status: true,
    data: {
      ...row(),
      outboundId: 'ob3',
      dbName: 'acme',
      questionnairesBucket: 'q',
      readOnly: false,
      file: { fileName: 'csf2.xlsx', questions: [] },
      ...over,
    },
  },
})
const list = (rows: object[]) => ({ body: { status: true, data: rows, total: rows.length, totalPages: 1, currentPage: 1 } })

beforeEach(() => {
  localStorage.clear()
  storeSession()
})
afterEach(() => localStorage.clear())

describe('Check the columns, outbound', () => {
  it('words the state', () => {
    expect(templateStateText({ state: 'check', error: null, total: 30 })).toBe('Check the columns')
    expect(progressText({ state: 'check', error: null, total: 30, answered: 0 })).toBe('Check the columns')
  })

  it("lists a template in check, keeps it out of the send dialog, and saves its columns at the template's address", async () => {
    const api = mockFetch({
      'GET /api/questionnaire-templates': { body: { status: true, data: [template()] } },
      'GET /api/outbound/list': list([row()]),
      'GET /api/questionnaire-templates/t1/questions': { body: { status: true, data: { questions: [] } } },
      'GET /api/questionnaire-templates/t1/layout': { body: { status: true, data: layout } },
      'PUT /api/questionnaire-templates/t1/layout': saved,
    })
    renderApp('/outbound')
    const templates = (await screen.findByRole('heading', { name: 'Questionnaire Templates' })).closest('section')!
    expect(await within(templates).findByText('Check the columns', { selector: 'td' })).toHaveClass('file-state', 'check')
    // The sent questionnaire in check links to its review, where its columns are checked.
    expect(await screen.findByRole('link', { name: 'Check the columns of the questionnaire sent to Initech' })).toHaveAttribute('href', '/outbound/review/ob3')

    fireEvent.click(screen.getByRole('button', { name: 'New Questionnaire' }))
    const send = screen.getByRole('dialog', { name: 'Send Security Questionnaire' })
    const option = within(send).getByRole('option', { name: 'csf2.xlsx (check its columns first)' }) as HTMLOptionElement
    expect(option.disabled).toBe(true)
    fireEvent.click(within(send).getByRole('button', { name: 'Cancel' }))

    fireEvent.click(screen.getByRole('button', { name: 'Check the columns of csf2.xlsx' }))
    const dialog = await screen.findByRole('dialog', { name: 'Questions of csf2.xlsx' })
    expect(within(dialog).getByText(/the product is unsure which columns hold the questions/)).toBeInTheDocument()
    await within(dialog).findByLabelText('Column A')
    // The customer's text is text.
    expect(within(dialog).getAllByText('Do you <b>encrypt</b> data at rest?').length).toBeGreaterThan(0)
    expect(dialog.querySelector('b')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save columns' }))
    await waitFor(() => expect(api.callsTo('PUT', '/api/questionnaire-templates/t1/layout')).toHaveLength(1))
    expect(api.callsTo('PUT', '/api/questionnaire-templates/t1/layout')[0]?.body).toEqual({
      sheet: 'Profile',
      headerRow: 1,
      columns: { id: 'A', question: 'B', answer: 'C' },
    })
    expect(await within(dialog).findByText('Columns saved: 30 questions read')).toBeInTheDocument()
  })

  it('offers the columns of a spreadsheet template already read, on request', async () => {
    mockFetch({
      'GET /api/questionnaire-templates': { body: { status: true, data: [template({ state: 'ready' })] } },
      'GET /api/outbound/list': list([]),
      'GET /api/questionnaire-templates/t1/questions': { body: { status: true, data: { questions: [] } } },
      'GET /api/questionnaire-templates/t1/layout': { body: { status: true, data: { ...layout, needsCheck: false, confidence: 0.9 } } },
    })
    renderApp('/outbound')
    fireEvent.click(await screen.findByRole('button', { name: 'Questions of csf2.xlsx' }))
    const dialog = await screen.findByRole('dialog', { name: 'Questions of csf2.xlsx' })
    expect(within(dialog).queryByLabelText('Column A')).toBeNull()
    const toggle = within(dialog).getByRole('button', { name: 'Check the columns' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(toggle)
    expect(await within(dialog).findByLabelText('Column A')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Hide the columns' })).toHaveAttribute('aria-expanded', 'true')
  })

  it("shows staff the columns form on the review of a sent questionnaire in check, saved at the outbound's address", async () => {
    const api = mockFetch({
      'GET /api/outbound/ob3': detail(),
      'GET /api/outbound/ob3/layout': { body: { status: true, data: layout } },
      'PUT /api/outbound/ob3/layout': saved,
    })
    renderApp('/outbound/review/ob3')
    expect(await screen.findByRole('heading', { name: 'Check the columns' })).toBeInTheDocument()
    await screen.findByLabelText('Column A')
    expect(screen.getByRole('button', { name: 'Export filled questionnaire' })).toBeDisabled()
    fireEvent.change(screen.getByLabelText('Column C'), { target: { value: 'none' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save columns' }))
    await waitFor(() => expect(api.callsTo('PUT', '/api/outbound/ob3/layout')).toHaveLength(1))
    expect(api.callsTo('PUT', '/api/outbound/ob3/layout')[0]?.body).toMatchObject({ sheet: 'Profile', headerRow: 1, columns: { id: 'A', question: 'B' } })
  })

  it('tells the recipient the questionnaire is being prepared, without the columns', async () => {
    const CAP = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5'
    localStorage.clear()
    const token = makeToken(900, { sub: 'link-1', inb: true, obid: 'ob3', iat: Math.floor(Date.now() / 1000) })
    const api = mockFetch({
      [`GET /api/inbound/${CAP}`]: {
        body: { status: true, data: { outboundId: 'ob3', dbName: 'acme', token, expiresIn: 900, email: 'ciso@initech.example' } },
      },
      'GET /api/outbound/ob3': detail(),
    })
    renderApp(`/inbound/review/${CAP}`)
    expect(await screen.findByText(/This questionnaire is being prepared/)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Check the columns' })).toBeNull()
    expect(api.callsTo('GET', '/api/outbound/ob3/layout')).toHaveLength(0)
  })
})
