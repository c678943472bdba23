// /login/sso?ticket=…: where the provider's sign-in lands. The ticket (single use, 60 s) is taken
// out of the address bar at once and traded for the session; a failure says so in words.
import { SSO_ERROR_MESSAGES } from '@portal/contracts'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { exchangeTicket } from '../api'

export function SsoLanding() {
  const navigate = useNavigate()
  const { search } = useLocation()
  const [ticket] = useState(() => new URLSearchParams(search).get('ticket'))
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return // React's development double effect must not spend the ticket twice
    started.current = true
    navigate('/login/sso', { replace: true })
    if (!ticket) {
      setError(SSO_ERROR_MESSAGES['expired'] ?? 'Please sign in again.')
      return
    }
    exchangeTicket(ticket)
      .then(() => navigate('/dashboard', { replace: true }))
      .catch((err: unknown) => setError(errorMessage(err, 'The sign-in could not be completed. Please sign in again.')))
  }, [navigate, ticket])
  if (!error) return <Spinner label="Signing you in" />
  return (
    <div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <Link to="/login">Back to sign in</Link>
    </div>
  )
}
