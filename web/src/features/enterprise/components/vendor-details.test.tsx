// A client's questionnaires say how many questions a person answered (approved or wrote), not how
// many drafting went through or got a draft (issues 11 and 14: "294 of 294 answered"); the drawer
// shows approved, written, drafts and without an answer apart, and opens by itself after a
// questionnaire upload; drafting that waits for the client's documents says so; a questionnaire
// whose columns the product is unsure of says "Check the columns" and opens on the columns form.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, within } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from '../../../../test/test-utils'

const PAGE = '/enterprise-vendor-details?id=c1'
const file = (id: string, fileName: string, rest: object) => ({
  _id: id,
  company_id: 'c1',
  createdAt: '2026-03-02T09:00:00Z',
  files: [{ fileName, _id: id }],
  state: 'ready',
  error: null,
  total: 0,
  drafted: 0,
  ...rest,
})
const client = (compliance: object[], questionnaires: object[], knowledgeBase: object[] = []) =>
  mockFetch({
    'GET /api/knowledge-base': { body: { status: true, data: knowledgeBase } },
    'GET /api/companys': { body: { status: true, data: [{ _id: 'c1', companyName: 'Global Bank', complianceFolder: 'c', questionnairesFolder: 'q' }] } },
    'GET /api/compliancefile/c1': { body: { status: true, data: compliance } },
    'GET /api/questionnaires/c1': { body: { status: true, data: questionnaires } },
  })

beforeEach(() => {
  localStorage.clear()
  storeSession()
})
afterEach(() => localStorage.clear())

describe('questionnaire counts on the client page', () => {
  it('counts as answered what a person approved or wrote (not drafts), and shows approved, written, drafts and empty apart in the drawer', async () => {
    client(
      [file('d1', 'policy.pdf', { total: 12, drafted: 0 })],
      // 131 with an answer (drafts included): 20 approved, 5 more written by a person, 106 drafts.
      [file('q1', 'caiq.xlsx', { total: 294, drafted: 294, answered: 25, approved: 20, filled: 131 })],
    )
    renderApp(PAGE)
    expect(await screen.findByText('25 of 294 questions answered')).toBeTruthy()
    expect(screen.queryByText('131 of 294 questions answered')).toBeNull()

    fireEvent.click(screen.getByText('caiq.xlsx'))
    const drawer = await screen.findByRole('dialog', { name: 'caiq.xlsx' })
    expect(within(drawer).getByText('25 of 294 questions answered')).toBeTruthy()
    expect(within(drawer).getByText('20 approved · 5 written, not approved · 106 drafts to review · 163 without an answer')).toBeTruthy()
    const bar = within(drawer).getByRole('progressbar', { name: 'Answered' })
    expect(bar.getAttribute('aria-valuenow')).toBe('25')
  })

  it("shows the server's review counts and names the offline drafter, with the link to configure a model (issue 25)", async () => {
    const review = {
      total: 261,
      approved: 6,
      needsReview: 25,
      flagged: 4,
      empty: 230,
      drafted: 31,
      bySource: { library: 0, pair: 0, documents: 31, model: 0 },
      model: '',
    }
    client([], [file('q1', 'caiq.xlsx', { total: 261, drafted: 261, answered: 6, approved: 6, filled: 31, review })])
    renderApp(PAGE)
    fireEvent.click(await screen.findByText('caiq.xlsx'))
    const drawer = await screen.findByRole('dialog', { name: 'caiq.xlsx' })
    expect(within(drawer).getByText('31 drafted · 6 approved · 25 need review (4 flagged) · 230 without an answer')).toBeTruthy()
    expect(within(drawer).getByText(/Drafts by the offline drafter \(31\)/)).toBeTruthy()
    expect(within(drawer).getByRole('link', { name: 'configure a model for better drafts' }).getAttribute('href')).toBe('/settings/drafter')
  })

  it('opens the drawer of a questionnaire just uploaded when its modal closes', async () => {
    const list: object[] = []
    mockFetch({
      'GET /api/companys': { body: { status: true, data: [{ _id: 'c1', companyName: 'Global Bank', complianceFolder: 'c', questionnairesFolder: 'q' }] } },
      'GET /api/compliancefile/c1': { body: { status: true, data: [] } },
      'GET /api/questionnaires/c1': () => ({ body: { status: true, data: list } }),
      'POST /api/questionnaires/save': () => {
        list.push(file('q9', 'sig-lite.xlsx', { state: 'queued' }))
        return { status: 201, body: { status: true, data: [{ _id: 'q9', fileName: 'sig-lite.xlsx', state: 'queued' }] } }
      },
    })
    renderApp(PAGE)
    await screen.findAllByText('No Data found')
    const input = document.querySelector('input[name=questionnaire-file]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['x'], 'sig-lite.xlsx')] } })
    await screen.findByRole('heading', { name: 'Questionnaire File Uploaded!' })
    expect(screen.queryByRole('dialog', { name: 'sig-lite.xlsx' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    const drawer = await screen.findByRole('dialog', { name: 'sig-lite.xlsx' })
    expect(within(drawer).getByText('Finding the questions…')).toBeTruthy()
    expect(within(drawer).getByRole('button', { name: 'Review Answers' })).toBeTruthy()
  })

  it('uploads several compliance documents at once: progress per file, one summary toast, no dialog', async () => {
    const { callsTo } = mockFetch({
      'GET /api/companys': { body: { status: true, data: [{ _id: 'c1', companyName: 'Global Bank', complianceFolder: 'c', questionnairesFolder: 'q' }] } },
      'GET /api/compliancefile/c1': { body: { status: true, data: [] } },
      'GET /api/questionnaires/c1': { body: { status: true, data: [] } },
      'POST /api/fs/enterpriseapps-compliance-uploadfile': [
        { status: 201, body: { status: true, data: [{ _id: 'd9', fileName: 'policy.pdf', state: 'queued' }] } },
        { status: 415, body: { status: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PDF files are accepted for compliance documents' } },
      ],
    })
    renderApp(PAGE)
    await screen.findAllByText('No Data found')
    const input = document.querySelector('input[name=compliance-file]') as HTMLInputElement
    expect(input.multiple).toBe(true)
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'policy.pdf'), new File(['MZ'], 'setup.pdf')] } })
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('1 file uploaded, 1 failed: setup.pdf — Only PDF files are accepted for compliance documents')
    const progress = screen.getByRole('region', { name: 'Upload progress' })
    expect(within(progress).getByText('Uploaded')).toBeTruthy()
    expect(within(progress).getByText('Failed: Only PDF files are accepted for compliance documents')).toBeTruthy()
    expect(callsTo('POST', '/api/fs/enterpriseapps-compliance-uploadfile')).toHaveLength(2)
    expect(screen.queryByRole('heading', { name: 'Compliance File Uploaded!' })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says drafting waits for documents still being read', async () => {
    client(
      [file('d1', 'policy.pdf', { total: 12 }), file('d2', 'late.pdf', { state: 'running' })],
      [file('q1', 'caiq.xlsx', { total: 30, drafted: 0 }), file('q2', 'sig.xlsx', { total: 10, drafted: 10, answered: 0, approved: 0 })],
    )
    renderApp(PAGE)
    expect(await screen.findByText('Waiting for the documents to be read…')).toBeTruthy()
    expect(screen.getByText('0 of 10 questions answered')).toBeTruthy() // drafted in full, nothing found
  })

  it('says drafting waits while a company-wide document is still being read', async () => {
    const reading = {
      _id: 'k1',
      fileName: 'policies.pdf',
      clientId: null,
      clientName: null,
      state: 'running',
      error: null,
      pages: 0,
      createdAt: '2026-03-02T09:00:00Z',
    }
    client([], [file('q1', 'caiq.xlsx', { total: 30, drafted: 0 })], [reading])
    renderApp(PAGE)
    expect(await screen.findByText('Waiting for the documents to be read…')).toBeTruthy()
  })

  it('shows drafting progress while the documents are all read', async () => {
    client([file('d1', 'policy.pdf', { total: 12 })], [file('q1', 'caiq.xlsx', { total: 30, drafted: 7, answered: 5 })])
    renderApp(PAGE)
    expect(await screen.findByText('Drafting answers: 7 of 30')).toBeTruthy()
  })

  it('says "Check the columns" for a questionnaire read with uncertain columns, and opens its drawer on the form', async () => {
    mockFetch({
      'GET /api/companys': { body: { status: true, data: [{ _id: 'c1', companyName: 'Global Bank', complianceFolder: 'c', questionnairesFolder: 'q' }] } },
      'GET /api/compliancefile/c1': { body: { status: true, data: [file('d1', 'policy.pdf', { total: 12 })] } },
      'GET /api/questionnaires/c1': { body: { status: true, data: [file('q1', 'caiq.xlsx', { state: 'check', total: 30, drafted: 0 })] } },
      'GET /api/questionnaires/q1/layout': {
        body: {
          status: true,
          data: {
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
          },
        },
      },
    })
    renderApp(PAGE)
    expect(await screen.findByText('Check the columns')).toBeTruthy()
    fireEvent.click(screen.getByText('caiq.xlsx'))
    const drawer = await screen.findByRole('dialog', { name: 'caiq.xlsx' })
    expect(within(drawer).getByRole('heading', { name: 'Check the columns' })).toBeTruthy()
    expect(within(drawer).queryByRole('progressbar', { name: 'Drafted' })).toBeNull()
    expect(within(drawer).getByRole('button', { name: 'Hide the columns' }).getAttribute('aria-expanded')).toBe('true')
    expect(((await within(drawer).findByLabelText('Column B')) as HTMLSelectElement).value).toBe('question')
    expect(within(drawer).getByRole('button', { name: 'Save columns' })).toBeTruthy()
  })
})
