import { SSO_ERROR_MESSAGES } from '@portal/contracts'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Field, useInput } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { LOGIN_ERROR_MS } from '../../../config/constants'
import { ApiError, serverMessage } from '../../../lib/api-client'
import { storage } from '../../../lib/storage'
import { isEmail } from '../../../lib/validation'
import { discoverSso, ssoStartUrl } from '../../sso/api'
import { challengeIn, type MfaChallenge } from '../../mfa/api/mfa'
import { SecondFactorStep } from '../../mfa/components/second-factor-step'
import { useLogin } from '../api/login'

/** Only same-origin paths are followed after sign-in (no open redirect through returnUrl). */
export function safeReturnPath(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : null
}

export function LoginForm() {
  const navigate = useNavigate()
  const location = useLocation()
  const { value: email, setError: setEmailError, field: emailField } = useInput()
  const { value: password, setError: setPasswordError, field: passwordField } = useInput()
  const [showPassword, setShowPassword] = useState(false)
  // A single sign-on that failed comes back as /login?sso_error=<code>: said in words.
  const [serverError, setServerError] = useState<string | null>(() => SSO_ERROR_MESSAGES[new URLSearchParams(location.search).get('sso_error') ?? ''] ?? null)
  const [discovering, setDiscovering] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const loginMutation = useLogin()
  // A sign-in (or an invited sign-up, which navigates here with it) that asks for the second factor.
  const [challenge, setChallenge] = useState<MfaChallenge | undefined>(() => challengeIn({ data: (location.state as { mfa?: unknown } | null)?.mfa }))
  useEffect(() => () => clearTimeout(timer.current), [])

  const showError = (message: string) => {
    setServerError(message)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setServerError(null), LOGIN_ERROR_MS)
  }

  const goOn = () => {
    const saved = safeReturnPath(storage.get('returnUrl'))
    storage.remove('returnUrl')
    const from = safeReturnPath((location.state as { from?: unknown } | null)?.from)
    navigate(saved ?? from ?? '/dashboard', { replace: true }) // the dashboard is home (issue 25)
  }

  const checkEmail = (): boolean => {
    if (!email.trim()) {
      setEmailError('Please enter your email address.')
      return false
    }
    if (!isEmail(email)) {
      setEmailError('Please enter valid email.')
      return false
    }
    setEmailError(null)
    return true
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!checkEmail()) return
    if (!showPassword) {
      // Email first: a company with single sign-on on this domain signs its people in at its provider.
      setDiscovering(true)
      discoverSso(email.trim())
        .then((sso) => (sso ? window.location.assign(ssoStartUrl(email.trim())) : setShowPassword(true)))
        .catch(() => setShowPassword(true))
        .finally(() => setDiscovering(false))
      return
    }
    if (!password) {
      setPasswordError('Please enter your password.')
      return
    }
    setPasswordError(null)
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (reply) => {
          const second = challengeIn(reply)
          if (second) return setChallenge(second)
          if (!reply?.status || !('token' in reply.data)) return showError('Invalid username or password')
          goOn()
        },
        onError: (err) =>
          showError(
            err instanceof ApiError && (err.status === 429 || err.status === 403)
              ? serverMessage(err, 'Invalid username or password')
              : 'Invalid username or password',
          ),
      },
    )
  }

  if (challenge) return <SecondFactorStep challenge={challenge} onDone={goOn} />

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field name="email" label="Email" type="email" autoComplete="username" {...emailField} />
      {showPassword && <Field name="password" label="Password" type="password" autoComplete="current-password" autoFocus {...passwordField} />}
      <FormError>{serverError}</FormError>
      <button type="submit" className="primary wide" disabled={loginMutation.isPending || discovering}>
        {showPassword ? 'Sign in' : 'Continue'}
      </button>
      <p className="form-links">
        <Link to={email && isEmail(email) ? `/forgot-password/${encodeURIComponent(email.trim())}` : '/forgot-password'}>Forgot password?</Link>
        <span>
          Don't have an account? <Link to="/signup">Sign up</Link>
        </span>
      </p>
    </form>
  )
}
