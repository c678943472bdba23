import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { SNACKBAR_CLOSED, snackbarReducer } from '../src/components/ui/notifications'
import { isTokenValid } from '../src/lib/jwt'
import { ensureAppVersion } from '../src/lib/storage'
import { makeToken, mockFetch, renderApp, storeSession, stored } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('app version purge', () => {
  it('clears the app keys when the stored version differs, then saves 1.22', () => {
    localStorage.setItem('tp.appVersion', '1.21')
    localStorage.setItem('tp.token', 'x')
    localStorage.setItem('tp.authData', '{}')
    localStorage.setItem('other-app', 'kept')
    ensureAppVersion()
    expect(stored('token')).toBeNull()
    expect(stored('authData')).toBeNull()
    expect(stored('appVersion')).toBe('1.22')
    expect(localStorage.getItem('other-app')).toBe('kept')
  })

  it('purges on start: an old session is dropped and the guard sends to /login', async () => {
    storeSession()
    localStorage.setItem('tp.appVersion', '1.0')
    mockFetch({})
    const app = renderApp('/enterprise')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
    expect(stored('appVersion')).toBe('1.22')
    expect(stored('token')).toBeNull()
  })

  it('keeps the session when the version matches', async () => {
    storeSession()
    mockFetch({})
    renderApp('/enterprise')
    expect(await screen.findByRole('heading', { name: 'Client List' })).toBeInTheDocument()
  })
})

describe('tokens', () => {
  it('reads exp without verifying', () => {
    expect(isTokenValid(makeToken(60))).toBe(true)
    expect(isTokenValid(makeToken(-1))).toBe(false)
    expect(isTokenValid('garbage')).toBe(false)
    expect(isTokenValid(null)).toBe(false)
  })
})

describe('snack bar state', () => {
  it("turns a kind on with 'warn' | 'success' | 'info' | 'error' and off with 'off' | 'clean' | 0", () => {
    for (const kind of ['warn', 'success', 'info', 'error'] as const) {
      expect(snackbarReducer(SNACKBAR_CLOSED, { type: kind, message: 'm' })).toEqual({ open: true, kind, message: 'm' })
    }
    const on = snackbarReducer(SNACKBAR_CLOSED, { type: 'info', message: 'm' })
    for (const off of ['off', 'clean', 0] as const) expect(snackbarReducer(on, { type: off })).toEqual(SNACKBAR_CLOSED)
  })
})

describe('signed-in shell', () => {
  it('logs out from the header menu: POST /api/logout, storage and cache cleared, /login', async () => {
    storeSession()
    const api = mockFetch({ 'POST /api/logout': { body: { status: true, message: 'Logged out' } } })
    const app = renderApp('/enterprise')
    fireEvent.click(await screen.findByRole('button', { name: /Dana Scully/ }))
    app.queryClient.setQueryData(['people', 1], { data: [] })
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    expect(screen.getByRole('menuitem', { name: 'Setting' })).toHaveAttribute('href', '/settings')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(app.location()).toBe('/login'))
    expect(api.callsTo('POST', '/api/logout')).toHaveLength(1)
    expect(stored('token')).toBeNull()
    expect(app.queryClient.getQueryData(['people', 1])).toBeUndefined()
  })

  it('updates the profile and the name in the header', async () => {
    storeSession()
    const api = mockFetch({
      'GET /api/userprofile/u1': { body: { status: true, data: { _id: 'u1', firstName: 'Dana', lastName: 'Scully', email: 'dana@xfiles.example' } } },
      'PUT /api/userprofile/u1': {
        body: { status: true, message: 'Updated Successfully', data: { _id: 'u1', firstName: 'Danielle', lastName: 'Scully', email: 'dana@xfiles.example' } },
      },
    })
    renderApp('/profile')
    const first = await screen.findByDisplayValue('Dana')
    expect(screen.getByDisplayValue('dana@xfiles.example')).toHaveAttribute('readonly')
    fireEvent.change(first, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update' }))
    expect(screen.getByText('First name is required.')).toBeInTheDocument()
    fireEvent.change(first, { target: { value: 'danielle' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument()
    expect(api.callsTo('PUT', '/api/userprofile/u1')[0]?.body).toEqual({ firstName: 'Danielle', lastName: 'Scully' })
    expect(screen.getByRole('button', { name: /Danielle Scully/ })).toBeInTheDocument()
  })

  it('renders the legal pages as text', async () => {
    mockFetch({})
    renderApp('/terms-of-service')
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument()
    expect(screen.getByText(/Last updated: Aug 14, 2024/)).toBeInTheDocument()
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument()
    expect(screen.getByText(/laws of the State of California/)).toBeInTheDocument()
  })
})
