import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { bindFields, Field, useInput } from '../../../components/ui/field'
import { FormMessage } from '../../../components/ui/form-message'
import { OTP_DIGITS, OTP_SUCCESS_MS } from '../../../config/constants'
import { ApiError, serverMessage } from '../../../lib/api-client'
import { capitalise, isEmail, passwordProblem } from '../../../lib/validation'
import { useChangePassword, useForgotPassword, useValidateOtp } from '../api/password-reset'
import { NewPasswordFields } from './account-fields'
import { OtpInput } from './otp-input'

type Notice = { kind: 'success' | 'error'; text: string } | null

const serverText = (err: unknown): string => capitalise(serverMessage(err))

function decodeEmail(value: string | undefined): string {
  if (!value) return ''
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

export function otpErrorText(err: unknown): string {
  const message = err instanceof ApiError ? err.message : ''
  if (/invalid otp/i.test(message)) return 'Please Enter Valid OTP'
  if (/otp has expired/i.test(message)) return "We're sorry, but your OTP has expired. Please request a new OTP to proceed."
  return serverText(err)
}

/** Three steps: email → OTP → new password (spec §2, §4, §5). */
export function ForgotPasswordForm() {
  const { emailValue } = useParams()
  const navigate = useNavigate()
  const [step, setStep] = useState<1 | 2 | 3>(1)
  const { value: email, setError: setEmailError, field: emailField } = useInput(decodeEmail(emailValue))
  const [otp, setOtp] = useState<string[]>(() => Array(OTP_DIGITS).fill(''))
  const [otpError, setOtpError] = useState<string | null>(null)
  const [passwords, setPasswords] = useState({ password: '', cnfpassword: '' })
  const [passwordErrors, setPasswordErrors] = useState<{ password?: string; cnfpassword?: string }>({})
  const passwordField = bindFields(passwords, passwordErrors, (key, value) => setPasswords({ ...passwords, [key]: value }))
  const [notice, setNotice] = useState<Notice>(null)
  // From the OTP step to the new-password step, in memory only: never in the URL or in storage.
  const resetToken = useRef<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const forgot = useForgotPassword()
  const validate = useValidateOtp()
  const change = useChangePassword()

  const sendOtp = () => {
    const trimmed = email.trim()
    if (!trimmed) return setEmailError('Please enter registered Email ID.')
    if (!isEmail(trimmed)) return setEmailError('Please Enter valid email address')
    setEmailError(null)
    setNotice(null)
    forgot.mutate(trimmed, {
      onSuccess: (reply) => {
        const digits = reply?.data?.otpDigits === 6 ? 6 : OTP_DIGITS
        setOtp(Array(digits).fill(''))
        setOtpError(null)
        setNotice({ kind: 'success', text: 'OTP has been sent to your ' + trimmed })
        setStep(2)
      },
      onError: (err) => setNotice({ kind: 'error', text: serverText(err) }),
    })
  }

  const onEmailSubmit = (e: FormEvent) => {
    e.preventDefault()
    sendOtp()
  }

  const onOtpSubmit = (e: FormEvent) => {
    e.preventDefault()
    const code = otp.join('')
    if (!new RegExp(`^\\d{${otp.length}}$`).test(code)) return setOtpError(`Please Enter ${otp.length} digit Valid OTP`)
    setOtpError(null)
    setNotice(null)
    validate.mutate(
      { otp: code, email: email.trim() },
      {
        onSuccess: (reply) => {
          resetToken.current = reply?.data?.resetToken ?? null
          setNotice({ kind: 'success', text: 'OTP Validated Successfully' })
          clearTimeout(timer.current)
          timer.current = setTimeout(() => {
            setNotice(null)
            setStep(3)
          }, OTP_SUCCESS_MS)
        },
        onError: (err) => setNotice({ kind: 'error', text: otpErrorText(err) }),
      },
    )
  }

  const onPasswordSubmit = (e: FormEvent) => {
    e.preventDefault()
    const { password, cnfpassword } = passwords
    const errors: { password?: string; cnfpassword?: string } = {}
    if (!password) errors.password = 'New password is required.'
    else {
      const problem = passwordProblem(password)
      if (problem) errors.password = problem
    }
    if (!cnfpassword) errors.cnfpassword = 'Confirm password is required.'
    else if (password && password !== cnfpassword) errors.cnfpassword = 'Password and confirm Password not matching'
    setPasswordErrors(errors)
    if (errors.password || errors.cnfpassword) return
    setNotice(null)
    if (!resetToken.current) return setNotice({ kind: 'error', text: "We're sorry, but your OTP has expired. Please request a new OTP to proceed." })
    change.mutate(
      { email: email.trim(), password, cnfpassword, resetToken: resetToken.current },
      {
        onSuccess: () => {
          resetToken.current = null // single use
          setNotice({ kind: 'success', text: 'Password changed Successfully' })
          clearTimeout(timer.current)
          timer.current = setTimeout(() => navigate('/login', { replace: true }), OTP_SUCCESS_MS)
        },
        onError: (err) => setNotice({ kind: 'error', text: serverText(err) }),
      },
    )
  }

  return (
    <>
      {notice && <FormMessage kind={notice.kind}>{notice.text}</FormMessage>}
      {step === 1 && (
        <form onSubmit={onEmailSubmit} noValidate>
          <Field name="email" label="Email" type="email" autoComplete="email" {...emailField} />
          <button type="submit" className="primary wide" disabled={forgot.isPending}>
            Send OTP
          </button>
        </form>
      )}
      {step === 2 && (
        <form onSubmit={onOtpSubmit} noValidate>
          <OtpInput
            value={otp}
            invalid={Boolean(otpError)}
            onChange={(next) => {
              setOtp(next)
              setOtpError(null)
            }}
          />
          {otpError && <p className="field-error">{otpError}</p>}
          <button type="submit" className="primary wide" disabled={validate.isPending}>
            Verify OTP
          </button>
          <button type="button" className="link-button" disabled={forgot.isPending} onClick={sendOtp}>
            Resend OTP
          </button>
        </form>
      )}
      {step === 3 && (
        <form onSubmit={onPasswordSubmit} noValidate>
          <NewPasswordFields field={passwordField} label="New password" />
          <button type="submit" className="primary wide" disabled={change.isPending}>
            Change Password
          </button>
        </form>
      )}
      <p className="form-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </>
  )
}
