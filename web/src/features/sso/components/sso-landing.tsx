// /login/sso?ticket=…: where the provider's sign-in lands. The ticket (single use, 60 s) is taken
// out of the address bar at once and traded for the session; a failure says so in words.
import { SSO_ERROR_MESSAGES } from '@portal/contracts'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { exchangeTicket } from '../api'

export function SsoLanding() {
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return // React's development double effect must not spend the ticket twice
    started.current = true
    const ticket = new URLSearchParams(window.location.search).get('ticket')
    window.history.replaceState(null, '', '/login/sso')
    if (!ticket) {
      setError(SSO_ERROR_MESSAGES['expired'] ?? 'Please sign in again.')
      return
    }
    exchangeTicket(ticket)
      .then(() => navigate('/dashboard', { replace: true }))
      .catch((err: unknown) => setError(errorMessage(err, 'The sign-in could not be completed. Please sign in again.')))
  }, [navigate])
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
