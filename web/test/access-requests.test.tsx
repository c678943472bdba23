// Access requests (issue 25): staff see which document a visitor asked for, approve and deny with
// labelled buttons, read toasts in words, and set where new requests are emailed.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from './test-utils'

const account = (id: string, email: string, approved: boolean, document: { _id: string; title: string } | null) => ({
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
  ndaAccepted: false,
  ndaConfirmed: false,
  document,
})
const paged = (data: unknown[]) => ({ body: { status: true, data, totalPages: 1, currentPage: 1, total: data.length } })
const lists = () => ({
  'GET /api/accountsrequest': (call: { path: string }) =>
    call.path.includes('pageType=approved')
      ? paged([account('a2', 'ann@buyer.example', true, null)])
      : paged([account('a1', 'vera@buyer.example', false, { _id: 'd1', title: 'SOC 2 report' }), account('a3', 'bob@buyer.example', false, null)]),
  'GET /api/trustcenterhistroy': paged([]),
  'GET /api/trust-center/request-notifications': { body: { status: true, data: { email: '' } } },
})

beforeEach(() => {
  localStorage.clear()
  storeSession({ admin: true })
})
afterEach(() => localStorage.clear())

describe('access requests', () => {
  it('names the document asked for, and approves with a labelled button and a toast in words', async () => {
    const api = mockFetch({ ...lists(), 'PUT /api/accountsapprove/a1': { body: { status: true, message: 'Access approved for vera@buyer.example' } } })
    renderApp('/account')
    const requests = await screen.findByRole('table', { name: 'Access Requests' })
    const vera = within(requests).getByText('vera@buyer.example').closest('tr')!
    expect(within(vera).getByText('SOC 2 report')).toBeInTheDocument()
    const bob = within(requests).getByText('bob@buyer.example').closest('tr')!
    expect(within(bob).getByText('Whole trust center')).toBeInTheDocument()
    // Words, not ✓ / ✕.
    expect(screen.queryByText('✓')).toBeNull()
    expect(screen.queryByText('✕')).toBeNull()
    const approve = within(vera).getByRole('button', { name: 'Approve vera@buyer.example' })
    expect(approve).toHaveTextContent('Approve')
    expect(within(vera).getByRole('button', { name: 'Deny vera@buyer.example' })).toHaveTextContent('Deny')
    fireEvent.click(approve)
    expect(await screen.findByText('Access approved for vera@buyer.example')).toBeInTheDocument()
    expect(api.callsTo('PUT', '/api/accountsapprove/a1')).toHaveLength(1)
    expect(screen.queryByText(/Account approval!/)).toBeNull()
  })

  it('denies after asking, with the outcome in words', async () => {
    const api = mockFetch({ ...lists(), 'DELETE /api/accountsrequest/a3': { body: { status: true, message: 'Request from bob@buyer.example denied' } } })
    renderApp('/account')
    fireEvent.click(await screen.findByRole('button', { name: 'Deny bob@buyer.example' }))
    const dialog = screen.getByRole('dialog', { name: 'Deny request' })
    expect(within(dialog).getByText(/Deny the request from bob@buyer\.example\?/)).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }))
    expect(await screen.findByText('Request from bob@buyer.example denied')).toBeInTheDocument()
    expect(api.callsTo('DELETE', '/api/accountsrequest/a3')).toHaveLength(1)
  })

  it('saves where new requests are emailed, and says where in words', async () => {
    const api = mockFetch({
      ...lists(),
      'PUT /api/trust-center/request-notifications': [
        { status: 400, body: { status: false, message: 'Invalid email address', errors: [{ field: 'email', message: 'Invalid email address' }] } },
        { body: { status: true, message: 'New access requests are emailed to security@acme.example', data: { email: 'security@acme.example' } } },
      ],
    })
    renderApp('/account')
    const field = await screen.findByRole('textbox', { name: 'Email new requests to' })
    fireEvent.change(field, { target: { value: 'nope' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    fireEvent.change(field, { target: { value: 'security@acme.example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('New access requests are emailed to security@acme.example')).toBeInTheDocument()
    await waitFor(() => expect(api.callsTo('PUT', '/api/trust-center/request-notifications')).toHaveLength(2))
    expect(api.callsTo('PUT', '/api/trust-center/request-notifications')[1]!.body).toEqual({ email: 'security@acme.example' })
  })
})
