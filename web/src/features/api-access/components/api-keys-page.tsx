import { API_SCOPES } from '@portal/contracts/api-access'
import { type FormEvent, useState } from 'react'
import { CardHeader } from '../../../components/ui/card-header'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { DataTable } from '../../../components/ui/data-table'
import { Field, useInput } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { Modal } from '../../../components/ui/modal'
import { Spinner } from '../../../components/ui/spinner'
import { serverMessage } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format-date'
import { type ApiKeyOut, useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys'
import { ShownOnce } from './shown-once'

function CreateKeyModal({ onClose }: { onClose: () => void }) {
  const { value: name, setError, field } = useInput()
  const [scopes, setScopes] = useState<string[]>([])
  const [serverError, setServerError] = useState<string | null>(null)
  const [key, setKey] = useState<string | null>(null)
  const create = useCreateApiKey()
  const toggle = (scope: string) => setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]))

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setError('Please give the key a name')
    if (!scopes.length) return setServerError('Please choose at least one scope')
    setServerError(null)
    create.mutate({ name: name.trim(), scopes }, { onSuccess: (reply) => setKey(reply.data.key), onError: (err) => setServerError(serverMessage(err)) })
  }

  return (
    <Modal title="New API key" onClose={onClose}>
      {key ? (
        <>
          <ShownOnce label="API key" value={key} />
          <div className="actions">
            <button type="button" className="primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Field name="name" label="Name" autoComplete="off" maxLength={100} {...field} />
          <fieldset>
            <legend>Scopes</legend>
            {API_SCOPES.map((scope) => (
              <label key={scope} className="checkbox">
                <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} /> {scope}
              </label>
            ))}
          </fieldset>
          <FormError>{serverError}</FormError>
          <div className="actions">
            <button type="button" className="secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create key'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}

/** Admins' API keys: create (the key shown once), list with last use, revoke. */
export function ApiKeysPage() {
  const keys = useApiKeys()
  const revoke = useRevokeApiKey()
  const [creating, setCreating] = useState(false)
  const [toRevoke, setToRevoke] = useState<ApiKeyOut | null>(null)
  return (
    <section className="card">
      <CardHeader action="New API key" onAction={() => setCreating(true)}>
        <h1>API keys</h1>
      </CardHeader>
      <p>
        Other systems call the portal's API with a key as <code>Authorization: Bearer tpk_…</code>, within the scopes it was given.
      </p>
      {keys.isPending ? (
        <Spinner label="Loading API keys" />
      ) : (
        <DataTable className="stack" columns={['Name', 'Key', 'Scopes', 'Created', 'Last used', 'Action']} rows={keys.data?.data ?? []} empty="No API keys yet">
          {(k) => (
            <tr key={k.id}>
              <td data-label="Name">{k.name}</td>
              <td data-label="Key">
                <code>{k.start}…</code>
              </td>
              <td data-label="Scopes">{k.scopes.join(', ')}</td>
              <td data-label="Created">{formatDateTime(k.createdAt)}</td>
              <td data-label="Last used">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</td>
              <td data-label="Action">
                <button className="danger small" aria-label={`Revoke ${k.name}`} onClick={() => setToRevoke(k)}>
                  Revoke
                </button>
              </td>
            </tr>
          )}
        </DataTable>
      )}
      {keys.isError && <FormError>{serverMessage(keys.error)}</FormError>}
      {creating && <CreateKeyModal onClose={() => setCreating(false)} />}
      {toRevoke && (
        <ConfirmMutation
          title="Revoke API key"
          message={`Revoke "${toRevoke.name}"? Calls with it will be refused at once.`}
          confirmLabel="Revoke"
          mutation={revoke}
          variables={toRevoke.id}
          success={(reply) => reply?.message || 'Revoked'}
          onClose={() => setToRevoke(null)}
        />
      )}
    </section>
  )
}
