// The answer library (/answer-library, issue 24): what the company already wrote, offered first when
// drafting. Search (debounced), a filter for the entries that conflict with or duplicate another,
// edit and retire, and the import of completed questionnaires. Every state says itself in words.
import type { LibraryListReply } from '@portal/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useCompanies } from '../../enterprise/api'
import { LIBRARY_KEY, type LibraryEntry, useLibrary, useRetireEntry } from '../api'
import { EditEntryDialog } from './edit-dialog'
import { EntryItem } from './entry-item'
import { ImportPanel } from './import-panel'
import '../answer-library.css'

/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 300
const PAGE_SIZE = 20

/** `value`, once it has stopped changing for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** Every entry loaded so far, by id (any page, any search): what a conflict or duplicate points to. */
function useKnownEntries(current: readonly LibraryEntry[]): ReadonlyMap<string, LibraryEntry> {
  const qc = useQueryClient()
  return useMemo(() => {
    const known = new Map<string, LibraryEntry>()
    for (const [, reply] of qc.getQueriesData<LibraryListReply>({ queryKey: [...LIBRARY_KEY, 'list'] })) for (const e of reply?.data ?? []) known.set(e._id, e)
    for (const e of current) known.set(e._id, e)
    return known
  }, [qc, current])
}

function EmptyLibrary({ q, flagged }: { q: string; flagged: boolean }) {
  if (q)
    return (
      <>
        <p className="empty-title">{`No entries match “${q}”`}</p>
        <p className="empty-hint muted">Try other words, or part of the question.</p>
      </>
    )
  if (flagged)
    return (
      <>
        <p className="empty-title">No conflicts or duplicates</p>
        <p className="empty-hint muted">Every entry answers its question once.</p>
      </>
    )
  return (
    <>
      <p className="empty-title">No answers in the library yet</p>
      <p className="empty-hint muted">Import completed questionnaires, or approve answers in a review.</p>
    </>
  )
}

export function LibraryPage() {
  const id = useId()
  const [typed, setTyped] = useState('')
  const q = useDebounced(typed.trim(), SEARCH_DELAY_MS)
  const [flagged, setFlagged] = useState(false)
  // The page belongs to its search and filter: a new one starts again at its first page.
  const filterKey = JSON.stringify([q, flagged])
  const [paged, setPaged] = useState({ filterKey, page: 1 })
  const page = paged.filterKey === filterKey ? paged.page : 1
  const setPage = (next: number) => setPaged({ filterKey, page: next })
  const [editing, setEditing] = useState<LibraryEntry | null>(null)
  const [retiring, setRetiring] = useState<LibraryEntry | null>(null)
  const list = useLibrary({ page, pageSize: PAGE_SIZE, q, flagged })
  const retire = useRetireEntry()
  const companies = useCompanies()
  const entries = list.data?.data ?? []
  const known = useKnownEntries(entries)
  const clientName = (companyId: string | null) => companies.data?.find((c) => c._id === companyId)?.companyName ?? null

  let body: ReactNode
  if (list.isPending) body = <Spinner label="Loading the library" />
  else if (list.isError)
    body = (
      <div role="alert" className="library-error">
        <p>{`The library could not be loaded. ${errorMessage(list.error, '')}`.trim()}</p>
        <button type="button" className="small" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    )
  else if (entries.length === 0)
    body = (
      <div className="library-empty">
        <EmptyLibrary q={q} flagged={flagged} />
      </div>
    )
  else
    body = (
      <>
        <p className="muted" role="status">
          {`${list.data.total} ${list.data.total === 1 ? 'entry' : 'entries'}${flagged ? ' with a conflict or duplicate' : ''}${q ? ` matching “${q}”` : ''}`}
        </p>
        <ul className="library-list" aria-busy={list.isFetching || undefined}>
          {entries.map((e) => (
            <EntryItem key={e._id} entry={e} known={known} clientName={clientName(e.companyId)} onEdit={() => setEditing(e)} onRetire={() => setRetiring(e)} />
          ))}
        </ul>
        <Pagination currentPage={list.data.currentPage || page} totalPages={list.data.totalPages} onChange={setPage} />
      </>
    )

  return (
    <div className="library">
      <h1>Answer library</h1>
      <ImportPanel />
      <section className="card" aria-labelledby={`${id}-entries`}>
        <h2 id={`${id}-entries`}>Entries</h2>
        <search className="library-filters" aria-label="Search the library">
          <div className="field">
            <label htmlFor={`${id}-q`}>Search questions and answers</label>
            <input id={`${id}-q`} name="q" type="search" value={typed} maxLength={500} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          </div>
          <label className="library-flagged">
            <input type="checkbox" name="flagged" checked={flagged} onChange={(e) => setFlagged(e.target.checked)} />
            Conflicts and duplicates only
          </label>
        </search>
        {body}
      </section>
      {editing && <EditEntryDialog entry={editing} onClose={() => setEditing(null)} />}
      {retiring && (
        <ConfirmMutation
          title="Retire this entry?"
          message={`“${retiring.question}” will no longer be offered as a draft. It is kept, so past answers still cite it.`}
          confirmLabel="Retire"
          mutation={retire}
          variables={retiring._id}
          success="The entry is retired"
          onClose={() => setRetiring(null)}
        />
      )}
    </div>
  )
}
