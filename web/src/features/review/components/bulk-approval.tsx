// Approving several answers at once (issue 25). "Select several" turns the question list into
// checkboxes (keyboard: Tab and Space); "Select all drafts with no warning" ticks the drafters'
// drafts nobody flagged; "Approve selected" approves them in one request. Its Undo puts back exactly
// those questions' approval as it was. The list stays one tab stop until selection starts.
import type { ApprovalState } from '@portal/contracts'
import { reviewStateOf } from '@portal/contracts/drafts-text'
import { useEffect, useRef } from 'react'
import type { QuestionListItem } from '../api'
import { quietDraft } from './flags'
import { StateTag } from './question-list'

/** Can be approved: an answer (or a choice) not approved yet. */
export const approvable = (q: QuestionListItem) => {
  const state = reviewStateOf(q)
  return state !== 'approved' && state !== 'empty'
}

export interface BulkDone {
  previous: ApprovalState[]
  count: number
}

interface BarProps {
  selecting: boolean
  onSelecting: (on: boolean) => void
  listed: QuestionListItem[]
  picked: Set<string>
  onPick: (ids: Set<string>) => void
  busy: boolean
  onApprove: () => void
  done: BulkDone | null
  onUndo: () => void
}

export function BulkBar({ selecting, onSelecting, listed, picked, onPick, busy, onApprove, done, onUndo }: BarProps) {
  const undoButton = useRef<HTMLButtonElement>(null)
  // Approved: focus goes to Undo, so a keyboard user can take it back at once.
  useEffect(() => {
    if (done) undoButton.current?.focus()
  }, [done])
  const quiet = listed.filter((q) => quietDraft(q))
  return (
    <div className="bulk-bar">
      {selecting ? (
        <>
          <button type="button" className="secondary" onClick={() => onPick(new Set(quiet.map((q) => q._id)))} disabled={!quiet.length}>
            {`Select all drafts with no warning (${quiet.length})`}
          </button>
          <button type="button" className="secondary" onClick={() => onPick(new Set())} disabled={!picked.size}>
            Clear selection
          </button>
          <button type="button" className="primary" onClick={onApprove} disabled={!picked.size || busy} aria-busy={busy || undefined}>
            {busy ? 'Approving…' : `Approve selected (${picked.size})`}
          </button>
          <button type="button" onClick={() => onSelecting(false)}>
            Done selecting
          </button>
        </>
      ) : (
        <button type="button" className="secondary" onClick={() => onSelecting(true)}>
          Select several
        </button>
      )}
      {done && (
        <p role="status" className="bulk-done">
          {`${done.count} answer${done.count === 1 ? '' : 's'} approved.`}{' '}
          <button type="button" ref={undoButton} className="secondary small" onClick={onUndo} disabled={busy}>
            Undo
          </button>
        </p>
      )}
    </div>
  )
}

/** The list as checkboxes while selecting: questions without an answer, or approved, cannot be ticked. */
export function BulkList({
  questions,
  numberOf,
  picked,
  onPick,
}: {
  questions: QuestionListItem[]
  numberOf: (q: QuestionListItem) => number
  picked: Set<string>
  onPick: (ids: Set<string>) => void
}) {
  if (!questions.length)
    return (
      <div className="card question-list">
        <p className="muted">No questions here</p>
      </div>
    )
  const toggle = (id: string, on: boolean) => {
    const next = new Set(picked)
    if (on) next.add(id)
    else next.delete(id)
    onPick(next)
  }
  return (
    <fieldset className="card question-list bulk-list">
      <legend>Select answers to approve</legend>
      {questions.map((q) => (
        <label key={q._id} className={`question-item bulk-item${picked.has(q._id) ? ' selected' : ''}`}>
          <input type="checkbox" checked={picked.has(q._id)} disabled={!approvable(q)} onChange={(e) => toggle(q._id, e.target.checked)} />
          <strong>Q{numberOf(q)}</strong> <span>{q.question}</span>
          <StateTag q={q} />
        </label>
      ))}
    </fieldset>
  )
}
