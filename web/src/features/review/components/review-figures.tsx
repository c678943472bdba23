// A questionnaire's review counts in words, and who drafted its answers (issue 25), the same on the
// dashboard, the client's drawer and the review header: the counts are the server's `review` object,
// computed one way, so the screens agree.
import type { ReviewCounts } from '@portal/contracts'
import { DRAFTER_SETTINGS_PATH, draftersSummary } from '@portal/contracts/drafts-text'
import { Link } from 'react-router-dom'

/** The figures, each a phrase: drafted, approved, needing review (flagged among them), without an answer. */
export function reviewFigures(c: ReviewCounts): string[] {
  return [
    `${c.drafted} drafted`,
    `${c.approved} approved`,
    `${c.needsReview} need${c.needsReview === 1 ? 's' : ''} review${c.flagged ? ` (${c.flagged} flagged)` : ''}`,
    `${c.empty} without an answer`,
  ]
}

/** "Drafts by the offline drafter (25) — configure a model for better drafts": nothing when nothing was drafted. */
export function DraftersLine({ counts }: { counts: Pick<ReviewCounts, 'bySource' | 'model'> | undefined }) {
  if (!counts) return null
  const { text, suggestModel } = draftersSummary(counts)
  if (!text) return null
  return (
    <p className="muted small drafters-line">
      {text}
      {suggestModel && (
        <>
          {' — '}
          <Link to={DRAFTER_SETTINGS_PATH}>configure a model for better drafts</Link>
        </>
      )}
    </p>
  )
}
