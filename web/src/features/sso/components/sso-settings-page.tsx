// Single sign-on settings (/settings/sso, admins; issue 27): the company's OIDC provider (issuer,
// client id and secret; the secret is never shown back), the redirect URI to register there, the
// domains with the TXT record that proves each and a "Verify" button, and "SSO required". SAML:
// saml-section.tsx (one provider per company: saving one replaces the other).
import type { SsoDomain } from '@portal/contracts'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Field } from '../../../components/ui/field'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useAddDomain, useRemoveDomain, useSaveOidc, useSsoPolicy, useSsoSettings, useVerifyDomain } from '../api'
import { SamlSection } from './saml-section'

const list = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)

function DomainRow({ d }: { d: SsoDomain }) {
  const verify = useVerifyDomain()
  const remove = useRemoveDomain()
  return (
    <li className="sso-domain">
      <strong>{d.domain}</strong>{' '}
      {d.verified ? (
        <span className="badge">{d.method === 'dns' ? 'Verified by DNS' : 'Verified by an admin address'}</span>
      ) : (
        <>
          <span className="badge muted">Not verified</span>
          <p className="small">
            Publish this TXT record on <code>{d.domain}</code>, then verify: <code>{d.txtRecord}</code>
          </p>
          <button type="button" onClick={() => verify.mutate(d.domain)} disabled={verify.isPending}>
            Verify {d.domain}
          </button>
        </>
      )}{' '}
      <button type="button" className="link" onClick={() => remove.mutate(d.domain)} disabled={remove.isPending}>
        Remove {d.domain}
      </button>
      {verify.isError && (
        <p className="form-error" role="alert">
          {errorMessage(verify.error, 'The domain could not be verified')}
        </p>
      )}
    </li>
  )
}

export function SsoSettingsPage() {
  const id = useId()
  const settings = useSsoSettings()
  const save = useSaveOidc()
  const addDomain = useAddDomain()
  const policy = useSsoPolicy()
  const s = settings.data
  const [form, setForm] = useState({ issuer: '', clientId: '', clientSecret: '', domains: '', adminValues: '' })
  const [newDomain, setNewDomain] = useState('')
  useEffect(() => {
    if (s)
      setForm((f) => ({
        ...f,
        issuer: s.issuer,
        clientId: s.clientId,
        domains: s.domains.map((d) => d.domain).join(', '),
        adminValues: s.adminValues.join(', '),
      }))
  }, [s])
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }))

  const onSave = (e: FormEvent) => {
    e.preventDefault()
    save.mutate({
      issuer: form.issuer.trim(),
      clientId: form.clientId.trim(),
      clientSecret: form.clientSecret,
      domains: list(form.domains),
      adminValues: list(form.adminValues),
    })
  }

  if (settings.isPending) return <Spinner label="Loading the single sign-on settings" />
  if (settings.isError)
    return (
      <p className="form-error" role="alert">
        {errorMessage(settings.error, 'The single sign-on settings could not be loaded')}
      </p>
    )
  return (
    <div className="sso-settings">
      <h1>Single sign-on</h1>
      <section className="card" aria-labelledby={`${id}-oidc`}>
        <h2 id={`${id}-oidc`}>OpenID Connect provider</h2>
        <p className="muted">
          Register this redirect URI at your provider (Entra ID, Google Workspace, Okta, Keycloak…): <code>{s?.callbackUrl}</code>
        </p>
        <form onSubmit={onSave} noValidate>
          <Field name="issuer" label="Issuer URL" value={form.issuer} onChange={set('issuer')} placeholder="https://login.example.com" />
          <Field name="clientId" label="Client ID" value={form.clientId} onChange={set('clientId')} />
          <Field
            name="clientSecret"
            label={s?.configured ? 'Client secret (enter it again to save)' : 'Client secret'}
            type="password"
            autoComplete="off"
            value={form.clientSecret}
            onChange={set('clientSecret')}
          />
          <Field name="domains" label="Email domains (comma separated)" value={form.domains} onChange={set('domains')} placeholder="example.com" />
          <Field name="adminValues" label="Groups that make a new person an admin (optional)" value={form.adminValues} onChange={set('adminValues')} />
          <div role="status" aria-live="polite">
            {save.isSuccess && <p className="form-success">Saved. Sign-in through your provider is ready for the verified domains.</p>}
            {save.isError && <p className="form-error">{errorMessage(save.error, 'The provider could not be saved')}</p>}
          </div>
          <button type="submit" className="primary" disabled={save.isPending}>
            Save provider
          </button>
        </form>
      </section>
      <SamlSection />
      <section className="card" aria-labelledby={`${id}-domains`}>
        <h2 id={`${id}-domains`}>Domains</h2>
        <p className="muted">Single sign-on applies to a domain once it is verified: by an admin's verified address on it, or by a DNS TXT record.</p>
        <ul className="sso-domains">
          {s?.domains.map((d) => (
            <DomainRow key={d.domain} d={d} />
          ))}
        </ul>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            addDomain.mutate(newDomain.trim(), { onSuccess: () => setNewDomain('') })
          }}
        >
          <Field name="newDomain" label="Add a domain" value={newDomain} onChange={(e) => setNewDomain(e.target.value)} placeholder="example.com" />
          {addDomain.isError && <p className="form-error">{errorMessage(addDomain.error, 'The domain could not be added')}</p>}
          <button type="submit" disabled={addDomain.isPending || !newDomain.trim()}>
            Add domain
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby={`${id}-policy`}>
        <h2 id={`${id}-policy`}>Require single sign-on</h2>
        <label>
          <input type="checkbox" checked={s?.ssoRequired ?? false} disabled={policy.isPending} onChange={(e) => policy.mutate(e.target.checked)} /> Refuse
          password sign-in for addresses on the verified domains (an admin with a second factor can still sign in with a password)
        </label>
        {policy.isError && <p className="form-error">{errorMessage(policy.error, 'The policy could not be changed')}</p>}
      </section>
    </div>
  )
}
