// The SAML part of the SSO settings (issue 27): what to give the IdP (our SP metadata URL, entity id
// and ACS URL), the IdP's metadata XML to upload (a file or pasted), the domains, and the attributes
// read. A company has one provider: saving SAML replaces the OIDC one. Everything shown is text.
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Field } from '../../../components/ui/field'
import { errorMessage } from '../../../lib/api-client'
import { useRemoveSaml, useSamlSettings, useSaveSaml } from '../api'

const list = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)

export function SamlSection() {
  const id = useId()
  const settings = useSamlSettings()
  const save = useSaveSaml()
  const remove = useRemoveSaml()
  const s = settings.data
  const [form, setForm] = useState({ idpMetadataXml: '', domains: '', emailAttribute: '', roleAttribute: '', adminValues: '' })
  useEffect(() => {
    if (s)
      setForm((f) => ({
        ...f,
        domains: s.domains.map((d) => d.domain).join(', '),
        emailAttribute: s.emailAttribute ?? '',
        roleAttribute: s.roleAttribute,
        adminValues: s.adminValues.join(', '),
      }))
  }, [s])
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }))

  const onFile = async (file: File | undefined) => {
    if (!file) return
    const xml = await file.text()
    setForm((f) => ({ ...f, idpMetadataXml: xml }))
  }
  const onSave = (e: FormEvent) => {
    e.preventDefault()
    save.mutate({
      idpMetadataXml: form.idpMetadataXml,
      domains: list(form.domains),
      ...(form.emailAttribute.trim() ? { emailAttribute: form.emailAttribute.trim() } : {}),
      ...(form.roleAttribute.trim() ? { roleAttribute: form.roleAttribute.trim() } : {}),
      adminValues: list(form.adminValues),
    })
  }

  if (settings.isPending) return null
  if (settings.isError)
    return (
      <p className="form-error" role="alert">
        {errorMessage(settings.error, 'The SAML settings could not be loaded')}
      </p>
    )
  return (
    <section className="card" aria-labelledby={`${id}-saml`}>
      <h2 id={`${id}-saml`}>SAML 2.0 identity provider</h2>
      <p className="muted">Give your IdP (Entra ID, Okta, Google Workspace, ADFS, Keycloak…) these values, or the metadata URL:</p>
      <dl className="sso-sp">
        <dt>SP metadata URL</dt>
        <dd>
          <code>{s?.metadataUrl}</code>
        </dd>
        <dt>Entity ID (audience)</dt>
        <dd>
          <code>{s?.entityId}</code>
        </dd>
        <dt>ACS URL (HTTP-POST)</dt>
        <dd>
          <code>{s?.acsUrl}</code>
        </dd>
      </dl>
      {s?.configured && (
        <p>
          In use: <code>{s.idpEntityId}</code>, signing certificate{s.certificates.length > 1 ? 's' : ''}{' '}
          {s.certificates.map((c) => `${c.subject} (valid to ${c.validTo.slice(0, 10)})`).join(', ')}.{' '}
          <button type="button" className="link" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove the SAML provider
          </button>
        </p>
      )}
      <form onSubmit={onSave} noValidate>
        <label htmlFor={`${id}-file`}>IdP metadata file (XML)</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <label htmlFor={`${id}-xml`}>or paste the IdP metadata</label>
        <textarea id={`${id}-xml`} name="idpMetadataXml" rows={5} value={form.idpMetadataXml} onChange={set('idpMetadataXml')} spellCheck={false} />
        <Field name="samlDomains" label="Email domains (comma separated)" value={form.domains} onChange={set('domains')} placeholder="example.com" />
        <Field
          name="emailAttribute"
          label="Email attribute (empty: the NameID, emailAddress format)"
          value={form.emailAttribute}
          onChange={set('emailAttribute')}
        />
        <Field name="roleAttribute" label="Groups attribute" value={form.roleAttribute} onChange={set('roleAttribute')} placeholder="groups" />
        <Field name="samlAdminValues" label="Groups that make a new person an admin (optional)" value={form.adminValues} onChange={set('adminValues')} />
        <div role="status" aria-live="polite">
          {save.isSuccess && <p className="form-success">Saved. Sign-in through your SAML provider is ready for the verified domains.</p>}
          {save.isError && <p className="form-error">{errorMessage(save.error, 'The SAML provider could not be saved')}</p>}
        </div>
        <button type="submit" className="primary" disabled={save.isPending || !form.idpMetadataXml.trim()}>
          Save SAML provider
        </button>
      </form>
    </section>
  )
}
