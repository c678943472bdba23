// SCIM provisioning in the company settings (admins, issue 27): the URL to give the identity provider,
// a token shown once (copy it now; a new one replaces the old at once), its revocation, and the name
// of the provider's group whose members are admins. Text is rendered as text, never as HTML.
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field } from '../../../components/ui/field'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format-date'
import { useNewScimToken, useRevokeScimToken, useSaveAdminGroup, useScimSettings } from '../api'

export function ScimCard() {
  const settings = useScimSettings()
  const newToken = useNewScimToken()
  const revoke = useRevokeScimToken()
  const saveGroup = useSaveAdminGroup()
  const { toast } = useNotifications()
  const [token, setToken] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null)
  const [group, setGroup] = useState('')
  useEffect(() => {
    if (settings.data) setGroup(settings.data.adminGroup)
  }, [settings.data])

  if (settings.isPending) return <Spinner label="Loading SCIM provisioning" />
  if (settings.isError)
    return (
      <div className="card" role="alert">
        <p>{`SCIM provisioning could not be loaded. ${errorMessage(settings.error, '')}`.trim()}</p>
      </div>
    )
  const { enabled, endpoint, tokenCreatedAt, tokenLastUsedAt } = settings.data

  const generate = () =>
    newToken.mutate(undefined, {
      onSuccess: (value) => {
        setConfirming(null)
        setToken(value)
      },
      onError: (err) => toast('error', errorMessage(err, 'A SCIM token could not be created. Please try again.')),
    })

  return (
    <section className="card scim-card" aria-labelledby="scim-title">
      <h2 id="scim-title">SCIM provisioning</h2>
      <p>
        Let your identity provider (Microsoft Entra ID, Okta) create, update and remove your members. Give it this URL and a token; removing someone there ends
        their sessions here at once.
      </p>
      <Field name="scim-endpoint" label="SCIM endpoint URL (Tenant URL / SCIM connector base URL)" value={endpoint} readOnly />
      <p className="muted">
        {enabled
          ? `A token is active, created ${tokenCreatedAt ? formatDateTime(tokenCreatedAt) : ''}${tokenLastUsedAt ? `, last used ${formatDateTime(tokenLastUsedAt)}` : ', not used yet'}.`
          : 'No token is active: provisioning is off.'}
      </p>
      {token && (
        <div className="scim-token" role="status">
          <Field
            name="scim-token"
            label="Your new SCIM token (copy it now: it will not be shown again)"
            value={token}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="actions">
            <button
              type="button"
              onClick={() =>
                navigator.clipboard
                  .writeText(token)
                  .then(() => toast('success', 'Token copied'))
                  .catch(() => toast('error', 'Copy failed: select the token and copy it'))
              }
            >
              Copy token
            </button>
            <button type="button" onClick={() => setToken(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={newToken.isPending}
          aria-busy={newToken.isPending || undefined}
          onClick={() => (enabled ? setConfirming('replace') : generate())}
        >
          {enabled ? 'Generate a new token' : 'Generate token'}
        </button>
        {enabled && (
          <button type="button" className="danger" onClick={() => setConfirming('revoke')}>
            Revoke token
          </button>
        )}
      </div>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault()
          saveGroup.mutate(group.trim(), {
            onSuccess: () => toast('success', 'Admin group saved'),
            onError: (err) => toast('error', errorMessage(err, 'The admin group could not be saved. Please try again.')),
          })
        }}
      >
        <Field
          name="scim-admin-group"
          label="Members of this provider group are admins"
          value={group}
          maxLength={256}
          required
          onChange={(e) => setGroup(e.target.value)}
        />
        <div className="actions">
          <button type="submit" disabled={saveGroup.isPending || !group.trim()} aria-busy={saveGroup.isPending || undefined}>
            Save admin group
          </button>
        </div>
      </form>
      {confirming === 'replace' && (
        <ConfirmDialog
          title="Replace the SCIM token?"
          message="The current token stops working at once: paste the new one into your identity provider."
          confirmLabel="Generate a new token"
          busy={newToken.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={generate}
        />
      )}
      {confirming === 'revoke' && (
        <ConfirmDialog
          title="Revoke the SCIM token?"
          message="Your identity provider can no longer provision members until you generate a new token."
          confirmLabel="Revoke token"
          busy={revoke.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            revoke.mutate(undefined, {
              onSuccess: () => {
                setConfirming(null)
                setToken(null)
                toast('success', 'SCIM token revoked')
              },
              onError: (err) => toast('error', errorMessage(err, 'The SCIM token could not be revoked. Please try again.')),
            })
          }
        />
      )}
    </section>
  )
}
