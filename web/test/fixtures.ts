// Data several suites share: a trust center's two documents (one public, one behind approval) and
// the fields of a drafted question on the review page.
import type { TrustDocument } from '../src/public-trust/api'

export const TRUST_DOCUMENTS: TrustDocument[] = [
  {
    _id: 'd1',
    title: 'Overview',
    fileName: 'overview.pdf',
    visibility: 'public',
    size: 2048,
    mimeType: 'application/pdf',
    createdAt: '2026-11-23T00:00:00.000Z',
  },
  {
    _id: 'd2',
    title: 'SOC 2 report',
    fileName: 'soc2.pdf',
    visibility: 'approval',
    size: 4096,
    mimeType: 'application/pdf',
    createdAt: '2026-11-23T00:00:00.000Z',
  },
]

/** A drafted, unreviewed question with no choices, comment, history or source; suites add the rest. */
export const draftedQuestion = () => ({
  choiceValue: null,
  choices: [] as string[],
  reviewstatus: false,
  llmstatus: false,
  llmReviewRespons: 0,
  drafted: true,
  comment: '',
  answerHistory: [] as { answer: string; createdAt: string; name: string }[],
  retrievedNarrative: '',
  documentName: '',
  fileAndFolder: '',
  updatedAt: '2026-03-02T09:00:00Z',
})
