import { WEBHOOK_EVENTS } from '@portal/contracts/api-access'
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
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useReplay, type WebhookOut } from '../api/webhooks'
import { ShownOnce } from './shown-once'

function CreateWebhookModal({ onClose }: { onClose: () => void }) {
  const { value: url, setError, field } = useInput()
  const [events, setEvents] = useState<string[]>([])
  const [serverError, setServerError] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const create = useCreateWebhook()
  const toggle = (event: string) => setEvents((s) => (s.includes(event) ? s.filter((x) => x !== event) : [...s, event]))

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!url.trim()) return setError('Please enter the URL that receives the events')
    if (!events.length) return setServerError('Please choose at least one event')
    setServerError(null)
    create.mutate({ url: url.trim(), events }, { onSuccess: (reply) => setSecret(reply.data.secret), onError: (err) => setServerError(serverMessage(err)) })
  }

  return (
    <Modal title="New webhook" onClose={onClose}>
      {secret ? (
        <>
          <ShownOnce label="Signing secret" value={secret} />
          <p>Each delivery carries X-Portal-Signature: t=…,v1=HMAC-SHA256(secret, "t.body"); check it before trusting the body.</p>
          <div className="actions">
            <button type="button" className="primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Field name="url" label="URL" type="url" autoComplete="off" maxLength={2000} {...field} />
          <fieldset>
            <legend>Events</legend>
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="checkbox">
                <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} /> {event}
              </label>
            ))}
          </fieldset>
          <FormError>{serverError}</FormError>
          <div className="actions">
            <button type="button" className="secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create webhook'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}

function Deliveries({ hook, onClose }: { hook: WebhookOut; onClose: () => void }) {
  const deliveries = useDeliveries(hook.id)
  const replay = useReplay(hook.id)
  return (
    <Modal title={`Deliveries to ${hook.url}`} onClose={onClose} wide>
      {deliveries.isPending ? (
        <Spinner label="Loading deliveries" />
      ) : (
        <DataTable
          className="stack"
          columns={['Time', 'Event', 'Attempt', 'Status', 'Answer', 'Action']}
          rows={deliveries.data?.data ?? []}
          empty="Nothing sent yet"
        >
          {(d) => (
            <tr key={d.id}>
              <td data-label="Time">{formatDateTime(d.at)}</td>
              <td data-label="Event">{d.event}</td>
              <td data-label="Attempt">{d.attempt}</td>
              <td data-label="Status">{d.ok ? `${d.statusCode} OK` : (d.error ?? 'Failed')}</td>
              {/* The receiver's words, as text only. */}
              <td data-label="Answer">{d.responseExcerpt.slice(0, 200)}</td>
              <td data-label="Action">
                <button className="secondary small" disabled={replay.isPending} onClick={() => replay.mutate(d.id)}>
                  Replay
                </button>
              </td>
            </tr>
          )}
        </DataTable>
      )}
      {(deliveries.isError || replay.isError) && <FormError>{serverMessage(deliveries.error ?? replay.error)}</FormError>}
      <div className="actions">
        <button type="button" className="secondary" onClick={() => void deliveries.refetch()}>
          Refresh
        </button>
      </div>
    </Modal>
  )
}

/** Admins' webhooks: create (the signing secret shown once), list, delete, deliveries with replay. */
export function WebhooksPage({ hooks, loading, error }: { hooks: WebhookOut[]; loading: boolean; error: unknown }) {
  const remove = useDeleteWebhook()
  const [creating, setCreating] = useState(false)
  const [toDelete, setToDelete] = useState<WebhookOut | null>(null)
  const [viewing, setViewing] = useState<WebhookOut | null>(null)
  return (
    <section className="card">
      <CardHeader action="New webhook" onAction={() => setCreating(true)}>
        <h1>Webhooks</h1>
      </CardHeader>
      {loading ? (
        <Spinner label="Loading webhooks" />
      ) : (
        <DataTable className="stack" columns={['URL', 'Events', 'Created', 'Action']} rows={hooks} empty="No webhooks yet">
          {(h) => (
            <tr key={h.id}>
              <td data-label="URL">{h.url}</td>
              <td data-label="Events">{h.events.join(', ')}</td>
              <td data-label="Created">{formatDateTime(h.createdAt)}</td>
              <td data-label="Action">
                <button className="secondary small" onClick={() => setViewing(h)}>
                  Deliveries
                </button>{' '}
                <button className="danger small" aria-label={`Delete webhook ${h.url}`} onClick={() => setToDelete(h)}>
                  Delete
                </button>
              </td>
            </tr>
          )}
        </DataTable>
      )}
      {error ? <FormError>{serverMessage(error)}</FormError> : null}
      {creating && <CreateWebhookModal onClose={() => setCreating(false)} />}
      {viewing && <Deliveries hook={viewing} onClose={() => setViewing(null)} />}
      {toDelete && (
        <ConfirmMutation
          title="Delete webhook"
          message={`Delete the webhook to ${toDelete.url}? Its delivery log goes with it.`}
          mutation={remove}
          variables={toDelete.id}
          success={(reply) => reply?.message || 'Deleted'}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  )
}
