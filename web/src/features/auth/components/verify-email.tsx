import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { FormMessage } from '../../../components/ui/form-message'
import { serverMessage } from '../../../lib/api-client'
import { Spinner } from '../../../components/ui/spinner'
import { useSession } from '../../../lib/auth'
import { useVerifyEmail } from '../api/verify-email'

const NO_TOKEN = 'This page needs the link from your email. Open the link we sent you, or sign in and use "Resend the link".'

const errorText = (err: unknown): string => serverMessage(err, 'We could not verify your address. Please try the link again in a moment.')

/**
 * The page of the emailed link: posts its token once, says what happened in words, and then takes the
 * token out of the address bar (history.replaceState, through the router) so that it is neither kept
 * in the history nor sent again.
 */
export function VerifyEmail() {
  const location = useLocation()
  const navigate = useNavigate()
  const { valid } = useSession()
  const [token] = useState(() => new URLSearchParams(location.search).get('token')) // read once
  const verify = useVerifyEmail()
  const started = useRef(false)

  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    verify.mutate(token)
  }, [token, verify])

  const settled = verify.isSuccess || verify.isError
  useEffect(() => {
    if (settled && location.search) navigate({ pathname: location.pathname, search: '' }, { replace: true })
  }, [settled, location.search, location.pathname, navigate])

  if (token && !settled) return <Spinner label="Verifying your email address" />
  const ok = verify.isSuccess
  const text = !token ? NO_TOKEN : ok ? verify.data?.message || 'Your email address is verified.' : errorText(verify.error)
  return (
    <>
      <FormMessage kind={ok ? 'success' : 'error'}>{text}</FormMessage>
      <p className="form-links">{valid ? <Link to="/dashboard">Continue to the portal</Link> : <Link to="/login">Sign in</Link>}</p>
    </>
  )
}
