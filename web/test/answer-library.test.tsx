// The answer library screen (issue 24) against a mocked API: the list with each entry's source and
// last review, the debounced search, the conflicts-and-duplicates filter with what each flag points
// to, editing and retiring, importing several files with one needing its columns checked, the empty
// state and errors in words. And the drafter's track record on the dashboard and the review header.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { LibraryEntryView, LibraryImport, SourceQuality } from '@portal/contracts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { type MockCall, type MockReply, mockFetch, renderApp, storeSession } from './test-utils'

beforeEach(() => {
  localStorage.clear()
  storeSession()
})
afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
  localStorage.clear()
})

const entry = (over: Partial<LibraryEntryView> & Pick<LibraryEntryView, '_id' | 'question' | 'answer'>): LibraryEntryView => ({
  choiceValue: null,
  source: 'import',
  sourceFile: 'caiq-2025.xlsx',
  sheet: 'CAIQ',
  row: 12,
  questionRef: '',
  companyId: null,
  importedAt: '2026-11-20T10:00:00Z',
  reviewedAt: null,
  conflicts: [],
  duplicates: [],
  ...over,
})

const MFA = entry({
  _id: 'e1',
  question: 'Is multi-factor authentication required for administrative access?',
  answer: 'Yes. All administrative access to production requires MFA through our SSO provider.',
  choiceValue: 'Yes',
  questionRef: 'IAM-14.1',
  conflicts: ['e2'],
})
const MFA_OLD = entry({
  _id: 'e2',
  question: 'Do administrators use multi-factor authentication?',
  answer: 'Not for every system yet.',
  choiceValue: 'No',
  source: 'approved',
  sourceFile: 'acme-hecvat.xlsx',
  sheet: null,
  row: null,
  reviewedAt: '2026-11-25T09:30:00Z',
  conflicts: ['e1'],
})
const BACKUP = entry({
  _id: 'e3',
  question: 'Is cloud data backed up <b>daily</b>?',
  answer: 'Customer data is backed up daily to a <i>separate</i> region.',
  row: 40,
})

const page = (data: LibraryEntryView[], total = data.length, totalPages = 1, currentPage = 1) => ({ status: true, data, total, totalPages, currentPage })
const list = (calls: MockCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/answer-library?')).map((c) => new URL(c.path, 'http://x').searchParams)

const COMPANIES = { 'GET /api/companys': { body: { status: true, data: [{ _id: 'c1', companyName: 'Acme Bank', createdAt: '2026-01-01T00:00:00Z' }] } } }

describe('the answer library screen', () => {
  it('is in the side navigation next to the questionnaire review', async () => {
    mockFetch({ ...COMPANIES, 'GET /api/answer-library': { body: page([]) } })
    renderApp('/answer-library')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent)
    expect(labels.indexOf('Answer Library')).toBe(labels.indexOf('AI Questionnaire Review') + 1)
    expect(within(nav).getByRole('link', { name: 'Answer Library' })).toHaveAttribute('href', '/answer-library')
  })

  it('lists entries with their answer, choice, source and last review, as text', async () => {
    mockFetch({ ...COMPANIES, 'GET /api/answer-library': { body: page([MFA, MFA_OLD, BACKUP]) } })
    renderApp('/answer-library')
    expect(await screen.findByRole('heading', { level: 1, name: 'Answer library' })).toBeInTheDocument()
    const mfa = await screen.findByRole('article', { name: MFA.question })
    expect(within(mfa).getByText(MFA.answer)).toBeInTheDocument()
    expect(within(mfa).getByText('Choice: Yes')).toBeInTheDocument()
    expect(within(mfa).getByText('Imported from caiq-2025.xlsx, sheet CAIQ, row 12')).toBeInTheDocument()
    expect(within(mfa).getByText('Not reviewed by a person yet')).toBeInTheDocument()
    const old = screen.getByRole('article', { name: MFA_OLD.question })
    expect(within(old).getByText('Approved in acme-hecvat.xlsx')).toBeInTheDocument()
    expect(within(old).getByText(/^Last reviewed /)).toBeInTheDocument()
    // The file's markup stays text.
    const backup = screen.getByRole('article', { name: BACKUP.question })
    expect(backup.querySelector('b, i')).toBeNull()
    expect(within(backup).getByText(BACKUP.answer)).toBeInTheDocument()
    expect(screen.getByText('3 entries')).toBeInTheDocument()
  })

  it('searches once typing pauses, and pages through the results', async () => {
    const api = mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': (c): MockReply => {
        const q = new URL(c.path, 'http://x').searchParams
        if (q.get('q') === 'backup') return { body: page(q.get('page') === '2' ? [MFA] : [BACKUP], 21, 2, Number(q.get('page'))) }
        return { body: page([MFA, MFA_OLD, BACKUP]) }
      },
    })
    renderApp('/answer-library')
    await screen.findByRole('article', { name: MFA.question })
    const box = screen.getByRole('searchbox', { name: 'Search questions and answers' })
    fireEvent.change(box, { target: { value: 'back' } })
    fireEvent.change(box, { target: { value: 'backup' } })
    await waitFor(() => expect(screen.queryByRole('article', { name: MFA.question })).toBeNull())
    expect(screen.getByRole('article', { name: BACKUP.question })).toBeInTheDocument()
    expect(screen.getByText('21 entries matching “backup”')).toBeInTheDocument()
    // Only the settled text was sent, never the half-typed one.
    expect(list(api.calls).map((p) => p.get('q'))).toEqual([null, 'backup'])
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByRole('article', { name: MFA.question })).toBeInTheDocument()
    expect(list(api.calls).at(-1)?.get('page')).toBe('2')
    // A new search starts at its first page.
    fireEvent.change(box, { target: { value: '' } })
    await waitFor(() => expect(list(api.calls).at(-1)?.get('q')).toBeNull())
    expect(list(api.calls).at(-1)?.get('page')).toBe('1')
  })

  it('filters conflicts and duplicates, each showing what it conflicts with', async () => {
    const DUP = entry({ _id: 'e4', question: 'Are backups encrypted?', answer: 'Yes, with AES-256.', choiceValue: 'Yes', duplicates: ['e9'] })
    const api = mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': (c): MockReply =>
        new URL(c.path, 'http://x').searchParams.get('flagged') === 'true' ? { body: page([MFA, MFA_OLD, DUP]) } : { body: page([BACKUP]) },
    })
    renderApp('/answer-library')
    await screen.findByRole('article', { name: BACKUP.question })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Conflicts and duplicates only' }))
    const mfa = await screen.findByRole('article', { name: MFA.question })
    expect(list(api.calls).at(-1)?.get('flagged')).toBe('true')
    expect(within(mfa).getByText('Conflicts with (1)')).toBeInTheDocument()
    expect(within(mfa).getByText(`No: ${MFA_OLD.answer}`)).toBeInTheDocument()
    const old = screen.getByRole('article', { name: MFA_OLD.question })
    expect(within(old).getByText(`Yes: ${MFA.answer}`)).toBeInTheDocument()
    // The duplicate of an entry on no page loaded is still said to exist.
    const dup = screen.getByRole('article', { name: DUP.question })
    expect(within(dup).getByText('Duplicates (1)')).toBeInTheDocument()
    expect(within(dup).getByText('An entry not shown on this page')).toBeInTheDocument()
    expect(screen.getByText('3 entries with a conflict or duplicate')).toBeInTheDocument()
  })

  it('says when there are no conflicts, and when a search finds nothing', async () => {
    mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': (c): MockReply => ({ body: page(c.path.includes('q=') || c.path.includes('flagged') ? [] : [BACKUP]) }),
    })
    renderApp('/answer-library')
    await screen.findByRole('article', { name: BACKUP.question })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Conflicts and duplicates only' }))
    expect(await screen.findByText('No conflicts or duplicates')).toBeInTheDocument()
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'quantum' } })
    expect(await screen.findByText('No entries match “quantum”')).toBeInTheDocument()
  })

  it('edits an entry in a dialog, and sends only what the contract takes', async () => {
    const saved = { ...MFA, answer: 'Yes: MFA through SSO for every administrator.', reviewedAt: '2026-11-28T10:00:00Z' }
    const api = mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': [{ body: page([MFA]) }, { body: page([saved]) }],
      'PUT /api/answer-library/e1': { body: { status: true, data: saved } },
    })
    renderApp('/answer-library')
    const mfa = await screen.findByRole('article', { name: MFA.question })
    fireEvent.click(within(mfa).getByRole('button', { name: /^Edit:/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit library entry' })
    const answer = within(dialog).getByLabelText('Answer')
    expect(answer).toHaveValue(MFA.answer)
    // Focus moved into the dialog (lib/dialog).
    expect(dialog.contains(document.activeElement)).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('Question'), { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The question cannot be empty')
    expect(api.callsTo('PUT', '/api/answer-library/e1')).toHaveLength(0)
    fireEvent.change(within(dialog).getByLabelText('Question'), { target: { value: MFA.question } })
    fireEvent.change(answer, { target: { value: saved.answer } })
    fireEvent.change(within(dialog).getByLabelText('Choice (optional)'), { target: { value: '' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.callsTo('PUT', '/api/answer-library/e1')[0]?.body).toEqual({ question: MFA.question, answer: saved.answer, choiceValue: null })
    expect(await screen.findByText(saved.answer)).toBeInTheDocument()
    expect(screen.getByText('The entry is saved')).toBeInTheDocument()
  })

  it("shows the server's refusal of an edit in the dialog, in its words", async () => {
    mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': { body: page([MFA]) },
      'PUT /api/answer-library/e1': { status: 404, body: { status: false, code: 'NOT_FOUND', message: 'This entry was retired by someone else' } },
    })
    renderApp('/answer-library')
    fireEvent.click(within(await screen.findByRole('article', { name: MFA.question })).getByRole('button', { name: /^Edit:/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit library entry' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This entry was retired by someone else')
  })

  it('retires an entry only once confirmed', async () => {
    const api = mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': [{ body: page([MFA, BACKUP]) }, { body: page([BACKUP]) }],
      'DELETE /api/answer-library/e1': { body: { status: true, message: 'Retired' } },
    })
    renderApp('/answer-library')
    const mfa = await screen.findByRole('article', { name: MFA.question })
    fireEvent.click(within(mfa).getByRole('button', { name: /^Retire:/ }))
    let dialog = await screen.findByRole('dialog', { name: 'Retire this entry?' })
    expect(dialog).toHaveTextContent('will no longer be offered as a draft')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.callsTo('DELETE', '/api/answer-library/e1')).toHaveLength(0)
    fireEvent.click(within(mfa).getByRole('button', { name: /^Retire:/ }))
    dialog = await screen.findByRole('dialog', { name: 'Retire this entry?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: MFA.question })).toBeNull())
    expect(api.callsTo('DELETE', '/api/answer-library/e1')).toHaveLength(1)
    expect(screen.getByText('The entry is retired')).toBeInTheDocument()
  })

  it('says the library is empty, and how to fill it', async () => {
    mockFetch({ ...COMPANIES, 'GET /api/answer-library': { body: page([]) } })
    renderApp('/answer-library')
    expect(await screen.findByText('No answers in the library yet')).toBeInTheDocument()
    expect(screen.getByText('Import completed questionnaires, or approve answers in a review.')).toBeInTheDocument()
  })

  it("says when the library cannot be loaded, in the server's words, and tries again", async () => {
    let fail = true
    const api = mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': (): MockReply =>
        fail ? { status: 503, body: { status: false, message: 'The database is busy: try again' } } : { body: page([BACKUP]) },
    })
    renderApp('/answer-library')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The library could not be loaded. The database is busy: try again')
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('article', { name: BACKUP.question })).toBeInTheDocument()
    expect(list(api.calls)).toHaveLength(2)
  })
})

describe('importing completed questionnaires', () => {
  const layout = {
    sheets: [{ name: 'Answers', rows: 30, questions: 25 }],
    sheet: 'Answers',
    headerRow: 1,
    columns: { question: 'B', answer: 'C' },
    confidence: 0.4,
    confirmed: false,
    needsCheck: true,
    total: 25,
    preview: [
      { row: 1, cells: ['Ref', 'Question', 'Response'] },
      { row: 2, cells: ['BC-1', 'Is there a <script>business</script> continuity plan?', 'Yes, tested yearly'] },
    ],
    read: [{ row: 2, id: 'BC-1', question: 'Is there a business continuity plan?' }],
  }
  const results: LibraryImport[] = [
    { _id: 'i1', fileName: 'caiq-2025.xlsx', state: 'imported', imported: 240, unanswered: 21 },
    { _id: 'i2', fileName: 'vendor-form.csv', state: 'check', imported: 0, unanswered: 0, layout },
    { _id: '', fileName: 'scan.docx', state: 'failed', imported: 0, unanswered: 0, message: 'No questions were found in this document' },
    { _id: '', fileName: 'old.xls', state: 'failed', imported: 0, unanswered: 0, message: 'This file could not be read as a spreadsheet' },
  ]
  const file = (name: string) => new File(['x'], name, { lastModified: 1 })
  /** The multipart body the import was sent with. */
  const sentForm = (fn: ReturnType<typeof mockFetch>['fn']): FormData => {
    const init = fn.mock.calls.find(([url]) => String(url) === '/api/answer-library/import')?.[1] as RequestInit | undefined
    if (!(init?.body instanceof FormData)) throw new Error('The import was not sent as multipart')
    return init.body
  }

  it('sends several files at once with the chosen client, and shows each result; a file to check gets the column form', async () => {
    const api = mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': { body: page([]) },
      'POST /api/answer-library/import': { body: { status: true, data: results } },
      'PUT /api/answer-library/import/i2/layout': {
        body: { status: true, data: { _id: 'i2', fileName: 'vendor-form.csv', state: 'imported', imported: 23, unanswered: 2 } },
      },
    })
    renderApp('/answer-library')
    const panel = await screen.findByRole('region', { name: 'Import completed questionnaires' })
    const input = within(panel).getByLabelText('Drop files here, or choose them')
    fireEvent.change(input, { target: { files: [file('caiq-2025.xlsx'), file('notes.pdf')] } })
    expect(within(panel).getByRole('alert')).toHaveTextContent('Not a questionnaire file the library can read (use .xlsx, .xlsm, .xls, .csv, .docx): notes.pdf')
    // Dropped files are added to the ones picked.
    const drop = input.closest('.library-drop') as HTMLElement
    fireEvent.drop(drop, { dataTransfer: { files: [file('vendor-form.csv'), file('scan.docx')] } })
    expect(
      within(within(panel).getByRole('list', { name: 'Files to import' }))
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['caiq-2025.xlsx', 'vendor-form.csv', 'scan.docx'])
    await within(panel).findByRole('option', { name: 'Acme Bank' })
    fireEvent.change(within(panel).getByLabelText('Client (optional)'), { target: { value: 'c1' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Import 3 files' }))

    expect(await within(panel).findByText('Imported: 240 answers (21 questions without an answer left out)')).toBeInTheDocument()
    const sent = sentForm(api.fn)
    expect(sent.get('company_id')).toBe('c1')
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['caiq-2025.xlsx', 'vendor-form.csv', 'scan.docx'])
    expect(within(panel).getByText('No questions were found in this document')).toBeInTheDocument()
    expect(within(panel).getByText('This file could not be read as a spreadsheet')).toBeInTheDocument()
    // The file to check: the questionnaires' column form, its cells as text.
    const check = within(panel).getByText('vendor-form.csv').closest('li') as HTMLElement
    expect(within(check).getByText('Check the columns')).toBeInTheDocument()
    expect(within(check).getByText('The product is unsure of these columns: check them')).toBeInTheDocument()
    expect((within(check).getByLabelText('Column C') as HTMLSelectElement).value).toBe('answer')
    expect(check.querySelector('script')).toBeNull()
    fireEvent.click(within(check).getByRole('button', { name: 'Save columns' }))
    // Saved, the file is imported with those columns: the form gives way to what was stored.
    expect(await within(check).findByText('Imported: 23 answers (2 questions without an answer left out)')).toBeInTheDocument()
    expect(within(check).getByText('Imported')).toBeInTheDocument()
    expect(within(check).queryByRole('button', { name: 'Save columns' })).toBeNull()
    expect(api.callsTo('PUT', '/api/answer-library/import/i2/layout')[0]?.body).toEqual({
      sheet: 'Answers',
      headerRow: 1,
      columns: { question: 'B', answer: 'C' },
    })
  })

  it('asks for a file before importing, and says why an import failed', async () => {
    const api = mockFetch({
      ...COMPANIES,
      'GET /api/answer-library': { body: page([]) },
      'POST /api/answer-library/import': { status: 413, body: { status: false, code: 'INVALID_REQUEST', message: 'A file is larger than 20 MB' } },
    })
    renderApp('/answer-library')
    const panel = await screen.findByRole('region', { name: 'Import completed questionnaires' })
    fireEvent.click(within(panel).getByRole('button', { name: 'Import' }))
    expect(within(panel).getByRole('alert')).toHaveTextContent('Choose at least one completed questionnaire to import')
    expect(api.callsTo('POST', '/api/answer-library/import')).toHaveLength(0)
    fireEvent.change(within(panel).getByLabelText('Drop files here, or choose them'), { target: { files: [file('big.xlsx')] } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Import 1 file' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('A file is larger than 20 MB')
    // No client chosen: none is sent.
    const sent = sentForm(api.fn)
    expect(sent.has('company_id')).toBe(false)
  })
})

describe("the drafter's track record", () => {
  const q = (over: Partial<SourceQuality> = {}): SourceQuality => ({
    drafted: 0,
    approvedUnchanged: 0,
    edited: 0,
    editedShare: 0,
    cleared: 0,
    choiceChanged: 0,
    pending: 0,
    ...over,
  })
  const DASHBOARD = {
    'GET /api/questionnaire/dashboard': { body: { status: true, data: { inProgress: 0, items: [] } } },
    'GET /api/accountsrequest': { body: { status: true, data: [], total: 0, totalPages: 0, currentPage: 1 } },
    'GET /api/outbound/dashboard': { body: { status: true, data: { awaiting: 0, items: [] } } },
    'GET /api/trust-center/dashboard': { body: { status: true, data: { timeZone: 'UTC', days: [], totals: { views: 0, downloads: 0 } } } },
  }
  const quality = {
    questionnaireId: null,
    bySource: {
      library: q({ drafted: 40, approvedUnchanged: 35, edited: 3, editedShare: 0.2, cleared: 1, choiceChanged: 1, pending: 1 }),
      pair: q({ drafted: 10, approvedUnchanged: 6, edited: 2, editedShare: 0.5, pending: 2 }),
      sentence: q({ drafted: 20, approvedUnchanged: 5, edited: 8, editedShare: 0.734, cleared: 6, choiceChanged: 3, pending: 1 }),
      model: q(),
    },
    total: q({ drafted: 70, approvedUnchanged: 46, edited: 13, editedShare: 0.55, cleared: 7, choiceChanged: 4, pending: 4 }),
  }

  it('shows a table per source on the dashboard, the offline drafter named for what it cites', async () => {
    mockFetch({ ...DASHBOARD, 'GET /api/answer-quality': { body: { status: true, data: quality } } })
    renderApp('/dashboard')
    const card = await screen.findByRole('region', { name: 'How the drafts did' })
    const table = await within(card).findByRole('table', { name: 'How reviewers treated the drafts, by source' })
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))
    expect(rows).toEqual([
      ['Source', 'Drafted', 'Approved unchanged', 'Edited', 'Cleared', 'Choice changed', 'Waiting'],
      ['Library', '40', '35', '3 (20 % changed)', '1', '1', '1'],
      ['Document Q&A', '10', '6', '2 (50 % changed)', '0', '0', '2'],
      ['Sentence from your documents', '20', '5', '8 (73 % changed)', '6', '3', '1'],
      ['Model', '0', '0', '0', '0', '0', '0'],
      ['All sources', '70', '46', '13 (55 % changed)', '7', '4', '4'],
    ])
    expect(within(card).getByRole('link', { name: 'The answer library' })).toHaveAttribute('href', '/answer-library')
  })

  it('says on the dashboard when nothing was reviewed yet, and what waits', async () => {
    const waiting = {
      questionnaireId: null,
      bySource: { library: q(), pair: q(), sentence: q({ drafted: 3, pending: 3 }), model: q() },
      total: q({ drafted: 3, pending: 3 }),
    }
    mockFetch({ ...DASHBOARD, 'GET /api/answer-quality': { body: { status: true, data: waiting } } })
    renderApp('/dashboard')
    const card = await screen.findByRole('region', { name: 'How the drafts did' })
    expect(await within(card).findByText('No drafted answers reviewed yet')).toBeInTheDocument()
    expect(within(card).getByText(/^3 drafted answers wait for review\./)).toBeInTheDocument()
    expect(within(card).queryByRole('table')).toBeNull()
  })

  it('is asked for one questionnaire only when opened in the review header', async () => {
    const api = mockFetch({
      'GET /api/getquestionlist/qn1': { body: { status: true, data: [] } },
      'GET /api/questionnaires/count/qn1': { body: { status: true, total: 0, countOfApproved: 0 } },
      'GET /api/questionnaires/qn1/details': { body: { status: true, data: { clientName: 'Acme Bank', fileName: 'caiq.xlsx' } } },
      'GET /api/answer-quality': { body: { status: true, data: { ...quality, questionnaireId: 'qn1' } } },
    })
    renderApp('/enterprise-apps/review/qn1')
    const summary = await screen.findByText('How the drafts did')
    expect(api.callsTo('GET', '/api/answer-quality')).toHaveLength(0)
    await act(async () => {
      const details = summary.closest('details') as HTMLDetailsElement
      details.open = true
      fireEvent(details, new Event('toggle'))
    })
    expect(await screen.findByRole('table', { name: 'How the drafts of this questionnaire were reviewed, by source' })).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/answer-quality')[0]?.path).toBe('/api/answer-quality?questionnaireId=qn1')
  })
})
