// The staff screens: templates and the sent list in words, the send modal's file / template choice
// and messages, collaborators, and the staff review with its exports.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from '../../../../test/test-utils'

const template = (over: object = {}) => ({
  _id: 't1',
  fileName: 'sig-lite.xlsx',
  fileSize: 1536,
  mimeType: 'x',
  createdAt: '2026-03-01T10:00:00Z',
  state: 'ready',
  error: null,
  total: 40,
  ...over,
})
const row = (over: object = {}) => ({
  _id: 'ob1',
  clientName: 'Global Bank',
  email: 'ciso@bank.example',
  status: false,
  createdAt: '2026-03-01T10:00:00Z',
  submittedAt: null,
  collaborators: [],
  fileName: 'caiq.xlsx',
  fileSize: 2048,
  state: 'ready',
  error: null,
  total: 10,
  answered: 3,
  link: { expiresAt: '2099-01-01T00:00:00Z', revoked: false },
  ...over,
})
const list = (rows: object[]) => ({ body: { status: true, data: rows, total: rows.length, totalPages: 1, currentPage: 1 } })

beforeEach(() => {
  localStorage.clear()
  storeSession()
})
afterEach(() => localStorage.clear())

describe('/outbound', () => {
  it('lists templates and sent questionnaires in words', async () => {
    mockFetch({
      'GET /api/questionnaire-templates': {
        body: {
          status: true,
          data: [
            template(),
            template({ _id: 't2', fileName: 'bad.pdf', fileSize: 3 * 1024 * 1024, state: 'failed', error: 'No questions were found', total: 0 }),
          ],
        },
      },
      'GET /api/outbound/list': list([
        row({ collaborators: ['a@bank.example', 'b@bank.example'] }),
        row({ _id: 'ob2', clientName: 'Acme', status: true, answered: 10, link: { expiresAt: '2099-01-01T00:00:00Z', revoked: true } }),
        row({ _id: 'ob3', clientName: 'Initech', state: 'failed', error: 'The file could not be read' }),
        // Submitted with questions left blank: not "Complete" (issue 25).
        row({ _id: 'ob4', clientName: 'Umbrella', status: true, answered: 0, link: { expiresAt: '2099-01-01T00:00:00Z', revoked: true } }),
      ]),
    })
    renderApp('/outbound')
    expect(await screen.findByRole('heading', { level: 1, name: 'Security Questionnaire' })).toBeInTheDocument()
    expect(await screen.findByText('1.5 KB')).toBeInTheDocument()
    expect(screen.getByText('3 MB')).toBeInTheDocument()
    expect(screen.getByText('40 questions')).toBeInTheDocument()
    expect(screen.getByText('No questions were found')).toBeInTheDocument()
    expect(await screen.findByText('2 collaborator(s)')).toBeInTheDocument()
    expect(screen.getAllByText('Pending')).toHaveLength(2)
    expect(screen.getByText('Complete')).toBeInTheDocument()
    expect(screen.getByText('Submitted, 0 of 10 answered')).toBeInTheDocument()
    expect(screen.getAllByText('Answered 3 of 10')).toHaveLength(1)
    expect(screen.getByText('The file could not be read')).toBeInTheDocument()
    expect(screen.getAllByText('Link revoked')).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Review Global Bank' })).toHaveAttribute('href', '/outbound/review/ob1')
    expect(screen.getByRole('button', { name: 'Revoke the link sent to Global Bank' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Revoke the link sent to Acme' })).toBeNull()
  })

  it("says 'Error fetching outbound list' when the list cannot be read", async () => {
    mockFetch({
      'GET /api/questionnaire-templates': { body: { status: true, data: [] } },
      'GET /api/outbound/list': { status: 500, body: { status: false, message: 'boom' } },
    })
    renderApp('/outbound')
    expect(await screen.findByText('Error fetching outbound list')).toBeInTheDocument()
  })

  it('sends with a template or a file, one clearing the other, with the spec messages', async () => {
    const api = mockFetch({
      'GET /api/questionnaire-templates': { body: { status: true, data: [template()] } },
      'GET /api/outbound/list': list([]),
      'GET /api/user/company': { body: { status: true, data: { companyName: 'Acme Inc', provisioned: true } } },
      'POST /api/outbound/save': { status: 201, body: { status: true, message: 'Outbound sent successfully', data: { outboundId: 'ob9' } } },
    })
    renderApp('/outbound')
    fireEvent.click(await screen.findByRole('button', { name: 'New Questionnaire' }))
    const dialog = screen.getByRole('dialog', { name: 'Send Security Questionnaire' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(within(dialog).getByText('Client name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Please upload a file or select a template')).toBeInTheDocument()

    const select = within(dialog).getByRole('combobox', { name: 'Template' }) as HTMLSelectElement
    await waitFor(() => expect(within(select).getByRole('option', { name: 'sig-lite.xlsx' })).toBeInTheDocument())
    expect(within(select).getByRole('option', { name: 'Choose a template...' })).toBeInTheDocument()
    fireEvent.change(select, { target: { value: 't1' } })
    const fileInput = within(dialog).getByLabelText('Questionnaire file (pdf, xls or xlsx)')
    fireEvent.change(fileInput, { target: { files: [new File(['x'], 'caiq.xlsx')] } })
    expect(select.value).toBe('')
    fireEvent.change(select, { target: { value: 't1' } })
    expect((fileInput as HTMLInputElement).value).toBe('')

    fireEvent.change(within(dialog).getByLabelText('Client name'), { target: { value: 'Global Bank' } })
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'nope' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ciso@bank.example' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    // The form says so (a <p>); the toast, shown inside the open dialog, says it too.
    expect(await within(dialog).findByText('Outbound sent successfully', { selector: 'p' })).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/outbound/save')).toHaveLength(1)
    // The company's name goes with it, for the invitation and the recipient's page (issue 25).
    const sent = api.callsTo('POST', '/api/outbound/save')[0]!.body as FormData
    expect(sent.get('companyName')).toBe('Acme Inc')
    expect(within(dialog).getByLabelText('Client name')).toHaveValue('')
  })

  it('adds collaborators with the spec messages', async () => {
    mockFetch({
      'GET /api/questionnaire-templates': { body: { status: true, data: [] } },
      'GET /api/outbound/list': list([row()]),
      'GET /api/outbound/collaborators': { body: { status: true, data: [] } },
      'POST /api/outbound/collaborator/add': { status: 409, body: { status: false, message: 'Email already exists' } },
    })
    renderApp('/outbound')
    fireEvent.click(await screen.findByRole('button', { name: 'Collaborators of Global Bank' }))
    const dialog = screen.getByRole('dialog', { name: 'Collaborators: Global Bank' })
    expect(await within(dialog).findByText('No collaborators added yet')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Collaborator email'), { target: { value: 'ciso@bank.example' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('Email already exists')).toBeInTheDocument()
  })
})

describe('/outbound/review/:id', () => {
  it('shows the header, progress, Back to Outbound and the exports', async () => {
    const q = (id: string, answer: string) => ({
      _id: id,
      questionId: id,
      question: `About ${id}?`,
      answer,
      answeredAt: null,
      attachments: [{ _id: 'a1', fileName: 'soc2.pdf', size: 2048, createdAt: '2026-03-01T10:00:00Z' }],
    })
    mockFetch({
      'GET /api/outbound/ob1': {
        body: {
          status: true,
          data: {
            ...row(),
            outboundId: 'ob1',
            dbName: 'xfiles',
            questionnairesBucket: 'q',
            readOnly: false,
            file: { fileName: 'caiq.xlsx', questions: [q('q1', 'Yes'), q('q2', '')] },
          },
        },
      },
      'GET /api/outbound/comment/list': {
        body: {
          status: true,
          data: [
            {
              _id: 'c1',
              comment: '<b>not bold</b>',
              commentType: 'inbound',
              questionId: 'q1',
              outboundId: 'ob1',
              user: { firstName: 'ciso@bank.example', lastName: '' },
              createdAt: '2026-03-01T10:00:00Z',
            },
          ],
        },
      },
    })
    renderApp('/outbound/review/ob1')
    expect(await screen.findByText('1 of 2 questions answered (50%)')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '← Back to Outbound' })).toHaveAttribute('href', '/outbound')
    expect(screen.getByRole('button', { name: 'Export filled questionnaire' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Download answers sheet' })).toBeEnabled()
    expect(screen.getByText('Question 1 of 2 · q1')).toBeInTheDocument()
    expect(screen.getByText('soc2.pdf')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete soc2.pdf' })).toBeInTheDocument()
    // Comments are text, never markup.
    expect(await screen.findByText('<b>not bold</b>')).toBeInTheDocument()
    expect(screen.getByText(/ciso@bank.example \(Recipient\)/)).toBeInTheDocument()
  })

  it("says 'No questions found' with a hint for an unknown id", async () => {
    mockFetch({ 'GET /api/outbound/nope': { status: 404, body: { status: false, message: 'Outbound not found' } } })
    renderApp('/outbound/review/nope')
    expect(await screen.findByText('No questions found')).toBeInTheDocument()
    expect(screen.getByText(/Check that the address holds the right questionnaire id \(nope\)/)).toBeInTheDocument()
  })
})
