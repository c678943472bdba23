// The outbound list (spec §2): client name, created date, email, collaborators, Complete / Pending,
// how far reading and answering got, the emailed link (revoke, resend), and the row actions
// Collaborators, Review, Download and Delete. Ten a page with the spec's paging control.
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { CardHeader } from '../../../components/ui/card-header'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { DataTable } from '../../../components/ui/data-table'
import { Field, useInput } from '../../../components/ui/field'
import { FormActions } from '../../../components/ui/form-actions'
import { FormError } from '../../../components/ui/form-message'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format-date'
import { downloadSent, extracting, type OutboundSummary, useDeleteOutbound, useOutboundList, useResendLink, useRevokeLink } from '../api/outbounds'
import { useOutboundEvents } from '../api/review'
import { CollaboratorsModal } from './collaborators-modal'
import { failureText } from './failure'
import { collaboratorsText, linkState, linkText, progressText, statusText } from './format'
import { DEFAULT_EXPIRY_DAYS, EXPIRY_MESSAGE, MAX_EXPIRY_DAYS } from './send-form'
import { SendModal } from './send-modal'

/** Event streams opened at most at once for rows being read (browsers allow few connections per host). */
const MAX_STREAMS = 3

/** Follows one row's event stream (each event refreshes the list) and reports whether it is open. */
function RowEvents({ id, onOpen }: { id: string; onOpen: (id: string, open: boolean) => void }) {
  const open = useOutboundEvents(id, true)
  useEffect(() => {
    onOpen(id, open)
    return () => onOpen(id, false)
  }, [id, open, onOpen])
  return null
}

function ResendModal({ outbound, onClose }: { outbound: OutboundSummary; onClose: () => void }) {
  const { value: days, setError, field } = useInput(String(DEFAULT_EXPIRY_DAYS))
  const resend = useResendLink()
  const { toast } = useNotifications()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const n = Number(days.trim())
    if (!/^\d+$/.test(days.trim()) || n < 1 || n > MAX_EXPIRY_DAYS) return setError(EXPIRY_MESSAGE)
    resend.mutate(
      { id: outbound._id, expiresInDays: n },
      {
        onSuccess: (reply) => {
          toast('success', reply?.message || `A new link was emailed to ${outbound.email}`)
          onClose()
        },
        onError: (err) => setError(errorMessage(err, 'The link could not be sent again')),
      },
    )
    return undefined
  }
  return (
    <Modal title="Resend Link" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{`A new link is emailed to ${outbound.email}; links sent before stop working.`}</p>
        <Field name="resendDays" label="Link works for (days)" type="number" inputMode="numeric" min={1} max={MAX_EXPIRY_DAYS} {...field} />
        <FormActions pending={resend.isPending} label="Resend" pendingLabel="Sending…" onCancel={onClose} />
      </form>
    </Modal>
  )
}

export function OutboundListCard() {
  const [page, setPage] = useState(1)
  const openStreams = useRef(new Set<string>())
  const readingIds = useRef<string[]>([])
  // Every 2 s while a row being read has no open event stream; rarely (a safety net) when all have.
  const list = useOutboundList(page, () => (readingIds.current.every((id) => openStreams.current.has(id)) ? 15_000 : 2000))
  const remove = useDeleteOutbound()
  const revoke = useRevokeLink()
  const { toast } = useNotifications()
  const [sending, setSending] = useState(false)
  const [collaborators, setCollaborators] = useState<OutboundSummary | null>(null)
  const [toDelete, setToDelete] = useState<OutboundSummary | null>(null)
  const [toRevoke, setToRevoke] = useState<OutboundSummary | null>(null)
  const [toResend, setToResend] = useState<OutboundSummary | null>(null)
  const rows = list.data?.data ?? []
  const now = Date.now()

  const reading = rows.filter(extracting).map((o) => o._id)
  readingIds.current = reading
  const streamed = reading.slice(0, MAX_STREAMS)
  const onOpen = useCallback((id: string, open: boolean) => {
    if (open) openStreams.current.add(id)
    else openStreams.current.delete(id)
  }, [])

  const download = (o: OutboundSummary) =>
    downloadSent(o).catch((err: unknown) => toast('error', failureText(err, 'Failed to download file', 'An error occurred while downloading')))

  return (
    <section className="card" aria-labelledby="outbound-title">
      <CardHeader action="New Questionnaire" onAction={() => setSending(true)}>
        <h2 id="outbound-title">Sent Questionnaires</h2>
      </CardHeader>
      {streamed.map((id) => (
        <RowEvents key={id} id={id} onOpen={onOpen} />
      ))}
      {list.isPending ? (
        <Spinner label="Loading questionnaires" />
      ) : list.isError && !list.data ? (
        <FormError>Error fetching outbound list</FormError>
      ) : (
        <DataTable
          className="outbound-table stack"
          columns={['Client', 'Email', 'Created', 'Status', 'Link', 'Action']}
          rows={rows}
          empty="No questionnaires sent yet. Use New Questionnaire to send one."
        >
          {(o) => {
            const link = linkState(o.link, now)
            return (
              <tr key={o._id}>
                <td data-label="Client">
                  <strong>{o.clientName}</strong>
                  {o.collaborators.length > 0 && <div className="muted small">{collaboratorsText(o.collaborators.length)}</div>}
                </td>
                <td className="wrap" data-label="Email">
                  {o.email}
                </td>
                <td data-label="Created">{formatDateTime(o.createdAt)}</td>
                <td data-label="Status">
                  <span className={`badge ${o.status ? 'badge-active' : ''}`}>{statusText(o)}</span>
                  {o.state === 'check' ? (
                    // Nothing is answered until a person confirmed which columns hold the questions.
                    <div className="small">
                      <Link
                        className="file-state check"
                        to={`/outbound/review/${encodeURIComponent(o._id)}`}
                        aria-label={`Check the columns of the questionnaire sent to ${o.clientName}`}
                      >
                        {progressText(o)}
                      </Link>
                    </div>
                  ) : (
                    <div className={`small file-state ${o.state}`}>{progressText(o)}</div>
                  )}
                </td>
                <td data-label="Link">
                  <div className={`small link-state ${link}`}>{linkText(o.link, now)}</div>
                  <div className="row-actions">
                    {link === 'active' && (
                      <button className="link-button small" aria-label={`Revoke the link sent to ${o.clientName}`} onClick={() => setToRevoke(o)}>
                        Revoke
                      </button>
                    )}
                    <button className="link-button small" aria-label={`Resend the link to ${o.clientName}`} onClick={() => setToResend(o)}>
                      Resend
                    </button>
                  </div>
                </td>
                <td data-label="Action">
                  <div className="row-actions">
                    <button className="secondary small" aria-label={`Collaborators of ${o.clientName}`} onClick={() => setCollaborators(o)}>
                      Collaborators
                    </button>
                    <Link className="button-link small" to={`/outbound/review/${encodeURIComponent(o._id)}`} aria-label={`Review ${o.clientName}`}>
                      Review
                    </Link>
                    <button className="secondary small" aria-label={`Download ${o.fileName}`} onClick={() => void download(o)}>
                      Download
                    </button>
                    <button className="danger small" aria-label={`Delete the questionnaire sent to ${o.clientName}`} onClick={() => setToDelete(o)}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            )
          }}
        </DataTable>
      )}
      {list.isError && list.data && <FormError>Error fetching outbound list</FormError>}
      <Pagination currentPage={page} totalPages={list.data?.totalPages ?? 0} onChange={setPage} />
      {sending && <SendModal onClose={() => setSending(false)} />}
      {collaborators && <CollaboratorsModal outbound={collaborators} onClose={() => setCollaborators(null)} />}
      {toResend && <ResendModal outbound={toResend} onClose={() => setToResend(null)} />}
      {toRevoke && (
        <ConfirmMutation
          title="Revoke Link"
          message={`Are you sure you want to revoke the link sent to ${toRevoke.email}? It stops working at once.`}
          confirmLabel="Revoke"
          mutation={revoke}
          variables={toRevoke._id}
          success={(reply) => reply?.message || 'Link revoked'}
          failure={(err) => errorMessage(err, 'The link could not be revoked')}
          onClose={() => setToRevoke(null)}
        />
      )}
      {toDelete && (
        <ConfirmMutation
          title="Delete Outbound"
          message={`Are you sure you want to delete the questionnaire sent to ${toDelete.clientName}?`}
          mutation={remove}
          variables={toDelete._id}
          success="Outbound deleted successfully"
          failure={(err) => failureText(err, 'Error deleting outbound', 'An error occurred while deleting')}
          onSuccess={() => {
            // The last row of a page gone: show the page before.
            if (rows.length === 1 && page > 1) setPage(page - 1)
          }}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  )
}
