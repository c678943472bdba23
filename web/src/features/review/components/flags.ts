// Spec §4 review flags, in one place.
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

export type Tab = 1 | 2 | 3
export const inTab = (q: Pick<Question, 'llmstatus'>, tab: Tab) => tab === 1 || (tab === 2 ? !q.llmstatus : q.llmstatus)
