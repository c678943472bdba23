// The company knowledge base (issue 25) against a mocked API: every document with its client ("All
// clients" for company-wide ones), state in words and pages; several PDFs uploaded at once (chosen or
// dropped), each with its progress and one summary toast; delete with a confirmation; the empty
// state. And the drafter settings page: the offline drafter, a model (never its key), the test.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { KnowledgeBaseEntry } from '@portal/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { uploadSummary } from '../src/lib/upload-queue'
import { mockFetch, renderApp, storeSession } from './test-utils'

beforeEach(() => {
  localStorage.clear()
  storeSession()
})
afterEach(() => {
  jest.restoreAllMocks()
  localStorage.clear()
})

const doc = (over: Partial<KnowledgeBaseEntry> & Pick<KnowledgeBaseEntry, '_id' | 'fileName'>): KnowledgeBaseEntry => ({
  clientId: null,
  clientName: null,
  state: 'ready',
  error: null,
  pages: 3,
  createdAt: '2026-11-20T10:00:00Z',
  ...over,
})
const SECURITY = doc({ _id: 'k1', fileName: 'security-policy.pdf', pages: 12 })
const ANNEX = doc({ _id: 'k2', fileName: 'bank-annex.pdf', clientId: 'c1', clientName: 'Global Bank', pages: 1 })
const SCAN = doc({
  _id: 'k3',
  fileName: 'scan.pdf',
  state: 'failed',
  error: 'The PDF has no text layer (is it a scan?): upload a PDF with selectable text',
  pages: 0,
})
const list = (data: KnowledgeBaseEntry[]) => ({ body: { status: true, data } })

describe('the summary of an upload batch', () => {
  it('counts the uploaded files and names each failed one with its reason', () => {
    expect(uploadSummary([{ name: 'a.pdf', state: 'uploaded' }])).toBe('1 file uploaded')
    expect(uploadSummary(Array.from({ length: 17 }, (_, i) => ({ name: `p${i}.pdf`, state: 'uploaded' as const })))).toBe('17 files uploaded')
    expect(
      uploadSummary([
        { name: 'a.pdf', state: 'uploaded' },
        { name: 'b.pdf', state: 'failed', error: 'The PDF is larger than 50 MB' },
        { name: 'c.pdf', state: 'failed' },
      ]),
    ).toBe('1 file uploaded, 2 failed: b.pdf — The PDF is larger than 50 MB; c.pdf — the upload failed')
  })
})

describe('knowledge base screen', () => {
  it('is in the main navigation and lists every document with who uses it, its state in words and its pages', async () => {
    mockFetch({ 'GET /api/knowledge-base': list([SECURITY, ANNEX, SCAN]) })
    renderApp('/knowledge-base')
    expect(await screen.findByRole('heading', { name: 'Knowledge base', level: 1 })).toBeTruthy()
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Knowledge base' })).toHaveAttribute('href', '/knowledge-base')
    const security = await screen.findByRole('listitem', { name: 'security-policy.pdf' })
    expect(within(security).getByText('All clients')).toBeTruthy()
    expect(within(security).getByText('Ready')).toBeTruthy()
    expect(within(security).getByText('12 pages')).toBeTruthy()
    const annex = screen.getByRole('listitem', { name: 'bank-annex.pdf' })
    expect(within(annex).getByText('Global Bank')).toBeTruthy()
    expect(within(annex).getByText('1 page')).toBeTruthy()
    const scan = screen.getByRole('listitem', { name: 'scan.pdf' })
    expect(within(scan).getByText('Failed: The PDF has no text layer (is it a scan?): upload a PDF with selectable text')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Documents (3)' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Drafter settings' })).toHaveAttribute('href', '/settings/drafter')
  })

  it('says so when there is no document yet', async () => {
    mockFetch({ 'GET /api/knowledge-base': list([]) })
    renderApp('/knowledge-base')
    expect(await screen.findByText('No documents yet')).toBeTruthy()
  })

  it('uploads several PDFs at once, one request each, with progress per file and one summary toast', async () => {
    const { callsTo } = mockFetch({
      'GET /api/knowledge-base': list([]),
      'POST /api/knowledge-base': [
        { status: 201, body: { status: true, data: [{ _id: 'n1', fileName: 'a.pdf', state: 'queued' }] } },
        { status: 413, body: { status: false, code: 'PAYLOAD_TOO_LARGE', message: 'The PDF is larger than 50 MB' } },
        { status: 201, body: { status: true, data: [{ _id: 'n3', fileName: 'c.pdf', state: 'queued' }] } },
      ],
    })
    renderApp('/knowledge-base')
    await screen.findByText('No documents yet')
    const input = screen.getByLabelText('Drop PDF files here, or choose them') as HTMLInputElement
    expect(input.multiple).toBe(true)
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'a.pdf'), new File(['%PDF'], 'b.pdf'), new File(['%PDF'], 'c.pdf')] } })
    expect(await screen.findByRole('alert')).toHaveTextContent('2 files uploaded, 1 failed: b.pdf — The PDF is larger than 50 MB')
    const progress = screen.getByRole('region', { name: 'Upload progress' })
    expect(within(progress).getAllByText('Uploaded')).toHaveLength(2)
    expect(within(progress).getByText('Failed: The PDF is larger than 50 MB')).toBeTruthy()
    expect(within(progress).getByText('3 of 3 files done')).toBeTruthy()
    expect(callsTo('POST', '/api/knowledge-base')).toHaveLength(3)
    expect(screen.queryByRole('dialog')).toBeNull() // no OK box to close
  })

  it('takes PDFs dropped on the zone', async () => {
    const { callsTo } = mockFetch({
      'GET /api/knowledge-base': list([]),
      'POST /api/knowledge-base': { status: 201, body: { status: true, data: [{ _id: 'n1', fileName: 'x.pdf', state: 'queued' }] } },
    })
    renderApp('/knowledge-base')
    await screen.findByText('No documents yet')
    const zone = screen.getByLabelText('Drop PDF files here, or choose them').closest('.file-drop')!
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['%PDF'], 'x.pdf'), new File(['%PDF'], 'y.pdf')] } })
    await waitFor(() => expect(screen.getByText('2 files uploaded')).toBeTruthy())
    expect(callsTo('POST', '/api/knowledge-base')).toHaveLength(2)
  })

  it('deletes a document once confirmed, and keeps it on Cancel', async () => {
    let deleted = false
    const { callsTo } = mockFetch({
      'GET /api/knowledge-base': () => list(deleted ? [ANNEX] : [SECURITY, ANNEX]),
      'DELETE /api/knowledge-base/k1': () => {
        deleted = true
        return { body: { status: true, message: 'Deleted Successfully' } }
      },
    })
    renderApp('/knowledge-base')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete security-policy.pdf' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete document' })
    expect(dialog).toHaveTextContent('Are you sure you want to delete security-policy.pdf?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(callsTo('DELETE', '/api/knowledge-base/k1')).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Delete security-policy.pdf' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete document' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'security-policy.pdf' })).toBeNull())
    expect(callsTo('DELETE', '/api/knowledge-base/k1')).toHaveLength(1)
    expect(await screen.findByText('Deleted Successfully')).toBeTruthy()
  })

  it('says in words when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/knowledge-base': { status: 503, body: { status: false, code: 'UNAVAILABLE', message: 'The database is not available' } } })
    renderApp('/knowledge-base')
    expect(await screen.findByText('The database is not available')).toBeTruthy()
  })
})

describe('drafter settings screen', () => {
  it('says the offline drafter drafts, lists the variables, and explains that no model is set when tested', async () => {
    const { callsTo } = mockFetch({
      'GET /api/drafter': { body: { status: true, data: { drafter: 'offline', model: null, host: null } } },
      'POST /api/drafter/test': {
        body: { status: true, data: { ok: false, model: null, latencyMs: null, message: 'No model is set: the offline drafter drafts answers.' } },
      },
    })
    renderApp('/settings/drafter')
    expect(await screen.findByText(/offline drafter/, { selector: 'strong' })).toBeTruthy()
    for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LLM_MODEL']) expect(screen.getByText(name)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'What configuring a model changes' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Test the connection' }))
    expect(await screen.findByText('No model is set: the offline drafter drafts answers.')).toBeTruthy()
    expect(callsTo('POST', '/api/drafter/test')).toHaveLength(1)
  })

  it('names the model and its host, and shows how long the connection test took', async () => {
    mockFetch({
      'GET /api/drafter': { body: { status: true, data: { drafter: 'model', model: 'gpt-4o-mini', host: 'api.openai.com' } } },
      'POST /api/drafter/test': [
        { body: { status: true, data: { ok: true, model: 'gpt-4o-mini', latencyMs: 312, message: 'gpt-4o-mini answered in 312 ms' } } },
        {
          body: {
            status: true,
            data: { ok: false, model: 'gpt-4o-mini', latencyMs: null, message: 'The model server refused the API key (HTTP 401): check OPENAI_API_KEY' },
          },
        },
      ],
    })
    renderApp('/settings/drafter')
    expect(await screen.findByText('gpt-4o-mini')).toBeTruthy()
    expect(screen.getByText('api.openai.com')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Test the connection' }))
    expect(await screen.findByText('Connected: gpt-4o-mini answered in 312 ms.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Test the connection' }))
    expect(await screen.findByText('The model server refused the API key (HTTP 401): check OPENAI_API_KEY')).toBeTruthy()
  })

  it('tells a person who is not an admin that only admins can test the connection', async () => {
    localStorage.clear()
    storeSession({ admin: false })
    mockFetch({ 'GET /api/drafter': { body: { status: true, data: { drafter: 'offline', model: null, host: null } } } })
    renderApp('/settings/drafter')
    expect(await screen.findByText('Only admins can test the connection.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Test the connection' })).toBeDisabled()
  })
})
