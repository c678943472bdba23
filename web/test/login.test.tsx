import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { makeToken, mockFetch, renderApp, stored, USER } from './test-utils'

const loginReply = () => ({
  body: { status: true, data: { ...USER, inboundUser: false, token: makeToken(), expiresIn: 900 }, themesettings: { buttonColor: '#123456' } },
})

beforeEach(() => localStorage.clear())
afterEach(() => {
  jest.useRealTimers()
  localStorage.clear()
})

const email = () => screen.getByRole('textbox', { name: 'Email' })

describe('sign-in', () => {
  it('asks for the email first, then reveals the password and signs in', async () => {
    const api = mockFetch({ 'POST /api/userlogin': loginReply() })
    const app = renderApp('/login')
    await screen.findByRole('heading', { name: 'Sign in' })
    expect(document.querySelector('input[name=password]')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument()

    fireEvent.change(email(), { target: { value: 'not-an-email' } })
    fireEvent.submit(email().closest('form')!)
    expect(screen.getByText('Please enter valid email.')).toBeInTheDocument()

    fireEvent.change(email(), { target: { value: 'dana@xfiles.example' } })
    fireEvent.submit(email().closest('form')!)
    const password = await screen.findByLabelText('Password')
    expect(password).toHaveAttribute('name', 'password')

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument()

    fireEvent.change(password, { target: { value: 'Winter!2026x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(app.location()).toBe('/dashboard'))
    expect(api.callsTo('POST', '/api/userlogin')[0]?.body).toEqual({ email: 'dana@xfiles.example', password: 'Winter!2026x' })
    expect(stored('token')).toMatch(/\./)
    expect(stored('dbName')).toBe('xfiles')
    expect(JSON.parse(stored('authData') ?? '{}')).toMatchObject({ _id: 'u1', admin: true })
    expect(stored('authData')).not.toContain('token')
  })

  it('goes to the saved return URL after sign-in', async () => {
    localStorage.setItem('tp.appVersion', '1.22')
    localStorage.setItem('tp.returnUrl', '/outbound?page=2')
    mockFetch({ 'POST /api/userlogin': loginReply() })
    const app = renderApp('/login')
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'dana@xfiles.example' } })
    fireEvent.submit(email().closest('form')!)
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(app.location()).toBe('/outbound?page=2'))
    expect(stored('returnUrl')).toBeNull()
  })

  it("shows 'Invalid username or password' for 3 seconds", async () => {
    jest.useFakeTimers()
    mockFetch({ 'POST /api/userlogin': { status: 400, body: { status: false, message: 'Invalid credentials' } } })
    renderApp('/login')
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'dana@xfiles.example' } })
    fireEvent.submit(email().closest('form')!)
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument()
    act(() => {
      jest.advanceTimersByTime(2900)
    })
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument()
    act(() => {
      jest.advanceTimersByTime(200)
    })
    expect(screen.queryByText('Invalid username or password')).not.toBeInTheDocument()
  })

  it("shows the server's message on 429", async () => {
    mockFetch({ 'POST /api/userlogin': { status: 429, body: { status: false, message: 'Too many failed sign-in attempts. Please try again later.' } } })
    renderApp('/login')
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'dana@xfiles.example' } })
    fireEvent.submit(email().closest('form')!)
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Too many failed sign-in attempts. Please try again later.')).toBeInTheDocument()
  })

  it('links to sign-up and forgot password', async () => {
    mockFetch({})
    renderApp('/login')
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
  })
})
