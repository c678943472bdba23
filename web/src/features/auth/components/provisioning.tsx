// The first run after sign-up (/provision): the admin names the company, and so the trust center
// (sign-up prefilled the name from the email domain); then the provisioning screen shows for 4 s
// and the dashboard opens with its getting-started checklist (issue 25). Without a session there is
// nothing to provision: back to sign-in.
import { companyDisplayNameProblem, tidyCompanyDisplayName } from '@portal/contracts/company-name'
import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Field } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { Spinner } from '../../../components/ui/spinner'
import { PROVISION_WAIT_MS } from '../../../config/constants'
import { errorMessage } from '../../../lib/api-client'
import { storage } from '../../../lib/storage'
import { saveTrustCenterName, updateProvisioned, useCompanyName } from '../api/provision'

function ProvisioningWait() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), PROVISION_WAIT_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <div className="auth-page">
      <main className="auth-card center">
        <h1>Provisioning Infrastructure For Trust Center</h1>
        <Spinner label="Provisioning" />
      </main>
    </div>
  )
}

function CompanyNameForm({ email, onDone }: { email: string; onDone(): void }) {
  const company = useCompanyName(true)
  const [name, setName] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The name typed so far, else the one sign-up derived from the email domain.
  const value = name ?? company.data?.companyName ?? ''

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const problem = companyDisplayNameProblem(value) ?? null
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      // The name as the company writes it ("AcmeCloud Inc."): punctuation and accents are kept.
      const tidy = tidyCompanyDisplayName(value)
      await updateProvisioned(email, tidy)
      await saveTrustCenterName(tidy)
      onDone()
    } catch (err) {
      setFailure(errorMessage(err, 'The company name could not be saved. Please try again.'))
      setBusy(false)
    }
  }

  return (
    <div className="auth-page">
      <main className="auth-card">
        <p className="brand">Trust Portal</p>
        <h1>Name your trust center</h1>
        {company.isPending ? (
          <Spinner label="Loading your company" />
        ) : (
          <form onSubmit={submit} noValidate>
            <p className="muted">Your trust center is published under your company's name. You can change it later in Settings.</p>
            {company.isError && (
              <p className="muted" role="status">
                Your company's name could not be loaded: please type it.
              </p>
            )}
            <Field
              name="companyName"
              label="Company name"
              value={value}
              error={error}
              maxLength={120}
              autoComplete="organization"
              required
              onChange={(ev) => {
                setName(ev.target.value)
                if (error) setError(companyDisplayNameProblem(ev.target.value) ?? null)
              }}
            />
            <FormError>{failure}</FormError>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Saving…' : 'Continue'}
            </button>
          </form>
        )}
      </main>
    </div>
  )
}

export function Provisioning() {
  const navigate = useNavigate()
  const [named, setNamed] = useState(false)
  const email = storage.getAuthData()?.email
  const signedIn = Boolean(email && storage.get('token'))
  useEffect(() => {
    if (!signedIn) navigate('/login', { replace: true })
  }, [signedIn, navigate])
  if (!signedIn || !email) return null
  return named ? <ProvisioningWait /> : <CompanyNameForm email={email} onDone={() => setNamed(true)} />
}
