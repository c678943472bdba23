// NDA editor (spec §2): one textarea of 20 rows and Save. Every save is a new version on the
// server; acceptances of earlier versions are kept, and listed below with whether each email was
// confirmed (the visitor followed the access link mailed to it) or only typed in.
import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useState } from 'react'
import { DataTable } from '../../../components/ui/data-table'
import { DraftNotice } from '../../../components/ui/draft-notice'
import { useNotifications } from '../../../components/ui/notifications'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDraft } from '../../../lib/drafts'
import { formatDateTime } from '../../../lib/format-date'
import { useNda, useNdaAcceptances, useSaveNda } from '../api'

function Acceptances() {
  const [page, setPage] = useState(1)
  const list = useNdaAcceptances(page)
  return (
    <div className="card">
      <h2 id="nda-acceptances-title">Acceptances</h2>
      {list.isPending ? (
        <Spinner label="Loading acceptances" />
      ) : !list.data?.data.length ? (
        <p className="muted">No Data found</p>
      ) : (
        <DataTable
          className="stack"
          labelledBy="nda-acceptances-title"
          columns={['Name', 'Email', 'Version', 'Accepted', 'Email confirmed']}
          rows={list.data.data}
        >
          {(a) => (
            <tr key={a._id}>
              <td data-label="Name">{a.name}</td>
              <td data-label="Email">{a.email}</td>
              <td data-label="Version">{a.version}</td>
              <td data-label="Accepted">{formatDateTime(a.createdAt)}</td>
              <td data-label="Email confirmed">
                {a.confirmed ? (
                  <span className="badge-active" title={a.confirmedAt ? `Confirmed ${formatDateTime(a.confirmedAt)}` : undefined}>
                    Confirmed
                  </span>
                ) : (
                  <span
                    className="badge-active"
                    style={{ background: '#fffaeb', color: '#b54708' }}
                    title="Typed in by the visitor; the access link mailed to it was not followed yet"
                  >
                    Not confirmed
                  </span>
                )}
              </td>
            </tr>
          )}
        </DataTable>
      )}
      {list.data && <Pagination currentPage={page} totalPages={list.data.totalPages} onChange={setPage} />}
    </div>
  )
}

export function NdaEditor() {
  const nda = useNda()
  const save = useSaveNda()
  const { toast } = useNotifications()
  // A draft (lib/drafts) over the saved text: what was typed survives a forced sign-in.
  const draft = useDraft(nda.data !== undefined ? 'nda:description' : null, nda.data?.description ?? '')
  const text = draft.value
  const setText = draft.set
  const [error, setError] = useState('')
  if (nda.isPending) return <Spinner label="Loading the NDA" />
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!text.trim()) return setError(SpecText.required)
    save.mutate(
      { _id: nda.data?._id, description: text },
      {
        onSuccess: () => {
          draft.clear(text)
          toast('success', nda.data ? 'Updated Successfully' : SpecText.added)
        },
        onError: (err) => toast('error', errorMessage(err)),
      },
    )
    return undefined
  }
  return (
    <>
      <form className="card" onSubmit={submit}>
        <h1>NDA</h1>
        {nda.data && (
          <p className="muted">
            Version {nda.data.version} · last updated {formatDateTime(nda.data.updatedAt)}
          </p>
        )}
        <DraftNotice draft={draft} what="NDA text" />
        <label htmlFor="nda-text" className="visually-hidden">
          NDA text
        </label>
        <textarea
          id="nda-text"
          name="description"
          rows={20}
          value={text}
          maxLength={50000}
          onChange={(e) => {
            setText(e.target.value)
            setError('')
          }}
          aria-invalid={Boolean(error)}
        />
        {error && <p className="field-error">{error}</p>}
        <div className="actions">
          <button className="primary" type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      <Acceptances />
    </>
  )
}
