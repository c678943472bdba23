// The drafter's track record (@portal/contracts answer-quality.ts): per source of the drafts, how
// reviewers treated them, for the whole tenant or one questionnaire.
import type { AnswerQuality, AnswerQualityReply, DraftSource, SourceQuality } from '@portal/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type { AnswerQuality, DraftSource, SourceQuality }

/** The sources in plain words: the offline drafter is named for what it cites. */
export const SOURCE_NAMES: Record<DraftSource, string> = {
  library: 'Library',
  pair: 'Document Q&A',
  sentence: 'Sentence from your documents',
  model: 'Model',
}

/** The sources in the order shown. Taken from the names (a Record of every DraftSource, so a new source
 * fails the build there) rather than the contracts' DRAFT_SOURCES: that value would bring typebox into the bundle. */
export const DRAFT_SOURCES = Object.keys(SOURCE_NAMES) as DraftSource[]

/** `questionnaireId` undefined: the whole tenant. `enabled` false: not asked until shown. */
export const useAnswerQuality = (questionnaireId?: string, enabled = true) =>
  useQuery({
    queryKey: ['answer-quality', questionnaireId ?? null],
    enabled,
    queryFn: () =>
      api.get<AnswerQualityReply>(`/api/answer-quality${questionnaireId ? `?questionnaireId=${encodeURIComponent(questionnaireId)}` : ''}`).then((r) => r.data),
  })

/** Drafts a person has acted on: every draft but those still pending. */
export const reviewed = (q: SourceQuality) => Math.max(0, q.drafted - q.pending)
