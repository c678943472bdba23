import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

const company = { body: { status: true, data: { companyName: 'Alpha Corp', provisioned: false } } }

describe('first run: the company name', () => {
  it('prefills the domain-derived name and refuses only what no company name has, before saving', async () => {
    storeSession({ email: 'alice@alpha-corp.example' })
    const api = mockFetch({ 'GET /api/user/company': company })
    renderApp('/provision')
    const input = await screen.findByLabelText('Company name')
    await waitFor(() => expect(input).toHaveValue('Alpha Corp'))
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    for (const [typed, message] of [
      ['', 'This field is required'],
      ['  ', 'This field is required'],
      ['A', 'Company name must be between 2 and 120 characters.'],
      ['&&&', 'Company name needs at least 3 letters or digits.'],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } })
      submit()
      expect(await screen.findByText(message)).toBeInTheDocument()
      expect(input).toHaveAttribute('aria-invalid', 'true')
    }
    expect(api.callsTo('PUT', '/api/fs/update_provisioned')).toHaveLength(0)
    expect(api.callsTo('POST', '/api/companyinfo')).toHaveLength(0)
  })

  it('accepts the name a company really has, trimmed, punctuation and accents kept (issue 25)', async () => {
    storeSession({ email: 'alice@alpha-corp.example' })
    const api = mockFetch({
      'GET /api/user/company': company,
      'PUT /api/fs/update_provisioned': { body: { success: true, message: 'Provisioning complete' } },
      'POST /api/companyinfo': { body: { status: true, message: 'Updated Successfully' } },
    })
    renderApp('/provision')
    const input = await screen.findByLabelText('Company name')
    await waitFor(() => expect(input).toHaveValue('Alpha Corp'))
    fireEvent.change(input, { target: { value: ' Société Générale & Co. ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Provisioning Infrastructure For Trust Center')).toBeInTheDocument()
    expect(api.callsTo('PUT', '/api/fs/update_provisioned')[0]?.body).toEqual({ email: 'alice@alpha-corp.example', companyName: 'Société Générale & Co.' })
    expect(api.callsTo('POST', '/api/companyinfo')[0]?.body).toEqual({ companyTitle: 'Société Générale & Co.' })
  })

  it("shows the server's refusal and stays on the form", async () => {
    storeSession({ email: 'alice@alpha-corp.example' })
    const api = mockFetch({
      'GET /api/user/company': company,
      'PUT /api/fs/update_provisioned': { status: 403, body: { status: false, message: 'Only an admin can name the company' } },
    })
    const app = renderApp('/provision')
    await waitFor(() => expect(screen.getByLabelText('Company name')).toHaveValue('Alpha Corp'))
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an admin can name the company')
    expect(api.callsTo('POST', '/api/companyinfo')).toHaveLength(0)
    expect(app.location()).toBe('/provision')
  })

  it('sends a visitor without a session to sign in', async () => {
    mockFetch({})
    const app = renderApp('/provision')
    await waitFor(() => expect(app.location()).toBe('/login'))
  })
})
