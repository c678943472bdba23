import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { fill, makeToken, mockFetch, renderApp, stored } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => {
  jest.useRealTimers()
  localStorage.clear()
})

const authReply = (admin: boolean) => ({
  status: 201,
  body: {
    status: true,
    message: 'Added Successfully',
    data: { _id: 'u2', firstName: 'Fox', lastName: 'Mulder', email: 'fox@xfiles.example', admin, dbName: 'xfiles', token: makeToken(), expiresIn: 900 },
  },
})

describe('sign-up', () => {
  it('shows the password rules before the first try, ticking each as it is met (issue 25)', async () => {
    mockFetch({})
    renderApp('/signup')
    const rules = await screen.findByRole('list', { name: 'Password rules' })
    const states = () => Array.from(rules.querySelectorAll('li'), (li) => [li.textContent?.replace(/^[✓○] /, ''), li.classList.contains('met')])
    expect(states()).toEqual([
      ['At least one letter (not yet)', false],
      ['At least one number (not yet)', false],
      ['At least one special character, such as ! @ # $ % & * (not yet)', false],
      ['At least 8 characters (not yet)', false],
    ])
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-describedby', 'password-rules')
    fill('password', 'abc1')
    expect(states().map(([, met]) => met)).toEqual([true, true, false, false])
    fill('password', 'abc1!xyz')
    expect(states().map(([, met]) => met)).toEqual([true, true, true, true])
    expect(rules).toHaveTextContent('At least 8 characters (met)')
    // No error is shown before the first try.
    expect(screen.queryByText(/Password must contain/)).toBeNull()
  })

  it('shows the validation messages of spec §5', async () => {
    const api = mockFetch({})
    renderApp('/signup')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up' }))
    expect(screen.getByText('First name is required.')).toBeInTheDocument()
    expect(screen.getByText('Last name is required.')).toBeInTheDocument()
    expect(screen.getByText('Email is required.')).toBeInTheDocument()

    fill('email', 'bad@')
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    fill('password', '12345678!')
    expect(screen.getByText('Password must contain at least one letter.')).toBeInTheDocument()
    fill('password', 'abcdefgh!')
    expect(screen.getByText('Password must contain at least one number.')).toBeInTheDocument()
    fill('password', 'abcdefg1')
    expect(screen.getByText('Password must contain at least one special character.')).toBeInTheDocument()
    fill('password', 'ab1!')
    expect(screen.getByText('Password should be a minimum of 8 characters.')).toBeInTheDocument()
    fill('password', 'Winter!2026x')
    fill('cnfpassword', 'Winter!2026y')
    expect(screen.getByText('Password & confirm password should be equal.')).toBeInTheDocument()
    expect(api.fn).not.toHaveBeenCalled()
  })

  it('capitalises names, signs the new user in, asks for the company name and provisions the trust center', async () => {
    const api = mockFetch({
      'POST /api/usercreate': authReply(true),
      'GET /api/user/company': { body: { status: true, data: { companyName: 'Xfiles', provisioned: false } } },
      'PUT /api/fs/update_provisioned': { body: { success: true, message: 'Provisioning complete' } },
      'POST /api/companyinfo': { body: { status: true, message: 'Updated Successfully', data: { _id: 's1', companyTitle: 'X Files Bureau', logo: null } } },
    })
    const app = renderApp('/signup')
    await screen.findByRole('button', { name: 'Sign up' })
    fill('firstName', 'fox')
    fill('lastName', 'mulder')
    expect(document.querySelector('input[name=firstName]')).toHaveValue('Fox')
    fill('email', 'fox@xfiles.example')
    fill('password', 'Winter!2026x')
    fill('cnfpassword', 'Winter!2026x')
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    // First run: the name sign-up derived from the email domain is the default.
    expect(await screen.findByRole('heading', { name: 'Name your trust center' })).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/usercreate')[0]?.body).toEqual({
      firstName: 'Fox',
      lastName: 'Mulder',
      email: 'fox@xfiles.example',
      password: 'Winter!2026x',
      cnfpassword: 'Winter!2026x',
    })
    expect(stored('token')).toBeTruthy()
    expect(app.location()).toBe('/provision')
    const input = await screen.findByLabelText('Company name')
    await waitFor(() => expect(input).toHaveValue('Xfiles'))
    fill('companyName', 'X-Files Bureau, Inc.')
    jest.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Provisioning Infrastructure For Trust Center')).toBeInTheDocument()
    expect(api.callsTo('PUT', '/api/fs/update_provisioned')[0]?.body).toEqual({ email: 'fox@xfiles.example', companyName: 'X-Files Bureau, Inc.' })
    expect(api.callsTo('POST', '/api/companyinfo')[0]?.body).toEqual({ companyTitle: 'X-Files Bureau, Inc.' })
    await act(async () => {
      jest.advanceTimersByTime(3900)
    })
    expect(app.location()).toBe('/provision')
    await act(async () => {
      jest.advanceTimersByTime(200)
    })
    await waitFor(() => expect(app.location()).toBe('/dashboard'))
  })

  it("shows the server's message when sign-up is refused", async () => {
    mockFetch({ 'POST /api/usercreate': { status: 400, body: { status: false, message: 'Sorry, This Email is not eligible for sign up' } } })
    renderApp('/signup')
    await screen.findByRole('button', { name: 'Sign up' })
    fill('firstName', 'fox')
    fill('lastName', 'mulder')
    fill('email', 'fox@gmail.com')
    fill('password', 'Winter!2026x')
    fill('cnfpassword', 'Winter!2026x')
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('Sorry, This Email is not eligible for sign up')).toBeInTheDocument()
  })

  it('pre-fills and locks the invited email, then joins and goes to /enterprise', async () => {
    const api = mockFetch({
      'GET /api/people/invite/tok-1': { body: { status: true, data: { email: 'fox@xfiles.example' } } },
      'POST /api/usercreate/people': authReply(false),
    })
    const app = renderApp('/signup?invite=tok-1')
    await screen.findByRole('button', { name: 'Sign up' })
    const emailInput = document.querySelector('input[name=email]')
    expect(emailInput).toHaveValue('fox@xfiles.example')
    expect(emailInput).toHaveAttribute('readonly')
    fill('firstName', 'fox')
    fill('lastName', 'mulder')
    fill('password', 'Winter!2026x')
    fill('cnfpassword', 'Winter!2026x')
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(app.location()).toBe('/enterprise'))
    expect(api.callsTo('POST', '/api/usercreate/people')[0]?.body).toMatchObject({ email: 'fox@xfiles.example', inviteToken: 'tok-1' })
  })

  it('shows the server message for an invalid invite', async () => {
    mockFetch({ 'GET /api/people/invite/bad': { status: 404, body: { status: false, message: 'This invitation is invalid or has expired' } } })
    renderApp('/signup?invite=bad')
    expect(await screen.findByText('This invitation is invalid or has expired')).toBeInTheDocument()
  })
})

describe('waitlist', () => {
  it('validates, posts and confirms', async () => {
    const api = mockFetch({ 'POST /api/waitlist': { status: 201, body: { status: true } } })
    const app = renderApp('/register')
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }))
    expect(screen.getAllByText('This field is required')).toHaveLength(3)
    fill('firstName', 'Walter')
    fill('lastName', 'Skinner')
    fill('email', 'walter@fbi')
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    fill('email', 'walter@fbi.example')
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Thanks for signing up!')).toBeInTheDocument()
    expect(screen.getByText('We will review your request and get back to you as soon as possible.')).toBeInTheDocument()
    expect(app.location()).toBe('/signupconfirmation')
    expect(api.callsTo('POST', '/api/waitlist')[0]?.body).toEqual({ email: 'walter@fbi.example', firstName: 'Walter', lastName: 'Skinner' })
  })
})
