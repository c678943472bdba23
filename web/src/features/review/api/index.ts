import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export interface HistoryEntry {
  answer: string
  createdAt: string
  name: string
}

export interface Question {
  _id: string
  questionId: string
  question: string
  answer: string
  choiceValue: string | null
  choices: string[]
  reviewstatus: boolean
  llmstatus: boolean
  llmReviewRespons: 0 | 1
  drafted: boolean
  comment: string
  answerHistory: HistoryEntry[]
  retrievedNarrative: string
  documentName: string
  fileAndFolder: string
  updatedAt: string
  /** Why the answer needs review, in words ('' when nothing is known against it). */
  reviewReason: string
  /** Where the draft came from; '' for a person's answer, or nothing drafted. */
  answerSource: '' | 'library' | 'documents' | 'model'
}

export interface Counts {
  countOfApproved: number
  countOfReview: number
  total: number
}

export const useQuestions = (id: string) =>
  useQuery({ queryKey: ['questions', id], queryFn: () => api.get<{ data: Question[] }>(`/api/getquestionlist/${id}`).then((r) => r.data) })

export const useCounts = (id: string) =>
  useQuery({ queryKey: ['counts', id], queryFn: () => api.get<Counts & { status: boolean }>(`/api/questionnaires/count/${id}`) })

export interface AnswerUpdate {
  questionId: string
  answer: string
  reviewstatus: boolean
  llmstatus: boolean
  /** Sent only when the reviewer picked one; null clears it. */
  choiceValue?: string | null
}

export function useSaveAnswer(questionnaireId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: AnswerUpdate) => api.put<{ data: Question }>('/api/questionnaires/answer', { ...body, answerHistory: [] }).then((r) => r.data),
    onSuccess: (q) => {
      qc.setQueryData<Question[]>(['questions', questionnaireId], (list) => list?.map((x) => (x._id === q._id ? q : x)))
      // Spec §4: counts are recomputed shortly after a change.
      setTimeout(() => void qc.invalidateQueries({ queryKey: ['counts', questionnaireId] }), 500)
    },
  })
}
