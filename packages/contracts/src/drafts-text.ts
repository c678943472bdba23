// Drafts in words (issue 25), without schemas so the console can import them as they are: who drafted
// an answer, one line on a questionnaire's drafters, and the state of a question at a glance, by the
// same rules as the server's review counts (questionnaire-drafts.ts, questionnaire-store review.repo.ts).
import type { ReviewCounts } from './questionnaire-drafts.js'

/** Where the console explains the drafter and how to configure a model (another screen's route). */
export const DRAFTER_SETTINGS_PATH = '/settings/drafter'

export const noReviewCounts = (total = 0): ReviewCounts => ({
  total,
  approved: 0,
  needsReview: 0,
  flagged: 0,
  empty: total,
  drafted: 0,
  bySource: { library: 0, pair: 0, documents: 0, model: 0 },
  model: '',
})

type Source = '' | 'library' | 'pair' | 'documents' | 'model'

/** The drafter as a name (the history's "who"): a model by its name. '' for a person's answer. */
export function drafterName(source: Source, model = ''): string {
  switch (source) {
    case 'documents':
      return 'Offline drafter'
    case 'model':
      return model || 'Language model'
    case 'library':
      return 'Answer library'
    case 'pair':
      return "A document's Q&A"
    default:
      return ''
  }
}

/** Who drafted an answer, as the review page says it. '' for a person's answer. */
export function draftedByLine(source: Source, model = ''): string {
  switch (source) {
    case 'documents':
      return 'Drafted by the offline drafter (from your documents)'
    case 'model':
      return `Drafted by ${model || 'the language model'}`
    case 'library':
      return 'From the answer library'
    case 'pair':
      return "From a document's Q&A"
    default:
      return ''
  }
}

/**
 * One line on who drafted a questionnaire's answers, and whether to suggest configuring a model
 * (when the offline drafter wrote any). '' when nothing was drafted.
 */
export function draftersSummary(c: Pick<ReviewCounts, 'bySource' | 'model'>): { text: string; suggestModel: boolean } {
  const { library, pair, documents, model } = c.bySource
  const parts = [
    documents ? `the offline drafter (${documents})` : '',
    model ? `${c.model || 'the language model'} (${model})` : '',
    library ? `the answer library (${library})` : '',
    pair ? `documents' Q&A (${pair})` : '',
  ].filter(Boolean)
  if (!parts.length) return { text: '', suggestModel: false }
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]
  return { text: `Drafts by ${list}`, suggestModel: documents > 0 }
}

/** The state of one question at a glance (the list's rows and filters), by the same rules as ReviewCounts. */
export type ReviewState = 'approved' | 'flagged' | 'drafted' | 'written' | 'empty'

export function reviewStateOf(q: {
  llmstatus: boolean
  answer: string
  choiceValue: string | null
  llmReviewRespons: 0 | 1
  answerSource: Source
  personAnswer: boolean
}): ReviewState {
  if (q.llmstatus) return 'approved'
  if (!q.answer && q.choiceValue === null) return 'empty'
  if (q.llmReviewRespons === 1) return 'flagged'
  return q.answerSource && !q.personAnswer ? 'drafted' : 'written'
}
