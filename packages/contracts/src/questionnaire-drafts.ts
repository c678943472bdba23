// Drafts and their review (issue 25), one way everywhere: who drafted an answer in words, the review
// counts every screen shows (dashboard, client drawer, review header, the list's filters), and the
// bulk approval with its undo. Server and console both use these, so their words and sums agree.
import { type Static, Type } from 'typebox'
import { AnswerVersion } from './answer-conflict.js'
import { QuestionnaireId } from './questionnaire-common.js'

const Count = Type.Integer({ minimum: 0 })

/** Where the console explains the drafter and how to configure a model (another screen's route). */
export const DRAFTER_SETTINGS_PATH = '/settings/drafter'

/**
 * A questionnaire's review counts. Every question is exactly one of approved, needsReview (has an
 * answer, a draft or a person's text, not approved) and empty (no answer, not approved):
 * approved + needsReview + empty = total. flagged: needing review with a warning (a reason);
 * drafted: with a drafter's answer, approved or not; bySource: those drafts per drafter.
 */
export const ReviewCounts = Type.Object({
  total: Count,
  approved: Count,
  needsReview: Count,
  flagged: Count,
  empty: Count,
  drafted: Count,
  bySource: Type.Object({ library: Count, pair: Count, documents: Count, model: Count }),
  /** The model that wrote the model's drafts ('' when none did). */
  model: Type.String(),
})
export type ReviewCounts = Static<typeof ReviewCounts>

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

/** POST /api/questionnaires/answer/approve-bulk: the questions to approve, each with the version the reviewer saw. */
export const BulkApproveBody = Type.Object(
  {
    questions: Type.Array(Type.Object({ questionId: QuestionnaireId, version: AnswerVersion }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 2000,
    }),
  },
  { additionalProperties: false },
)
export type BulkApproveBody = Static<typeof BulkApproveBody>

/** A question's approval before a bulk change, and the version the change gave it (for the undo). */
export const ApprovalState = Type.Object(
  { questionId: QuestionnaireId, llmstatus: Type.Boolean(), reviewstatus: Type.Boolean(), version: AnswerVersion },
  { additionalProperties: false },
)
export type ApprovalState = Static<typeof ApprovalState>

/** POST /api/questionnaires/answer/approve-bulk/undo: restores exactly these questions (refused, 409, when one changed since). */
export const BulkUndoBody = Type.Object({ previous: Type.Array(ApprovalState, { minItems: 1, maxItems: 2000 }) }, { additionalProperties: false })
export type BulkUndoBody = Static<typeof BulkUndoBody>

/** Both bulk routes: how many changed, and the states to send back to undo it. */
export const BulkApprovalReply = Type.Object({
  status: Type.Boolean(),
  message: Type.Optional(Type.String()),
  data: Type.Object({ changed: Count, previous: Type.Array(ApprovalState) }),
})
export type BulkApprovalReply = Static<typeof BulkApprovalReply>
