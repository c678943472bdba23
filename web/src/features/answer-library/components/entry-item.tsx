// One library entry: its question, answer and choice, where it comes from, when a person last
// reviewed it, and, when flagged, the entries it conflicts with or duplicates. All of it is text
// from people's files, rendered as text only.
import { formatDateTime } from '../../../lib/format-date'
import type { LibraryEntry } from '../api'

/** Where an entry comes from, in words. */
export function sourceText(e: Pick<LibraryEntry, 'source' | 'sourceFile' | 'sheet' | 'row'>): string {
  if (e.source === 'approved') return `Approved in ${e.sourceFile || 'a questionnaire'}`
  const where = [e.sheet ? `sheet ${e.sheet}` : '', e.row !== null ? `row ${e.row}` : ''].filter(Boolean)
  return `Imported from ${e.sourceFile || 'a questionnaire'}${where.length ? `, ${where.join(', ')}` : ''}`
}

/** A short quote of another entry, so a flag says what it is about without opening anything. */
const quote = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)

function Related({ label, ids, known }: { label: string; ids: string[]; known: ReadonlyMap<string, LibraryEntry> }) {
  if (!ids.length) return null
  return (
    <div className="library-related">
      <p className="library-flag">{`${label} (${ids.length})`}</p>
      <ul>
        {ids.map((id) => {
          const other = known.get(id)
          return (
            <li key={id}>
              {other ? (
                <>
                  <span className="library-related-answer">
                    {other.choiceValue ? `${other.choiceValue}: ${quote(other.answer)}` : quote(other.answer) || '(no answer text)'}
                  </span>
                  <span className="muted small">{` · ${sourceText(other)}`}</span>
                </>
              ) : (
                <span className="muted">An entry not shown on this page</span>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

export function EntryItem({
  entry,
  known,
  clientName,
  onEdit,
  onRetire,
}: {
  entry: LibraryEntry
  /** Entries already loaded, by id: what a flag points to. */
  known: ReadonlyMap<string, LibraryEntry>
  /** The client an entry is kept for, when it is scoped to one. */
  clientName: string | null
  onEdit: () => void
  onRetire: () => void
}) {
  const flagged = entry.conflicts.length > 0 || entry.duplicates.length > 0
  return (
    <li className={flagged ? 'library-entry flagged' : 'library-entry'}>
      <article aria-label={entry.question}>
        <h3 className="library-question">
          {entry.questionRef && <span className="muted">{`${entry.questionRef} · `}</span>}
          {entry.question}
        </h3>
        <p className="library-answer">{entry.answer || <span className="muted">(no answer text)</span>}</p>
        <p className="library-meta small">
          {entry.choiceValue && <span className="badge">{`Choice: ${entry.choiceValue}`}</span>}
          <span>{sourceText(entry)}</span>
          {entry.companyId && <span>{`For ${clientName ?? 'one client'} only`}</span>}
          <span>{entry.reviewedAt ? `Last reviewed ${formatDateTime(entry.reviewedAt)}` : 'Not reviewed by a person yet'}</span>
        </p>
        <Related label="Conflicts with" ids={entry.conflicts} known={known} />
        <Related label="Duplicates" ids={entry.duplicates} known={known} />
        <div className="actions library-actions">
          <button type="button" className="secondary small" aria-label={`Edit: ${quote(entry.question, 80)}`} onClick={onEdit}>
            Edit
          </button>
          <button type="button" className="danger small" aria-label={`Retire: ${quote(entry.question, 80)}`} onClick={onRetire}>
            Retire
          </button>
        </div>
      </article>
    </li>
  )
}
