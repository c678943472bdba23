// Access Requests (spec §2, /account): pending requests and approved accounts, each paged by 10;
// Approve and Deny (after confirmation) in words, the document a request was made from, where new
// requests are emailed (issue 25); and the trust center's activity.
import { type FormEvent, useEffect, useState } from 'react'
import { Field } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { DataTable } from '../../../components/ui/data-table'
import { useNotifications } from '../../../components/ui/notifications'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/auth'
import { formatDateTime, formatLongDateTime } from '../../../lib/format-date'
import { type Account, useAccountMutations, useAccounts, useHistory, useRequestNotify, useSaveRequestNotify } from '../api'

/**
 * The requester's NDA: anyone can type an email, so an acceptance counts as confirmed only once the
 * visitor followed the access link mailed to it.
 */
function NdaBadge({ account }: { account: Account }) {
  if (account.ndaConfirmed)
    return (
      <span className="badge-active" title="Accepted, and the email was confirmed by its access link">
        Confirmed
      </span>
    )
  if (account.ndaAccepted) {
    return (
      <span className="badge-active" style={{ background: '#fffaeb', color: '#b54708' }} title="Accepted under this email, which nobody has confirmed yet">
        Not confirmed
      </span>
    )
  }
  return <span className="muted">—</span>
}

const longDate = (iso: string) => formatLongDateTime(iso)

function AccountsTable({ approved }: { approved: boolean }) {
  const [page, setPage] = useState(1)
  const list = useAccounts(page, approved)
  const { approve, remove } = useAccountMutations()
  const { toast } = useNotifications()
  const me = useSession().authData
  const [deleting, setDeleting] = useState<Account | null>(null)
  const title = approved ? 'Accounts' : 'Access Requests'
  const titleId = `${approved ? 'accounts' : 'requests'}-title`
  return (
    <div className="card">
      <h2 id={titleId}>{title}</h2>
      {list.isPending ? (
        <Spinner label={`Loading ${title}`} />
      ) : !list.data?.data.length ? (
        <p className="muted">No Data found</p>
      ) : (
        <DataTable
          className="stack"
          labelledBy={titleId}
          columns={['Name', 'Company', 'Work email', 'Relationship', 'Document', 'Requested', 'NDA', approved ? 'Status' : 'Action']}
          rows={list.data.data}
        >
          {(a) => (
            <tr key={a._id}>
              <td data-label="Name">{`${a.firstName} ${a.lastName}`}</td>
              <td data-label="Company">{a.companyName}</td>
              <td data-label="Work email">{a.workEmail}</td>
              <td data-label="Relationship">{a.relationshpLinkedIn}</td>
              <td data-label="Document">{a.document ? a.document.title : <span className="muted">Whole trust center</span>}</td>
              <td data-label="Requested">{longDate(a.createdAt)}</td>
              <td data-label="NDA">
                <NdaBadge account={a} />
              </td>
              <td className="row-actions" data-label={approved ? 'Status' : 'Action'}>
                {approved ? (
                  <span className="badge-active" title={a.approvedbyuser ? `Approved by ${a.approvedbyuser.userName}` : undefined}>
                    Active
                  </span>
                ) : (
                  <button
                    type="button"
                    className="primary small"
                    aria-label={`Approve ${a.workEmail}`}
                    disabled={approve.isPending}
                    onClick={() =>
                      approve.mutate(
                        { id: a._id, approver: { id: me?._id ?? '', userName: `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim() } },
                        {
                          onSuccess: () => toast('success', `Access approved for ${a.workEmail}`),
                          onError: (err) => toast('error', errorMessage(err, 'Account was not approved due to an error.')),
                        },
                      )
                    }
                  >
                    Approve
                  </button>
                )}
                {/* Words, not ✓ / ✕; the name says whose request it is (label in name: it starts with the visible word). */}
                <button type="button" className="danger small" aria-label={`${approved ? 'Delete' : 'Deny'} ${a.workEmail}`} onClick={() => setDeleting(a)}>
                  {approved ? 'Delete' : 'Deny'}
                </button>
              </td>
            </tr>
          )}
        </DataTable>
      )}
      {list.data && <Pagination currentPage={page} totalPages={list.data.totalPages} onChange={setPage} />}
      {deleting && (
        <ConfirmMutation
          title={approved ? 'Delete account' : 'Deny request'}
          message={
            approved
              ? `Are you sure you want to delete ${deleting.workEmail}? Their access ends at once.`
              : `Deny the request from ${deleting.workEmail}? They are not told; they may ask again.`
          }
          confirmLabel={approved ? 'Delete' : 'Deny'}
          mutation={remove}
          variables={deleting._id}
          // The server's words ("Request from … denied", "Access removed for …").
          success={(reply) =>
            (reply as { message?: string } | undefined)?.message ||
            (approved ? `Access removed for ${deleting.workEmail}` : `Request from ${deleting.workEmail} denied`)
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  )
}

const TYPES: [string, string][] = [
  ['all', 'All'],
  ['view', 'Views'],
  ['request', 'Requests'],
  ['approval', 'Approvals'],
  ['download', 'Downloads'],
  ['nda', 'NDA'],
]
/** What one entry of the activity is called. */
const ENTRY: Record<string, string> = { view: 'View', request: 'Request', approval: 'Approval', download: 'Download', nda: 'NDA' }

function ActivityCard() {
  const [type, setType] = useState('all')
  const [page, setPage] = useState(1)
  const history = useHistory(page, type)
  return (
    <div className="card">
      <h2 id="activity-title">Trust center activity</h2>
      <div className="tabs small" role="tablist">
        {TYPES.map(([t, label]) => (
          <button
            key={t}
            role="tab"
            aria-selected={type === t}
            className={type === t ? 'active' : ''}
            onClick={() => {
              setType(t)
              setPage(1)
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {history.isPending ? (
        <Spinner label="Loading activity" />
      ) : !history.data?.data.length ? (
        <p className="muted">No Data found</p>
      ) : (
        <ul className="history activity">
          {history.data.data.map((h) => (
            <li key={h._id}>
              <strong className={`activity-${h.type}`}>{ENTRY[h.type] ?? h.type}</strong> {h.email || 'anonymous visitor'}
              {h.fileName ? ` · ${h.fileName}` : ''}
              {h.detail ? ` · ${h.detail}` : ''}
              <p className="muted">{formatDateTime(h.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
      {history.data && <Pagination currentPage={page} totalPages={history.data.totalPages} onChange={setPage} />}
    </div>
  )
}

/** Where new requests are emailed: an address, or left empty for the company's admins. */
function NotifyCard() {
  const current = useRequestNotify()
  const save = useSaveRequestNotify()
  const { toast } = useNotifications()
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  useEffect(() => {
    if (current.data) setEmail(current.data.email)
  }, [current.data])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError('')
    save.mutate(email.trim(), {
      onSuccess: (reply) => toast('success', reply.message),
      onError: (err) => setError(errorMessage(err, 'The address could not be saved. Please try again.')),
    })
  }
  return (
    <div className="card">
      <h2 id="notify-title">Request notifications</h2>
      <p className="muted small">We email new access requests here. Leave it empty to email the company's admins.</p>
      <form className="notify-form" onSubmit={submit} aria-labelledby="notify-title" noValidate>
        <Field
          name="requestEmail"
          label="Email new requests to"
          type="email"
          autoComplete="email"
          maxLength={254}
          placeholder="The company's admins"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error || undefined}
        />
        <button type="submit" className="secondary" disabled={save.isPending || current.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
      {current.isError && <FormError>{errorMessage(current.error, 'The address could not be read.')}</FormError>}
    </div>
  )
}

export function AccessRequestsPage() {
  return (
    <section className="access-requests">
      <h1>Trust Center Access Request</h1>
      <AccountsTable approved={false} />
      <AccountsTable approved />
      <NotifyCard />
      <ActivityCard />
    </section>
  )
}
