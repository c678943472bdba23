// Words and numbers of the outbound screens, kept pure (format.test.tsx).
import { type OutboundLink, type OutboundSummary, outboundStatusText, type TemplateSummary } from '@portal/contracts'
import { formatDateTime } from '../../../lib/format-date'

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const

/** Spec §9: Bytes, KB, MB, GB in steps of 1024, two decimals ('0 Bytes' for none). */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${UNITS[i]}`
}

/** 'Pending' until the recipient submits; then 'Complete' only when every question has an answer, else 'Submitted, 2 of 3 answered' (issue 25). */
export const statusText = (o: { status: boolean; answered: number; total: number }): string => outboundStatusText(o)

export const collaboratorsText = (n: number): string => (n > 0 ? `${n} collaborator(s)` : '')

/** How far reading the file got (its columns may wait for a check), then how many questions have an answer. */
export function progressText(o: Pick<OutboundSummary, 'state' | 'error' | 'total' | 'answered'>): string {
  if (o.state === 'queued') return 'Queued for reading…'
  if (o.state === 'running') return 'Reading the questionnaire…'
  if (o.state === 'failed') return o.error || 'The questionnaire could not be read'
  if (o.state === 'check') return 'Check the columns'
  return `Answered ${o.answered} of ${o.total}`
}

/** A template's questions: being read, failed (with why), waiting for its columns to be checked, or how many were found. */
export function templateStateText(t: Pick<TemplateSummary, 'state' | 'error' | 'total'>): string {
  if (t.state === 'queued') return 'Queued for reading…'
  if (t.state === 'running') return 'Reading the questions…'
  if (t.state === 'failed') return t.error || 'The questions could not be read'
  if (t.state === 'check') return 'Check the columns'
  return t.total === 1 ? '1 question' : `${t.total} questions`
}

export type LinkState = 'active' | 'expired' | 'revoked'

export function linkState(link: OutboundLink, now = Date.now()): LinkState {
  if (link.revoked) return 'revoked'
  const expires = new Date(link.expiresAt).getTime()
  return Number.isFinite(expires) && expires <= now ? 'expired' : 'active'
}

export function linkText(link: OutboundLink, now = Date.now()): string {
  const state = linkState(link, now)
  if (state === 'revoked') return 'Link revoked'
  return `${state === 'expired' ? 'Link expired' : 'Link expires'} ${formatDateTime(link.expiresAt)}`
}

/** Questions with an answer, and their share in whole percent. */
export function answeredShare(questions: readonly { answer: string }[]): { answered: number; total: number; percent: number } {
  const total = questions.length
  const answered = questions.filter((q) => q.answer.trim() !== '').length
  return { answered, total, percent: total ? Math.round((answered / total) * 100) : 0 }
}
