// Access Requests (spec §2, /account): pending requests and approved accounts, each paged by 10;
// approve with the tick, delete with the cross after confirmation; and the trust center's activity.
import { useState } from 'react'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { DataTable } from '../../../components/ui/data-table'
import { useNotifications } from '../../../components/ui/notifications'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/auth'
import { formatDateTime, formatLongDateTime } from '../../../lib/format-date'
import { type Account, useAccountMutations, useAccounts, useHistory } from '../api'

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
          columns={['Name', 'Company', 'Work email', 'Relationship', 'Requested', 'NDA', approved ? 'Status' : 'Action']}
          rows={list.data.data}
        >
          {(a) => (
            <tr key={a._id}>
              <td data-label="Name">{`${a.firstName} ${a.lastName}`}</td>
              <td data-label="Company">{a.companyName}</td>
              <td data-label="Work email">{a.workEmail}</td>
              <td data-label="Relationship">{a.relationshpLinkedIn}</td>
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
                    className="icon-button ok"
                    aria-label={`Approve ${a.workEmail}`}
                    disabled={approve.isPending}
                    onClick={() =>
                      approve.mutate(
                        { id: a._id, approver: { id: me?._id ?? '', userName: `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim() } },
                        {
                          onSuccess: () => toast('success', 'Account approval! Account request has been marked as approved successfully'),
                          onError: (err) => toast('error', errorMessage(err, 'Account was not approved due to an error.')),
                        },
                      )
                    }
                  >
                    ✓
                  </button>
                )}
                <button type="button" className="icon-button danger" aria-label={`Delete ${a.workEmail}`} onClick={() => setDeleting(a)}>
                  ✕
                </button>
              </td>
            </tr>
          )}
        </DataTable>
      )}
      {list.data && <Pagination currentPage={page} totalPages={list.data.totalPages} onChange={setPage} />}
      {deleting && (
        <ConfirmMutation
          title={approved ? 'Delete account' : 'Delete request'}
          message={`Are you sure you want to delete ${deleting.workEmail}? ${approved ? 'Their access ends at once.' : ''}`}
          mutation={remove}
          variables={deleting._id}
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

export function AccessRequestsPage() {
  return (
    <section className="access-requests">
      <h1>Trust Center Access Request</h1>
      <AccountsTable approved={false} />
      <AccountsTable approved />
      <ActivityCard />
    </section>
  )
}
