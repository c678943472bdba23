import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { pageItems } from '../src/lib/paging'
import { mockFetch, renderApp, storeSession } from './test-utils'
import { viewerIn } from './time-zone'

beforeEach(() => localStorage.clear())
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
  localStorage.clear()
})

const person = (n: number) => ({
  _id: `p${n}`,
  firstName: 'fox',
  lastName: `mulder${n}`,
  email: `fox${n}@xfiles.example`,
  status: 'active',
  admin: n === 1,
  createdAt: '2024-08-14T16:00:00Z',
})

describe('paging control', () => {
  it('shows 3 pages each side of the current one, the first and last pages and ellipses', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10, 11, 12, 13, 'ellipsis-end', 20])
    expect(pageItems(2, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20])
    expect(pageItems(19, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20])
  })
})

describe('people screen', () => {
  it('lists people with labels and pages through them', async () => {
    viewerIn('America/New_York')
    storeSession({ admin: true })
    const api = mockFetch({
      'GET /api/people': (call) => {
        const page = Number(new URL(call.path, 'http://x').searchParams.get('page'))
        return { body: { status: true, data: [person(page)], totalPages: 12, currentPage: page, total: 111 } }
      },
    })
    renderApp('/people')
    expect(await screen.findByText('fox1@xfiles.example')).toBeInTheDocument()
    expect(screen.getByText('Admin')).toBeInTheDocument()
    expect(screen.getByText('Aug 14, 2024, 12:00 PM EDT')).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Pagination' })
    const pages = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent)
    expect(pages()).toEqual(['1', '2', '3', '4', '12'])
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 4' }))
    expect(await screen.findByText('fox4@xfiles.example')).toBeInTheDocument()
    expect(screen.getByText('Collaborator')).toBeInTheDocument()
    expect(pages()).toEqual(['1', '2', '3', '4', '5', '6', '7', '12'])
    expect(within(nav).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page')
    expect(api.calls.map((c) => c.path)).toContain('/api/people?page=4&pageSize=10')
  })

  it('invites a colleague: message for 4 s, then the modal closes', async () => {
    jest.useFakeTimers()
    storeSession({ admin: true })
    const api = mockFetch({
      'GET /api/people': { body: { status: true, data: [], totalPages: 0, currentPage: 1, total: 0 } },
      'POST /api/people/invite': [
        { status: 400, body: { status: false, message: 'Invalid email address' } },
        { status: 201, body: { status: true, message: 'Invitation sent successfully!' } },
      ],
    })
    renderApp('/people')
    fireEvent.click(await screen.findByRole('button', { name: 'Invite People' }))
    const dialog = screen.getByRole('dialog')
    const email = within(dialog).getByLabelText('Email')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }))
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument()
    fireEvent.change(email, { target: { value: 'fox@' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }))
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument()
    fireEvent.change(email, { target: { value: 'fox@xfiles.example' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }))
    expect(await within(dialog).findByText('This email format is not accepted.')).toBeInTheDocument()
    fireEvent.change(email, { target: { value: 'fox@xfiles.example' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }))
    expect(await within(dialog).findByText('Invitation sent successfully!')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/people/invite')[1]?.body).toEqual({ email: 'fox@xfiles.example', status: 'invited' })
    act(() => {
      jest.advanceTimersByTime(4000)
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("deletes a person after confirmation and reports failures in the server's words", async () => {
    storeSession({ admin: true })
    const api = mockFetch({
      'GET /api/people': { body: { status: true, data: [person(2)], totalPages: 1, currentPage: 1, total: 1 } },
      'DELETE /api/people/p2': { status: 500, body: { status: false, message: 'Internal server error (request req-7)' } },
    })
    renderApp('/people')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete fox2@xfiles.example' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to delete fox2@xfiles.example?')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Internal server error (request req-7)')).toBeInTheDocument()
    // No body, no JSON content type: the server refuses an empty body announced as JSON.
    const [call] = api.callsTo('DELETE', '/api/people/p2')
    expect(call?.body).toBeUndefined()
    expect(call?.headers['Content-Type']).toBeUndefined()
  })

  it("shows 'No Data found' for an empty list", async () => {
    storeSession({ admin: true })
    mockFetch({ 'GET /api/people': { body: { status: true, data: [], totalPages: 0, currentPage: 1, total: 0 } } })
    renderApp('/people')
    expect(await screen.findByText('No Data found')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })
})
