// Issue 22: a save refused because someone else saved the same answer meanwhile (409, with the
// answer as it is now). Shown by the review page and the outbound answer box alike: the other
// person's text beside the user's, then keep mine, take theirs, or edit a merged text; the page
// saves the chosen text against the other person's version. Focus moves here so that the refusal
// is heard; every text is rendered as text, never as HTML.
import type { AnswerConflict } from '@portal/contracts'
import { useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../lib/api-client'
import { formatDateTime } from '../../lib/format-date'

/** A refused save: the text the user sent, the answer as it is now, and the server's words. */
export interface Conflict {
  mine: string
  theirs: AnswerConflict
  message: string
}

/** The conflict in a failed save's error (a 409 that carries the answer as it is now), else undefined. */
export function conflictOf(err: unknown, mine: string): Conflict | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined
  const data = (err.body as { data?: Partial<AnswerConflict> } | undefined)?.data
  if (typeof data?.version !== 'number' || typeof data.answer !== 'string') return undefined
  return { mine, theirs: data as AnswerConflict, message: err.message }
}

interface MergePanelProps {
  conflict: Conflict
  /** A save is under way: the choices wait. */
  busy?: boolean
  /** `save`: the text is saved against `conflict.theirs.version` (keep mine, a merged text); false: theirs is kept as saved. */
  onResolve: (text: string, save: boolean) => void
}

export function MergePanel({ conflict, busy, onResolve }: MergePanelProps) {
  const { mine, theirs, message } = conflict
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const mergedBox = useRef<HTMLTextAreaElement>(null)
  // The merged text starts from both, theirs first: the user edits it down.
  const [merged, setMerged] = useState<string | null>(null)
  const by = theirs.savedBy || 'Someone else'
  const when = theirs.savedAt ? ` · ${formatDateTime(theirs.savedAt)}` : ''

  const editing = merged !== null

  // A new refusal (another save came first again) is announced again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves for each refusal, named by its version
  useEffect(() => heading.current?.focus(), [theirs.version])
  useEffect(() => {
    if (editing) mergedBox.current?.focus()
  }, [editing])

  return (
    <section className="merge-panel" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`}>
      <h3 id={`${id}-title`} tabIndex={-1} ref={heading}>
        Your answer was not saved
      </h3>
      <p id={`${id}-message`}>{`${message} Compare the two texts, then choose which to keep.`}</p>
      <div className="merge-texts">
        <figure className="merge-text">
          <figcaption>Your text</figcaption>
          <p className="merge-body">{mine}</p>
        </figure>
        <figure className="merge-text">
          <figcaption>
            Their text <span className="muted small">{`(saved by ${by}${when})`}</span>
          </figcaption>
          <p className="merge-body">{theirs.answer}</p>
        </figure>
      </div>
      {editing && (
        <>
          <label htmlFor={`${id}-merged`}>Merged text</label>
          <textarea id={`${id}-merged`} ref={mergedBox} rows={6} maxLength={20_000} value={merged} onChange={(e) => setMerged(e.target.value)} />
        </>
      )}
      <div className="actions">
        <button className="secondary" disabled={busy} onClick={() => onResolve(mine, true)}>
          Keep mine
        </button>
        <button className="secondary" disabled={busy} onClick={() => onResolve(theirs.answer, false)}>
          Take theirs
        </button>
        {!editing ? (
          <button className="secondary" disabled={busy} onClick={() => setMerged(`${theirs.answer}\n\n${mine}`)}>
            Edit a merged text
          </button>
        ) : (
          <button className="primary" disabled={busy || !merged.trim()} aria-busy={busy || undefined} onClick={() => onResolve(merged, true)}>
            {busy ? 'Saving…' : 'Save merged text'}
          </button>
        )}
      </div>
    </section>
  )
}
