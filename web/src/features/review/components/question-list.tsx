// The question list: one tab stop (issue 14: the answer box took 312 Tab presses). A listbox whose
// selected option is the only one in the tab order (roving tabindex); ↑ / ↓ / Home / End move the
// selection, and focus with it; Enter or Space, or a click, chooses the question and moves focus
// to its answer box. Each row says its question's state in words with an icon (issue 25: a drafted
// question looked exactly like an empty one).
import type { KeyboardEvent } from 'react'
import type { QuestionListItem } from '../api'
import { reviewStateOf } from '@portal/contracts/drafts-text'
import { flagOf, STATE_WORDS } from './flags'

export type Move = { id: string; focus: 'list' | 'answer' }

interface Props {
  questions: QuestionListItem[]
  /** Numbers as in the whole questionnaire (Q1…), whatever the tab shows. */
  numberOf: (q: QuestionListItem) => number
  selectedId: string | undefined
  hasDraft: (q: QuestionListItem) => boolean
  emptyText: string
  /** Asks to select a question (the page may first ask about unsaved edits, then moves focus). */
  onMove: (move: Move) => void
}

export const optionId = (id: string) => `question-${id}`

/** The index a key moves to from `at` among `count` options, or null when the key is not a move. */
export function nextIndex(key: string, at: number, count: number): number | null {
  if (!count) return null
  switch (key) {
    case 'ArrowDown':
      return Math.min(at + 1, count - 1)
    case 'ArrowUp':
      return Math.max(at - 1, 0)
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

export function QuestionList({ questions, numberOf, selectedId, hasDraft, emptyText, onMove }: Props) {
  const at = Math.max(
    questions.findIndex((q) => q._id === selectedId),
    0,
  )
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return // the page's shortcuts
    const to = nextIndex(e.key, at, questions.length)
    if (to !== null) {
      e.preventDefault()
      const q = questions[to]
      if (q && q._id !== selectedId) onMove({ id: q._id, focus: 'list' })
      return
    }
    if ((e.key === 'Enter' || e.key === ' ') && questions[at]) {
      e.preventDefault()
      onMove({ id: questions[at]._id, focus: 'answer' })
    }
  }
  if (!questions.length)
    return (
      <div className="card question-list">
        <p className="muted">{emptyText}</p>
      </div>
    )
  return (
    <div className="card question-list" role="listbox" aria-label="Questions" aria-orientation="vertical" onKeyDown={onKeyDown}>
      {questions.map((q, i) => {
        const selected = i === at
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys of its options (arrows, Home, End, Enter, Space)
          <div
            key={q._id}
            id={optionId(q._id)}
            role="option"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={`question-item ${flagOf(q)}${selected ? ' selected' : ''}`}
            onClick={() => onMove({ id: q._id, focus: 'answer' })}
          >
            <strong>Q{numberOf(q)}</strong> <span>{q.question}</span>
            <StateTag q={q} />
            {hasDraft(q) && <em className="muted small"> (unsaved answer)</em>}
          </div>
        )
      })}
    </div>
  )
}

/** A question's state as a row shows it: an icon (decoration) and the word. */
export function StateTag({ q }: { q: QuestionListItem }) {
  const state = reviewStateOf(q)
  const { icon, text } = STATE_WORDS[state]
  return (
    <small className={`state-tag ${state}`}>
      <span aria-hidden="true">{icon}</span> {text}
    </small>
  )
}
