/**
 * @jest-environment-options {"url": "https://acme.trust.example.com/"}
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { screen, waitFor } from '@testing-library/react'
import { mayBeSpecialDomain } from '../src/features/shell/api/check-hostname'
import { mockFetch, renderApp } from './test-utils'

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
    const api = mockFetch({ 'GET /api/fs/check-hostname': { body: { status: true, isSpecialDomain: true } } })
    renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Trust Center' })).toBeInTheDocument()
    expect(api.calls[0]?.path).toBe('/api/fs/check-hostname?hostname=acme.trust.example.com')
  })

  it('shows the public NDA and legal pages of a special domain', async () => {
    mockFetch({ 'GET /api/fs/check-hostname': { body: { status: true, isSpecialDomain: true } } })
    renderApp('/NDA')
    expect(await screen.findByRole('heading', { name: 'NDA' })).toBeInTheDocument()
  })

  it('uses the normal routes after a 404', async () => {
    mockFetch({ 'GET /api/fs/check-hostname': { status: 404, body: { status: false, isSpecialDomain: false } } })
    const app = renderApp('/enterprise')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    await waitFor(() => expect(app.location()).toBe('/login'))
  })
})
