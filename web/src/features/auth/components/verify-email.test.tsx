// The verify-email page and the signed-in banner (issue 10): the page posts the link's token once,
// says what happened in words, renews a session held in this browser and takes the token out of the
// address; the banner shows while the token says "unverified" and resends the link.
import { afterEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { STORAGE_PREFIX } from '../../../config/constants'
import { makeToken, mockFetch, renderApp, storeSession } from '../../../../test/test-utils'

afterEach(() => localStorage.clear())

const TOKEN = 'A'.repeat(43)
const signedInUnverified = () => {
  storeSession()
  localStorage.setItem(`${STORAGE_PREFIX}token`, makeToken(3600, { ev: false }))
}

describe('verify-email page', () => {
  it('verifies, renews the session held here, and removes the token from the address', async () => {
    signedInUnverified()
    const api = mockFetch({
      'POST /api/user/verify-email': { body: { status: true, message: 'Your email address is verified.' } },
      'POST /api/token/refresh': {
        body: {
          status: true,
          data: { _id: 'u1', firstName: 'dana', lastName: 'scully', email: 'dana@xfiles.example', dbName: 'xfiles', token: makeToken(3600, { ev: true }) },
        },
      },
    })
    const app = renderApp(`/verify-email?token=${TOKEN}`)
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/user/verify-email').map((c) => c.body)).toEqual([{ token: TOKEN }])
    expect(api.callsTo('POST', '/api/token/refresh')).toHaveLength(1)
    await waitFor(() => expect(app.location()).toBe('/verify-email'))
    expect(screen.getByRole('link', { name: 'Continue to the portal' })).toBeInTheDocument()
  })

  it('says in words why a link does not work, and offers to sign in', async () => {
    const message = 'This verification link has expired. Sign in and use "Resend the link" to get a new one.'
    const api = mockFetch({ 'POST /api/user/verify-email': { status: 400, body: { status: false, message } } })
    const app = renderApp(`/verify-email?token=${TOKEN}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    await waitFor(() => expect(app.location()).toBe('/verify-email'))
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/token/refresh')).toHaveLength(0) // nobody signed in here
  })

  it('explains a visit without a token', async () => {
    const api = mockFetch({})
    renderApp('/verify-email')
    expect(await screen.findByRole('alert')).toHaveTextContent('This page needs the link from your email.')
    expect(api.calls).toHaveLength(0)
  })
})

describe('verify banner', () => {
  it('shows while the address is unverified and resends the link', async () => {
    signedInUnverified()
    const api = mockFetch({
      'GET /api/companys': { body: { status: true, data: [] } },
      'POST /api/user/verify-email/resend': [
        { body: { status: true, message: 'We sent a new link to dana@xfiles.example. It works once and expires in 48 hours.' } },
        { status: 429, body: { status: false, message: 'You asked for several links already. Please use the latest one, or try again in an hour.' } },
      ],
    })
    renderApp('/enterprise')
    const banner = await screen.findByRole('region', { name: 'Email verification' })
    expect(banner).toHaveTextContent('Please verify your email address (dana@xfiles.example): use the link we emailed you.')
    fireEvent.click(screen.getByRole('button', { name: 'Resend the link' }))
    expect(await screen.findByText('We sent a new link to dana@xfiles.example. It works once and expires in 48 hours.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Resend the link' }))
    expect(await screen.findByText('You asked for several links already. Please use the latest one, or try again in an hour.')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/user/verify-email/resend')).toHaveLength(2)
  })

  it('is not shown once the token says verified', async () => {
    storeSession()
    localStorage.setItem(`${STORAGE_PREFIX}token`, makeToken(3600, { ev: true }))
    mockFetch({ 'GET /api/companys': { body: { status: true, data: [] } } })
    renderApp('/enterprise')
    await screen.findByRole('main')
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull()
  })
})
