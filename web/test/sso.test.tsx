// Single sign-on in the console (issue 27): a failed provider sign-in said in words on the login
// page, and /login/sso trading its ticket for the session (once, with the ticket gone from the URL).
import { afterEach, describe, expect, it } from '@jest/globals'
import { screen, waitFor } from '@testing-library/react'
import { makeToken, mockFetch, renderApp, stored, USER } from './test-utils'

afterEach(() => localStorage.clear())

describe('single sign-on', () => {
  it('says why a single sign-on failed when the provider sent the browser back with a code', async () => {
    mockFetch({})
    renderApp('/login?sso_error=unverified_email')
    expect(await screen.findByText('Your company’s provider does not vouch for your email address.')).toBeInTheDocument()
  })

  it('trades the ticket for the session once, and leaves no ticket in the address', async () => {
    const api = mockFetch({
      'POST /api/sso/exchange': {
        body: { status: true, message: 'Login successful', data: { ...USER, token: makeToken(), expiresIn: 900 }, themesettings: {} },
      },
    })
    const app = renderApp('/login/sso?ticket=t1cket')
    await waitFor(() => expect(app.location()).toBe('/dashboard'))
    expect(api.callsTo('POST', '/api/sso/exchange').map((c) => c.body)).toEqual([{ ticket: 't1cket' }])
    expect(stored('token')).toMatch(/\./)
  })

  it('says so when the ticket was used or expired', async () => {
    mockFetch({
      'POST /api/sso/exchange': {
        status: 400,
        body: { status: false, code: 'INVALID_REQUEST', message: 'This sign-in has expired or was already used. Please sign in again.' },
      },
    })
    const app = renderApp('/login/sso?ticket=old')
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired or was already used. Please sign in again.')
    expect(app.location()).toBe('/login/sso')
  })
})
