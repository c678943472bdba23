import { Link, useNavigate } from 'react-router-dom'
import { TitleScreen } from '../../../features/placeholders/components/title-screen'
import { useLogout } from '../../../lib/auth'

/** Inbound review page of an outside user: its own header with Logout, Terms and Privacy. */
export default function InboundReviewRoute() {
  const logout = useLogout()
  const navigate = useNavigate()
  return (
    <div className="legal-page">
      <header className="app-header">
        <span className="brand">Trust Portal</span>
        <nav className="header-links" aria-label="Inbound">
          <Link to="/terms-of-service" target="_blank" rel="noopener noreferrer">
            Terms
          </Link>
          <Link to="/privacy-policy" target="_blank" rel="noopener noreferrer">
            Privacy
          </Link>
          <button className="secondary small" onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}>
            Logout
          </button>
        </nav>
      </header>
      <main className="content">
        <TitleScreen title="Review" />
      </main>
    </div>
  )
}
