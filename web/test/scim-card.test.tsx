// Issue 27: the SCIM card in the company settings (admins): the endpoint URL, a token shown once
// (gone from the page once dismissed, never refetched), replacing it only after a confirm, revoking.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from './test-utils'

const TOKEN = `scim_${'a'.repeat(24)}_${'b'.repeat(43)}`
const settings = (enabled: boolean) => ({
  body: {
    status: true,
    data: {
      enabled,
      endpoint: 'https://portal.example/scim/v2',
      tokenCreatedAt: enabled ? '2026-11-29T10:00:00.000Z' : null,
      tokenLastUsedAt: null,
      adminGroup: 'Portal Admins',
    },
  },
})
const page = {
  'GET /api/companyinfo': { body: { status: true, data: { _id: 'i1', companyTitle: 'Acme', logo: null } } },
  'GET /api/themecolor': { body: { status: true, data: null } },
  'GET /api/clientDetails': { body: { status: true, data: [{ _id: 's1', cname: 'acme', maindomain: 'localhost', cnamepublish: false }] } },
  'GET /api/domainnamestatus': { body: { status: true, data: [{ hostname: 'acme.localhost', published: false, url: 'http://acme.localhost:3000' }] } },
}

beforeEach(() => localStorage.clear())
afterEach(() => {
  jest.restoreAllMocks()
  localStorage.clear()
})

describe('SCIM provisioning card', () => {
  it('shows the endpoint, generates a token shown once, and asks before replacing or revoking it', async () => {
    storeSession({ admin: true })
    const api = mockFetch({
      ...page,
      'GET /api/scim': [settings(false), settings(true)],
      'POST /api/scim/token': { body: { status: true, data: { token: TOKEN } } },
      'DELETE /api/scim/token': { body: { status: true, message: 'SCIM token revoked' } },
    })
    renderApp('/settings')
    const card = within((await screen.findByRole('heading', { name: 'SCIM provisioning' })).closest('section')!)
    expect(card.getByLabelText(/SCIM endpoint URL/)).toHaveValue('https://portal.example/scim/v2')
    expect(card.getByText('No token is active: provisioning is off.')).toBeInTheDocument()

    fireEvent.click(card.getByRole('button', { name: 'Generate token' }))
    expect(await card.findByLabelText(/copy it now: it will not be shown again/)).toHaveValue(TOKEN)
    fireEvent.click(card.getByRole('button', { name: 'Done' }))
    expect(screen.queryByDisplayValue(TOKEN)).toBeNull()
    expect(document.body.textContent).not.toContain(TOKEN)

    // With a live token, a new one replaces it only after a confirm.
    fireEvent.click(await card.findByRole('button', { name: 'Generate a new token' }))
    const replace = within((await screen.findByText(/The current token stops working at once/)).closest('dialog')!)
    fireEvent.click(replace.getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo('POST', '/api/scim/token')).toHaveLength(1)

    fireEvent.click(card.getByRole('button', { name: 'Revoke token' }))
    const dialog = within((await screen.findByText(/can no longer provision members/)).closest('dialog')!)
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke token' }))
    await waitFor(() => expect(api.callsTo('DELETE', '/api/scim/token')).toHaveLength(1))
  })

  it('is not shown to members', async () => {
    storeSession({ admin: false })
    const api = mockFetch({ ...page, 'GET /api/scim': settings(true) })
    renderApp('/settings')
    expect(await screen.findByText('Only admins can change these settings.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'SCIM provisioning' })).toBeNull()
    expect(api.callsTo('GET', '/api/scim')).toHaveLength(0)
  })
})
