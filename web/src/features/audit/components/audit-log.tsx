import { AUDIT } from '@portal/contracts/audit-actions'
import { type FormEvent, useId, useState } from 'react'
import { DataTable } from '../../../components/ui/data-table'
import { FormError } from '../../../components/ui/form-message'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { formatDateTime } from '../../../lib/format-date'
import { type AuditFilter, useAuditLog, useExportAudit, useVerifyAudit } from '../api/get-audit'
import { verificationText } from './verify-result'

const ACTIONS = Object.values(AUDIT).sort()
const NO_FILTER: AuditFilter = { action: '', actor: '' }

/** Admins: who did what, when and from where, newest first; the chain's check; the export. */
export function AuditLog() {
  const id = useId()
  const [page, setPage] = useState(1)
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER)
  const [draft, setDraft] = useState<AuditFilter>(NO_FILTER)
  const log = useAuditLog(page, filter)
  const verify = useVerifyAudit()
  const exporting = useExportAudit()
  const rows = log.data?.data ?? []
  const filtered = filter.action !== '' || filter.actor.trim() !== ''

  const apply = (e: FormEvent) => {
    e.preventDefault()
    setFilter(draft)
    setPage(1)
  }

  return (
    <section className="card">
      <h1>Audit log</h1>
      <p>Every sign-in, change of people, publication, NDA, access decision, download, export and send, with who did it and from where.</p>
      <form className="filters" onSubmit={apply} aria-label="Filter the audit log">
        <label htmlFor={`${id}-action`}>Action</label>
        <select id={`${id}-action`} value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
          <option value="">All actions</option>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-actor`}>Actor</label>
        <input
          id={`${id}-actor`}
          type="search"
          maxLength={254}
          placeholder="Email or part of it"
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        />
        <button type="submit">Filter</button>
        {filtered && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setDraft(NO_FILTER)
              setFilter(NO_FILTER)
              setPage(1)
            }}
          >
            Clear
          </button>
        )}
      </form>
      <div className="actions">
        <button type="button" onClick={() => verify.mutate()} disabled={verify.isPending}>
          {verify.isPending ? 'Checking the chain…' : 'Verify the chain'}
        </button>
        <button type="button" className="secondary" onClick={() => exporting.mutate('csv')} disabled={exporting.isPending}>
          Export CSV
        </button>
        <button type="button" className="secondary" onClick={() => exporting.mutate('json')} disabled={exporting.isPending}>
          Export JSON
        </button>
      </div>
      {verify.data && (
        <p role="status" className={verify.data.ok ? 'success' : 'error'}>
          {verificationText(verify.data)}
        </p>
      )}
      {verify.isError && <FormError>The chain could not be checked: {verify.error.message}</FormError>}
      {exporting.isError && <FormError>The export failed: {exporting.error.message}</FormError>}
      {log.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : (
        <DataTable
          className="stack"
          columns={['#', 'When', 'Action', 'Actor', 'Target', 'Address', 'User agent', 'Request']}
          rows={rows}
          empty={filtered ? 'No entry matches these filters.' : 'Nothing has been recorded yet: sign-ins, changes and downloads will appear here.'}
        >
          {(e) => (
            <tr key={e.seq}>
              <td data-label="#">{e.seq}</td>
              <td data-label="When">{formatDateTime(e.at)}</td>
              <td data-label="Action">
                <code>{e.action}</code>
              </td>
              <td data-label="Actor">{e.actorEmail ?? 'unknown'}</td>
              <td data-label="Target">{e.target ?? '-'}</td>
              <td data-label="Address">{e.ip ?? '-'}</td>
              <td data-label="User agent" title={e.userAgent ?? undefined}>
                {e.userAgent ? (e.userAgent.length > 40 ? `${e.userAgent.slice(0, 40)}…` : e.userAgent) : '-'}
              </td>
              <td data-label="Request">{e.requestId ?? '-'}</td>
            </tr>
          )}
        </DataTable>
      )}
      {log.isError && <FormError>The audit log could not be loaded: {log.error.message}</FormError>}
      <Pagination currentPage={page} totalPages={log.data?.totalPages ?? 0} onChange={setPage} />
    </section>
  )
}
