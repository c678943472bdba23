/**
 * @jest-environment-options {"url": "https://acme.trust.example.com/"}
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { screen, waitFor } from '@testing-library/react'
import { mayBeSpecialDomain } from '../src/features/shell/api/check-hostname'
import { mockFetch, renderApp } from './test-utils'

const PAGE = {
  companyTitle: 'Acme',
  logo: null,
  theme: { headerColor: '#111111', backgroundColor: '#222222', textColor: '#000000', buttonColor: '#0a66c2' },
  overview: { subTitle: 'Security at Acme', description: '<p>Safe.</p>', updatedAt: '2026-11-23T00:00:00.000Z' },
  security: [],
  compliance: [],
  documents: [],
  nda: null,
  cname: 'acme',
}

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('special domain', () => {
  it('checks only host names with more than two parts (not IP addresses)', () => {
    expect(mayBeSpecialDomain('acme.trust.example.com')).toBe(true)
    expect(mayBeSpecialDomain('example.com')).toBe(false)
    expect(mayBeSpecialDomain('localhost')).toBe(false)
    expect(mayBeSpecialDomain('127.0.0.1')).toBe(false)
  })

  it('shows the trust center for any path of a special domain', async () => {
    const api = mockFetch({
      'GET /api/fs/check-hostname': { body: { status: true, isSpecialDomain: true } },
      'GET /api/trustcenteruser': { body: { status: true, data: PAGE } },
    })
    history.pushState(null, '', '/login')
    renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Security at Acme' })).toBeInTheDocument()
    expect(api.calls[0]?.path).toBe('/api/fs/check-hostname?hostname=acme.trust.example.com')
  })

  it('shows the public NDA of a special domain with its long date', async () => {
    mockFetch({
      'GET /api/fs/check-hostname': { body: { status: true, isSpecialDomain: true } },
      'GET /api/ndauser': { body: { status: true, data: { _id: 'n1', description: 'Keep it secret.', updatedAt: '2026-11-23T12:00:00.000Z', version: 1 } } },
    })
    history.pushState(null, '', '/NDA')
    renderApp('/NDA')
    expect(await screen.findByRole('heading', { name: 'Non-Disclosure Agreement' })).toBeInTheDocument()
    expect(screen.getByText('Last updated November 23, 2026')).toBeInTheDocument()
    expect(screen.getByText('Keep it secret.')).toBeInTheDocument()
    history.pushState(null, '', '/')
  })

  it('uses the normal routes after a 404', async () => {
    mockFetch({ 'GET /api/fs/check-hostname': { status: 404, body: { status: false, isSpecialDomain: false } } })
    const app = renderApp('/enterprise')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    await waitFor(() => expect(app.location()).toBe('/login'))
  })
})
