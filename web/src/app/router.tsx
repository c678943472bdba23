// Route table of spec §2. Three route sets: special (trust-center-only) domains, inbound users, and
// the normal app. Every screen is lazy-loaded so the first load stays small.
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react'
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import { Spinner } from '../components/ui/spinner'
import { mayBeSpecialDomain, useCheckHostname } from '../features/shell/api/check-hostname'
import { setRouterBridge } from '../lib/api-client'
import { consumeLoggedOut, type RenewalStatus, useSession, useTokenRenewal } from '../lib/auth'
import { useDraftOwner } from '../lib/drafts'
import { storage } from '../lib/storage'

const Login = lazy(() => import('./routes/auth/login'))
const SignUp = lazy(() => import('./routes/auth/signup'))
const Register = lazy(() => import('./routes/auth/register'))
const SignUpConfirmation = lazy(() => import('./routes/auth/signup-confirmation'))
const Provision = lazy(() => import('./routes/auth/provision'))
const ForgotPassword = lazy(() => import('./routes/auth/forgot-password'))
const VerifyEmail = lazy(() => import('./routes/auth/verify-email'))
const LoginSso = lazy(() => import('./routes/auth/login-sso'))
const SsoSettings = lazy(() => import('./routes/app/sso-settings'))
const Profile = lazy(() => import('./routes/app/profile'))
const People = lazy(() => import('./routes/app/people'))
const ApiKeys = lazy(() => import('./routes/app/api-keys'))
const Webhooks = lazy(() => import('./routes/app/webhooks'))
const Audit = lazy(() => import('./routes/app/audit'))
const Title = lazy(() => import('./routes/app/title'))
const Dashboard = lazy(() => import('./routes/app/dashboard'))
const Clients = lazy(() => import('./routes/app/clients'))
const VendorDetails = lazy(() => import('./routes/app/vendor-details'))
const Review = lazy(() => import('./routes/app/review'))
const AnswerTest = lazy(() => import('./routes/app/answer-test'))
const AnswerLibrary = lazy(() => import('./routes/app/answer-library'))
const KnowledgeBase = lazy(() => import('./routes/app/knowledge-base'))
const DrafterSettings = lazy(() => import('./routes/app/drafter-settings'))
const Outbound = lazy(() => import('./routes/app/outbound'))
const OutboundReview = lazy(() => import('./routes/app/outbound-review'))
const Terms = lazy(() => import('./routes/legal/terms-of-service'))
const Privacy = lazy(() => import('./routes/legal/privacy-policy'))
const InboundReview = lazy(() => import('./routes/public/inbound-review'))
const TrustCenter = lazy(() => import('./routes/public/trust-center'))
const PublicTrustCenter = lazy(() => import('../public-trust/public-app').then((m) => ({ default: m.PublicApp })))
const Editor = lazy(() => import('./routes/app/editor'))
const Settings = lazy(() => import('./routes/app/settings'))
const NdaEditor = lazy(() => import('./routes/app/nda-editor'))
const AccessRequests = lazy(() => import('./routes/app/access-requests'))
const AppLayout = lazy(() => import('../features/shell/components/app-layout').then((m) => ({ default: m.AppLayout })))

/** Lets the API client navigate inside the SPA and read the current path for returnUrl. */
function useRouterBridge(): void {
  const navigate = useNavigate()
  const location = useLocation()
  const current = useRef(location)
  current.current = location
  useEffect(() => {
    setRouterBridge({
      navigate: (to) => navigate(to, { replace: true }),
      currentPath: () => current.current.pathname + current.current.search,
    })
  }, [navigate])
}

/** Sends to /login (clearing a dead session first); the original path travels in the location state. */
function RedirectToLogin({ clear }: { clear: boolean }) {
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    if (clear) storage.clear()
    const state = consumeLoggedOut() ? null : { from: location.pathname + location.search }
    navigate('/login', { replace: true, state })
  }, [clear, navigate, location])
  return null
}

/**
 * The guard: a stored token the server still renews. An expired one is renewed silently (by
 * useTokenRenewal); a screen already shown stays mounted meanwhile, so nothing typed is lost, and
 * only a refusal sends the user to sign in.
 */
function RequireAuth({ renewal }: { renewal: RenewalStatus }) {
  const { token, valid } = useSession()
  const shown = useRef(false)
  if (!token) return <RedirectToLogin clear={false} />
  if (renewal === 'rejected') return <RedirectToLogin clear />
  if (valid || shown.current) {
    shown.current = true
    return <Outlet />
  }
  return <Spinner label={renewal === 'offline' ? 'The server cannot be reached: retrying' : 'Renewing session'} />
}

/** On a special host the gateway serves the public bundle (trust.html); this covers the console
 * reaching one anyway (a host published after the page loaded): the same public app, by path. */
function SpecialDomainRoutes() {
  return <PublicTrustCenter />
}

/** The outbound id of an inbound user: from the current URL first, else from the stored auth data
 * (its emailed link's capability when known, which the inbound page keeps in the address). */
export function inboundIdFrom(pathname: string, search: string, storedId: string | undefined): string | null {
  const fromPath = pathname.match(/\/(?:inbound|outbound)\/review\/([^/?#]+)/)?.[1]
  const query = new URLSearchParams(search)
  return fromPath ?? query.get('outboundId') ?? query.get('id') ?? storedId ?? null
}

function InboundRedirect() {
  const { pathname, search } = useLocation()
  const { authData } = useSession()
  const id = inboundIdFrom(pathname, search, authData?.inboundLink ?? authData?.outboundId)
  if (!id) return <InboundReview />
  return <Navigate to={`/inbound/review/${encodeURIComponent(id)}`} replace />
}

function InboundRoutes() {
  return (
    <Routes>
      <Route path="/inbound/review/:id" element={<InboundReview />} />
      <Route path="*" element={<InboundRedirect />} />
    </Routes>
  )
}

function MainRoutes({ admin, renewal }: { admin: boolean; renewal: RenewalStatus }) {
  return (
    <Routes>
      <Route path="/terms-of-service" element={<Terms />} />
      <Route path="/privacy-policy" element={<Privacy />} />
      <Route path="/login" element={<Login />} />
      <Route path="/login/sso" element={<LoginSso />} />
      <Route path="/forgot-password" element={<ForgotPassword />} />
      <Route path="/forgot-password/:emailValue" element={<ForgotPassword />} />
      <Route path="/signup" element={<SignUp />} />
      <Route path="/provision" element={<Provision />} />
      <Route path="/signupconfirmation" element={<SignUpConfirmation />} />
      <Route path="/register" element={<Register />} />
      <Route path="/verify-email" element={<VerifyEmail />} />
      <Route path="/inbound/review/:id" element={<InboundReview />} />
      <Route element={<RequireAuth renewal={renewal} />}>
        <Route path="/trust-center" element={<TrustCenter />} />
        <Route path="/trust-center/:userId" element={<TrustCenter />} />
        <Route element={<AppLayout />}>
          <Route index element={<Dashboard />} />
          <Route path="/main" element={<Clients />} />
          <Route path="/enterprise" element={<Clients />} />
          <Route path="/enterprise-vendor-details" element={<VendorDetails />} />
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/account" element={<AccessRequests />} />
          <Route path="/trust-center-editor" element={<Editor />} />
          <Route path="/profile" element={<Profile />} />
          <Route path="/settings" element={<Settings />} />
          <Route path="/settings/drafter" element={<DrafterSettings />} />
          <Route path="/enterprise-apps/review/:questionnareId" element={<Review />} />
          <Route path="/enterprise-review/:questionnareId" element={<Review />} />
          <Route path="/ai-questionnaire-auto-complete" element={<Title title="Coming soon..." />} />
          <Route path="/responsellm" element={<AnswerTest />} />
          <Route path="/answer-library" element={<AnswerLibrary />} />
          <Route path="/knowledge-base" element={<KnowledgeBase />} />
          <Route path="/NDA/addNDA" element={<NdaEditor />} />
          <Route path="/outbound" element={<Outbound />} />
          <Route path="/outbound/review/:id" element={<OutboundReview />} />
          {admin && <Route path="/people" element={<People />} />}
          {admin && <Route path="/settings/sso" element={<SsoSettings />} />}
          {admin && <Route path="/settings/api-keys" element={<ApiKeys />} />}
          {admin && <Route path="/settings/webhooks" element={<Webhooks />} />}
          {admin && <Route path="/audit-log" element={<Audit />} />}
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  )
}

export function AppRoutes() {
  useRouterBridge()
  const session = useSession()
  // Expired tokens too: after a sleep the renewal is what brings the session back.
  const renewal = useTokenRenewal(session.token)
  useDraftOwner()
  const hostname = window.location.hostname
  const check = useCheckHostname(hostname)

  let routes: ReactNode
  if (mayBeSpecialDomain(hostname) && check.isPending) routes = <div className="blank" aria-busy="true" />
  else if (check.data?.isSpecialDomain === true) routes = <SpecialDomainRoutes />
  else if (session.authData?.inboundUser) routes = <InboundRoutes />
  else routes = <MainRoutes admin={session.authData?.admin === true} renewal={renewal} />
  return <Suspense fallback={<Spinner />}>{routes}</Suspense>
}
