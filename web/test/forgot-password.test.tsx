import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { fill, mockFetch, renderApp } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => {
  jest.useRealTimers()
  localStorage.clear()
})

const box = (i: number) => document.querySelector<HTMLInputElement>(`input[name=otp-${i}]`)!

describe('forgot password', () => {
  it('resets the password in three steps, with a pasted code', async () => {
    jest.useFakeTimers()
    const api = mockFetch({
      'POST /api/user/forgotpassword': { body: { status: true, message: 'OTP has been sent to your email', data: { otpDigits: 4 } } },
      'POST /api/user/otpvalidation': { body: { status: true, message: 'OTP Validated Successfully', data: { resetToken: 'reset-token-of-the-validation' } } },
      'POST /api/user/changepassword': { body: { status: true, message: 'Password changed Successfully' } },
    })
    const app = renderApp('/forgot-password')

    fireEvent.click(await screen.findByRole('button', { name: 'Send OTP' }))
    expect(screen.getByText('Please enter registered Email ID.')).toBeInTheDocument()
    fill('email', 'dana@')
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    expect(screen.getByText('Please Enter valid email address')).toBeInTheDocument()
    fill('email', 'dana@xfiles.example')
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    expect(await screen.findByText('OTP has been sent to your dana@xfiles.example')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/user/forgotpassword')[0]?.body).toEqual({ email: 'dana@xfiles.example' })

    // Step 2: digits only, auto-advance, backspace goes back, paste fills all boxes.
    expect(document.querySelector('input[name=otp-4]')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    expect(screen.getByText('Please Enter 4 digit Valid OTP')).toBeInTheDocument()
    fireEvent.change(box(0), { target: { value: 'a' } })
    expect(box(0)).toHaveValue('')
    box(0).focus()
    fireEvent.change(box(0), { target: { value: '7' } })
    expect(box(0)).toHaveValue('7')
    expect(box(1)).toHaveFocus()
    fireEvent.keyDown(box(1), { key: 'Backspace' })
    expect(box(0)).toHaveFocus()
    expect(box(0)).toHaveValue('')
    fireEvent.paste(box(0), { clipboardData: { getData: () => '4821' } })
    expect([0, 1, 2, 3].map((i) => box(i).value).join('')).toBe('4821')

    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    expect(await screen.findByText('OTP Validated Successfully')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/user/otpvalidation')[0]?.body).toEqual({ otp: '4821', email: 'dana@xfiles.example' })
    expect(document.querySelector('input[name=password]')).toBeNull()
    act(() => {
      jest.advanceTimersByTime(2000)
    })

    // Step 3: new password with the sign-up rules.
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(screen.getByText('New password is required.')).toBeInTheDocument()
    expect(screen.getByText('Confirm password is required.')).toBeInTheDocument()
    fill('password', 'short1!')
    fill('cnfpassword', 'other')
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(screen.getByText('Password should be a minimum of 8 characters.')).toBeInTheDocument()
    expect(screen.getByText('Password and confirm Password not matching')).toBeInTheDocument()
    fill('password', 'Spring#2027y')
    fill('cnfpassword', 'Spring#2027y')
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Password changed Successfully')).toBeInTheDocument()
    // The reset token of the OTP step goes with the new password (in the body, never in the URL).
    expect(api.callsTo('POST', '/api/user/changepassword')[0]?.body).toEqual({
      email: 'dana@xfiles.example',
      password: 'Spring#2027y',
      cnfpassword: 'Spring#2027y',
      resetToken: 'reset-token-of-the-validation',
    })
    expect(app.location()).not.toContain('reset-token')
    act(() => {
      jest.advanceTimersByTime(2000)
    })
    await waitFor(() => expect(app.location()).toBe('/login'))
  })

  it('pre-fills the encoded email of the route and maps OTP errors', async () => {
    mockFetch({
      'POST /api/user/forgotpassword': { body: { status: true, data: { otpDigits: 6 } } },
      'POST /api/user/otpvalidation': [
        { status: 400, body: { status: false, message: 'Invalid OTP' } },
        { status: 400, body: { status: false, message: 'OTP has expired' } },
        { status: 400, body: { status: false, message: 'too many attempts' } },
      ],
    })
    renderApp(`/forgot-password/${encodeURIComponent('fox+x@xfiles.example')}`)
    await screen.findByRole('button', { name: 'Send OTP' })
    expect(document.querySelector('input[name=email]')).toHaveValue('fox+x@xfiles.example')
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    await screen.findByRole('button', { name: 'Verify OTP' })
    // The server asked for 6 digits.
    expect(document.querySelector('input[name=otp-5]')).not.toBeNull()
    fireEvent.paste(box(0), { clipboardData: { getData: () => '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    expect(await screen.findByText('Please Enter Valid OTP')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    expect(await screen.findByText("We're sorry, but your OTP has expired. Please request a new OTP to proceed.")).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }))
    expect(await screen.findByText('Too many attempts')).toBeInTheDocument()
  })
})
