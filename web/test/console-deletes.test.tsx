// Every delete button of the console (issue 10): it asks, sends a DELETE with no JSON content type
// unless it has a body, shows progress while the server works, says the server's words when it
// refuses, and confirms when done. (tests/browser/console-deletes.test.ts does it against the server.)
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from './test-utils'

const ok = { body: { status: true, message: 'Deleted Successfully' } }
const refused = { status: 409, body: { status: false, message: 'This item is in use and cannot be deleted.', code: 'CONFLICT' } }
const account = (id: string, email: string, approved: boolean) => ({
  _id: id,
  firstName: 'Vera',
  lastName: 'Visitor',
  companyName: 'Buyer Inc',
  relationshpLinkedIn: 'Customer',
  workEmail: email,
  createdAt: '2026-03-02T09:00:00Z',
  Approved: approved ? 'approved' : 'pending',
  approvedbyuser: approved ? { id: 'u1', userName: 'Dana Scully' } : null,
  expiresAt: null,
  ndaAccepted: true,
  ndaConfirmed: false,
  document: null,
})
const file = (id: string, name: string) => ({
  _id: id,
  company_id: 'c1',
  createdAt: '2026-03-02T09:00:00Z',
  files: [{ fileName: name, _id: `${id}f` }],
  state: 'ready',
  error: null,
  total: 0,
  drafted: 0,
})
const paged = (data: unknown[]) => ({ body: { status: true, data, totalPages: 1, currentPage: 1, total: data.length } })

/** Every list the console's delete buttons live in. */
const LISTS = {
  'GET /api/people': paged([
    { _id: 'p2', firstName: 'fox', lastName: 'mulder', email: 'fox@xfiles.example', status: 'active', admin: false, createdAt: '2026-03-02T09:00:00Z' },
  ]),
  'GET /api/accountsrequest': (call: { path: string }) =>
    call.path.includes('pageType=approved') ? paged([account('a2', 'approved@buyer.example', true)]) : paged([account('a1', 'pending@buyer.example', false)]),
  'GET /api/trustcenterhistroy': paged([]),
  'GET /api/overview': { body: { status: true, data: null } },
  'GET /api/compliance': { body: { status: true, data: [{ _id: 'k1', framework: 'SOC 2 Type II', status: 'compliant', badge: 'soc2', description: '' }] } },
  'GET /api/documentslist': {
    body: {
      status: true,
      data: [
        {
          _id: 'd1',
          title: 'SOC 2 report',
          fileName: 'soc2.pdf',
          visibility: 'approval',
          size: 1024,
          mimeType: 'application/pdf',
          createdAt: '2026-03-02T09:00:00Z',
        },
      ],
    },
  },
  'GET /api/security': {
    body: { status: true, data: [{ _id: 's1', title: 'Encryption', description: '', subdata: [{ _id: 'i1', title: 'At rest', description: 'AES-256' }] }] },
  },
  'GET /api/companys': {
    body: { status: true, data: [{ _id: 'c1', companyName: 'Global Bank', complianceFolder: 'compliance', questionnairesFolder: 'questionnaires' }] },
  },
  'GET /api/compliancefile/c1': { body: { status: true, data: [file('f1', 'policy.pdf')] } },
  'GET /api/questionnaires/c1': { body: { status: true, data: [file('f2', 'caiq.xlsx')] } },
}

// [what, screen, button, DELETE path, body it must carry]
const DELETES: [string, string, string, string, unknown][] = [
  ['a person', '/people', 'Delete fox@xfiles.example', '/api/people/p2', undefined],
  ['an approved account', '/account', 'Delete approved@buyer.example', '/api/accountsrequest/a2', undefined],
  ['a compliance framework', '/trust-center-editor', 'Delete SOC 2 Type II', '/api/compliance/delete/k1', undefined],
  ['a document', '/trust-center-editor', 'Delete SOC 2 report', '/api/documents/d1', undefined],
  ['a security category', '/trust-center-editor', 'Delete Encryption', '/api/security/delete/s1', undefined],
  ['a security item', '/trust-center-editor', 'Delete At rest', '/api/security/delete/s1/i1', undefined],
  ['a client', '/enterprise', 'Delete Global Bank', '/api/companys', { id: 'c1' }],
  ["a client's compliance file", '/enterprise-vendor-details?id=c1', 'Delete policy.pdf', '/api/compliancefile/f1', undefined],
  ["a client's questionnaire", '/enterprise-vendor-details?id=c1', 'Delete caiq.xlsx', '/api/questionnaires/f2', undefined],
]

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('delete buttons of the console', () => {
  it.each(DELETES)("deletes %s: confirm, progress, the server's refusal in words, then done", async (_what, path, button, deletePath, body) => {
    storeSession({ admin: true })
    const mock = mockFetch({ ...LISTS, [`DELETE ${deletePath}`]: [refused, ok] })
    // Hold the second DELETE until the progress was seen.
    let release = () => {}
    const held = new Promise<void>((r) => {
      release = r
    })
    const reply = mock.fn.getMockImplementation()!
    globalThis.fetch = (async (input: unknown, init?: RequestInit) => {
      if (init?.method === 'DELETE' && mock.callsTo('DELETE', deletePath).length === 1) await held
      return reply(input, init)
    }) as typeof fetch
    renderApp(path)

    const confirm = async () => {
      fireEvent.click(await screen.findByRole('button', { name: button }))
      const dialog = screen.getByRole('dialog')
      expect(within(dialog).getByText(/^Are you sure you want to delete /)).toBeInTheDocument()
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
      return dialog
    }
    await confirm()
    expect(await screen.findByText('This item is in use and cannot be deleted.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    const dialog = await confirm()
    const busy = await within(dialog).findByRole('button', { name: 'Deleting…' })
    expect(busy).toBeDisabled()
    release()
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument()

    const sent = mock.callsTo('DELETE', deletePath)
    expect(sent).toHaveLength(2)
    for (const call of sent) {
      expect(call.body).toEqual(body)
      expect(call.headers['Content-Type']).toBe(body === undefined ? undefined : 'application/json')
    }
  })
})
