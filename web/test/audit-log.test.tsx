// The console's audit log page (issue 27): admins only, the empty state in words, the filters sent
// as query parameters, paging, and the verification's result in words.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

const entry = (seq: number, action: string, actorEmail: string | null) => ({
  seq,
  action,
  actorEmail,
  target: '=cmd|calc',
  at: '2026-03-02T09:00:00Z',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  requestId: `req-${seq}`,
})
const page = (data: unknown[], totalPages = 1) => ({ body: { status: true, data, total: data.length, totalPages, currentPage: 1 } })

describe('audit log page', () => {
  it('is not registered for a member who is not an admin', async () => {
    storeSession({ admin: false })
    mockFetch({})
    const app = renderApp('/audit-log')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
  })

  it('says in words that nothing is recorded yet, and that the chain has nothing to check', async () => {
    storeSession({ admin: true })
    mockFetch({ 'GET /api/audit': page([]), 'GET /api/audit/verify': { body: { status: true, data: { ok: true, checked: 0 } } } })
    renderApp('/audit-log')
    expect(await screen.findByText(/Nothing has been recorded yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/audit-log')
    fireEvent.click(screen.getByRole('button', { name: 'Verify the chain' }))
    expect(await screen.findByText('Nothing to check yet: the log has no entries.')).toHaveAttribute('role', 'status')
  })

  it('lists entries as text, filters by action and actor, pages, and names the first broken link', async () => {
    storeSession({ admin: true })
    const api = mockFetch({
      'GET /api/audit': (call) =>
        call.path.includes('action=')
          ? page([entry(3, 'member.invited', 'ciso@vendor.example')])
          : page([entry(2, 'auth.login.failed', 'x@vendor.example')], 3),
      'GET /api/audit/verify': {
        body: {
          status: true,
          data: {
            ok: false,
            checked: 2,
            firstBroken: {
              seq: 3,
              at: '2026-03-02T09:00:00Z',
              action: 'member.invited',
              reason: 'entry 3 was changed after it was written: its content no longer matches its hash',
            },
          },
        },
      },
    })
    renderApp('/audit-log')
    expect(await screen.findByText('req-2')).toBeInTheDocument()
    expect(screen.getByText('=cmd|calc')).toBeInTheDocument() // user text shown as text
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'member.invited' } })
    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: ' ciso ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByText('req-3')).toBeInTheDocument()
    const filtered = api.calls.filter((c) => c.path.startsWith('/api/audit?')).at(-1)!
    expect(filtered.path).toContain('action=member.invited')
    expect(filtered.path).toContain('actor=ciso')
    expect(filtered.path).toContain('page=1')
    fireEvent.click(screen.getByRole('button', { name: 'Verify the chain' }))
    expect(await screen.findByText(/The chain is broken at entry 3 \(member\.invited, .+\): entry 3 was changed after it was written/)).toHaveAttribute(
      'role',
      'status',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(await screen.findByText('req-2')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(api.calls.some((c) => c.path.includes('/api/audit?page=2'))).toBe(true))
  })
})
