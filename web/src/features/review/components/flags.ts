// Spec §4 review flags, in one place.
import type { ReviewCounts } from '@portal/contracts'
import { type ReviewState, reviewStateOf } from '@portal/contracts/drafts-text'
import type { Question } from '../api'

export type Flag = 'approved' | 'partial' | 'none'

export function flagOf(q: Pick<Question, 'llmstatus' | 'reviewstatus' | 'llmReviewRespons'>): Flag {
  if ((q.llmstatus && q.llmReviewRespons === 0) || (q.llmstatus && q.reviewstatus)) return 'approved'
  if (q.llmstatus !== q.reviewstatus) return 'partial'
  return 'none'
}

/** The toggle: with llmReviewRespons 1 it flips both flags ('Mark as Approved'), else llmstatus only. */
export function toggled(q: Pick<Question, 'llmstatus' | 'reviewstatus' | 'llmReviewRespons'>): { llmstatus: boolean; reviewstatus: boolean } {
  if (q.llmReviewRespons === 1) {
    const next = !(q.llmstatus && q.reviewstatus)
    return { llmstatus: next, reviewstatus: next }
  }
  return { llmstatus: !q.llmstatus, reviewstatus: q.reviewstatus }
}

export const toggleLabel = (q: Pick<Question, 'llmReviewRespons'>) => (q.llmReviewRespons === 1 ? 'Mark as Approved' : 'Mark as approved')

/**
 * The list's filters (issue 25), by the server's rules for the review counts (reviewStateOf):
 * needs review = has an answer not approved (drafts, flagged or not, and people's texts); flagged =
 * needing review with a warning; empty = no answer and not approved.
 */
export type Tab = 'all' | 'review' | 'flagged' | 'approved' | 'empty'
export const TABS: [Tab, string][] = [
  ['all', 'VIEW ALL'],
  ['review', 'NEEDS REVIEW'],
  ['flagged', 'FLAGGED'],
  ['approved', 'APPROVED'],
  ['empty', 'EMPTY'],
]
type Stated = Parameters<typeof reviewStateOf>[0]
export function inTab(q: Stated, tab: Tab): boolean {
  const state = reviewStateOf(q)
  switch (tab) {
    case 'all':
      return true
    case 'review':
      return state === 'drafted' || state === 'flagged' || state === 'written'
    default:
      return state === tab
  }
}

/** A tab's figure, from the server's review counts. */
export const tabCount = (c: ReviewCounts, tab: Tab) => ({ all: c.total, review: c.needsReview, flagged: c.flagged, approved: c.approved, empty: c.empty })[tab]

/** What a list row says of its question, in words (its icon is decoration: never colour or icon alone). */
export const STATE_WORDS: Record<ReviewState, { icon: string; text: string }> = {
  approved: { icon: '✓', text: 'Approved' },
  drafted: { icon: '✎', text: 'Drafted' },
  flagged: { icon: '⚠', text: 'Flagged' },
  written: { icon: '✎', text: 'Edited, not approved' },
  empty: { icon: '○', text: 'Empty' },
}

/** Can be approved in bulk without a second look: a drafter's draft, no warning, not approved. */
export const quietDraft = (q: Stated) => reviewStateOf(q) === 'drafted'
