import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { screen, waitFor } from '@testing-library/react'
import { mockFetch, renderApp, storeSession, stored } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('route guard', () => {
  it('sends a visitor without a token to /login', async () => {
    mockFetch({})
    const app = renderApp('/enterprise')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
  })

  it('clears storage and sends to /login when the token has expired and renewal fails', async () => {
    storeSession({}, -60)
    const api = mockFetch({ 'POST /api/token/refresh': { status: 401, body: { status: false, message: 'Unauthenticated' } } })
    const app = renderApp('/settings')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
    expect(stored('token')).toBeNull()
    expect(stored('authData')).toBeNull()
    expect(api.callsTo('POST', '/api/token/refresh')).toHaveLength(1)
  })

  it('shows a protected screen with its title and the signed-in shell', async () => {
    storeSession({ admin: false })
    mockFetch({})
    renderApp('/trust-center-editor')
    expect(await screen.findByRole('heading', { name: 'Trust Center Editor' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Dana Scully/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Security Questionnaire' })).toHaveAttribute('href', '/outbound')
    expect(screen.queryByRole('link', { name: 'People' })).not.toBeInTheDocument()
  })

  it('registers /people only for admins', async () => {
    storeSession({ admin: false })
    mockFetch({})
    const app = renderApp('/people')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
  })

  it('shows /people to an admin', async () => {
    storeSession({ admin: true })
    mockFetch({ 'GET /api/people': { body: { status: true, data: [], totalPages: 0, currentPage: 1, total: 0 } } })
    renderApp('/people')
    expect(await screen.findByText('No Data found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'People' })).toBeInTheDocument()
  })

  it('sends any other path to /login', async () => {
    mockFetch({})
    const app = renderApp('/no/such/page')
    await waitFor(() => expect(app.location()).toBe('/login'))
  })

  it('keeps an inbound user on the inbound review page of its outbound', async () => {
    storeSession({ inboundUser: true, admin: false, outboundId: 'ob-7' })
    mockFetch({})
    const app = renderApp('/enterprise')
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument()
    expect(app.location()).toBe('/inbound/review/ob-7')
  })

  it('takes the inbound id from the current URL first', async () => {
    storeSession({ inboundUser: true, admin: false, outboundId: 'ob-7' })
    mockFetch({})
    const app = renderApp('/outbound/review/ob-9')
    await waitFor(() => expect(app.location()).toBe('/inbound/review/ob-9'))
  })

  it('renders the placeholder titles of later screens', async () => {
    storeSession()
    mockFetch({})
    renderApp('/ai-questionnaire-auto-complete')
    expect(await screen.findByRole('heading', { name: 'Coming soon...' })).toBeInTheDocument()
  })
})
