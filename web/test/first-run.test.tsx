import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

const company = { body: { status: true, data: { companyName: 'Alpha Corp', provisioned: false } } }

describe('first run: the company name', () => {
  it('prefills the domain-derived name and checks the rules of spec §5 before saving', async () => {
    storeSession({ email: 'alice@alpha-corp.example' })
    const api = mockFetch({ 'GET /api/user/company': company })
    renderApp('/provision')
    const input = await screen.findByLabelText('Company name')
    await waitFor(() => expect(input).toHaveValue('Alpha Corp'))
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    for (const [typed, message] of [
      ['', 'This field is required'],
      [' Alpha', 'Company name cannot have leading or trailing whitespace.'],
      ['Al', 'Company name must be between 3 and 63 characters.'],
      ['A'.repeat(64), 'Company name must be between 3 and 63 characters.'],
      ['Alpha & Co', 'Company name can only contain alphabets, numbers, and spaces.'],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } })
      submit()
      expect(await screen.findByText(message)).toBeInTheDocument()
      expect(input).toHaveAttribute('aria-invalid', 'true')
    }
    expect(api.callsTo('PUT', '/api/fs/update_provisioned')).toHaveLength(0)
    expect(api.callsTo('POST', '/api/companyinfo')).toHaveLength(0)
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
