// /inbound/review/:capability (spec §2, docs/outbound-api.md): the recipient's page. The emailed
// link's capability is exchanged for a restricted session, stored as a sign-in stores one (so every
// call carries its bearer and DbName), and exchanged again before it expires or after a 401 (lib/
// api-client). The capability stays in the address. 404: the link is not valid; 410: it expired or
// was revoked.
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { FormError } from '../../../components/ui/form-message'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage, exchangeInboundLink, recentInboundEnds } from '../../../lib/api-client'
import { consumeLoggedOut, useLogout, useSession } from '../../../lib/auth'
import { TEXT } from '../api/text'
import { QuestionnaireReview } from './questionnaire-review'

// No Logout here: the recipient holds a link, not an account (issue 25); closing the tab is enough.
function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="legal-page inbound-page">
      <header className="app-header">
        <span className="brand">Trust Portal</span>
        <nav className="header-links" aria-label="Inbound">
          <Link to="/terms-of-service" target="_blank" rel="noopener noreferrer">
            Terms
          </Link>
          <Link to="/privacy-policy" target="_blank" rel="noopener noreferrer">
            Privacy
          </Link>
        </nav>
      </header>
      <main id="main" className="content">
        {children}
      </main>
    </div>
  )
}

function LinkProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0
  if (status === 404)
    return (
      <div className="card link-problem">
        <h1>This link is not valid</h1>
        <p className="muted">Check that you opened the whole link from the email.</p>
      </div>
    )
  if (status === 410)
    return (
      <div className="card link-problem">
        <h1>{TEXT.linkExpired}</h1>
      </div>
    )
  return (
    <div className="card link-problem">
      <h1>Review</h1>
      <FormError>
        {status === 429
          ? errorMessage(error, 'Too many tries. Please wait a minute and try again.')
          : errorMessage(error, 'The questionnaire could not be opened. Please try again.')}
      </FormError>
      <div className="actions">
        <button className="primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  )
}

export function InboundReviewPage() {
  const { id: capability = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { token, authData } = useSession()
  const logout = useLogout()
  // This browser already holds this link's session (reached by the link, or by its outbound's id).
  const mine = authData?.inboundUser === true && Boolean(authData.outboundId) && (capability === authData.inboundLink || capability === authData.outboundId)
  // Someone signed in to the console opened a recipient's link here.
  const staff = Boolean(token) && authData?.inboundUser !== true
  // Sessions that keep ending at once (the server refuses the tokens it just gave): ask before trying again.
  const [stalled, setStalled] = useState(() => recentInboundEnds() >= 3)

  const exchange = useQuery({
    queryKey: ['inbound-link', capability],
    enabled: Boolean(capability) && !mine && !staff && !stalled,
    queryFn: () => exchangeInboundLink(capability),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  })

  // The address keeps the link's capability (not the outbound's id) whichever way the page was reached.
  const link = mine ? authData?.inboundLink : undefined
  useEffect(() => {
    if (link && capability !== link) navigate(`/inbound/review/${encodeURIComponent(link)}${location.search}`, { replace: true })
  }, [link, capability, location.search, navigate])

  const openAgain = () => navigate(location.pathname, { replace: true, state: null })

  if (!capability)
    return (
      <Shell>
        <LinkProblem error={new ApiError(404, 'This link is not valid')} onRetry={openAgain} />
      </Shell>
    )
  if (mine && authData?.outboundId)
    return (
      <Shell>
        <QuestionnaireReview mode="inbound" outboundId={authData.outboundId} />
      </Shell>
    )
  if (staff)
    return (
      <Shell>
        <div className="card link-problem">
          <h1>Review</h1>
          <p>You are signed in to the console in this browser. Opening this questionnaire as its recipient signs you out of the console here.</p>
          <div className="actions">
            <Link className="button-link" to="/outbound">
              Back to the console
            </Link>
            <button className="primary" disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: () => void consumeLoggedOut() })}>
              Sign out and open
            </button>
          </div>
        </div>
      </Shell>
    )
  if (stalled && !mine)
    return (
      <Shell>
        <LinkProblem error={new ApiError(0, 'The questionnaire could not be opened. Please try again.')} onRetry={() => setStalled(false)} />
      </Shell>
    )
  if (exchange.isError)
    return (
      <Shell>
        <LinkProblem error={exchange.error} onRetry={() => void exchange.refetch()} />
      </Shell>
    )
  return (
    <Shell>
      <h1>Review</h1>
      <Spinner label="Opening the questionnaire" />
    </Shell>
  )
}
