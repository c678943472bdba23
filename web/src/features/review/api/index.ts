// A questionnaire's review (questionnaire service; docs/questionnaire-api.md): its question list (what
// the rows show), the question opened (evidence, source, history), the counts, saving an answer, the
// header's details, and the cited documents.
// The wire types are the service's contracts (@portal/contracts questionnaire-review.ts, -counts.ts).
import type {
  ApprovalState,
  BulkApprovalReply,
  BulkApproveBody,
  BulkUndoBody,
  AnswerClearBody,
  AnswerUpdateBody,
  AnswerUpdateReply,
  Question,
  QuestionDetailReply,
  QuestionListItem,
  QuestionListReply,
  QuestionnaireCountsReply,
  QuestionnaireDetailsReply,
} from '@portal/contracts'
import { reviewStateOf } from '@portal/contracts/drafts-text'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { conflictOf } from '../../../components/ui/merge-panel'
import { api, fetchFile } from '../../../lib/api-client'
import { saveBlob } from '../../../lib/save-blob'

export type { HistoryEntry, Question, QuestionDetail, QuestionListItem } from '@portal/contracts'

/** The questionnaire, and the client it was uploaded for (the page's header). */
export type QuestionnaireDetails = QuestionnaireDetailsReply['data']

export const useQuestionnaireDetails = (id: string) =>
  useQuery({
    queryKey: ['questionnaire-details', id],
    queryFn: () => api.get<QuestionnaireDetailsReply>(`/api/questionnaires/${encodeURIComponent(id)}/details`).then((r) => r.data),
  })

/**
 * Where a knowledge-base document is shown, at a page (@portal/contracts knowledgeDocumentPath: the
 * service answers it inline, and the browser's PDF viewer opens `#page=N`).
 */
export const documentPath = (id: string, page?: number | null) => `/api/compliancefile/${encodeURIComponent(id)}/view${page && page > 0 ? `#page=${page}` : ''}`

/**
 * Opens a cited document in a new tab at its page. The API wants the bearer header, which a plain
 * link cannot send: the tab is opened at once (so no popup blocker stops it), then given the
 * document's bytes as an object URL with the page. Without a tab (blocked), the file is saved.
 */
export async function openDocument(id: string, page: number | null | undefined, fileName: string): Promise<void> {
  const tab = window.open('', '_blank')
  if (tab) tab.opener = null
  try {
    const blob = await fetchFile(documentPath(id))
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }))
    setTimeout(() => URL.revokeObjectURL(url), 10 * 60_000)
    const at = `${url}${page && page > 0 ? `#page=${page}` : ''}`
    if (tab) tab.location.href = at
    else saveBlob(blob, fileName)
  } catch (err) {
    tab?.close()
    throw err
  }
}

export type Counts = QuestionnaireCountsReply

export const useQuestions = (id: string) =>
  useQuery({ queryKey: ['questions', id], queryFn: () => api.get<QuestionListReply>(`/api/getquestionlist/${id}`).then((r) => r.data) })

/**
 * The question opened (issue 26): its evidence, cited source and history, which the list leaves out.
 * The last entries of the history unless `allHistory` (the reviewer asked for the rest).
 */
export const useQuestion = (questionId: string | undefined, allHistory = false) =>
  useQuery({
    queryKey: ['question', questionId, allHistory ? 'all' : 'last'],
    enabled: Boolean(questionId),
    queryFn: () =>
      api.get<QuestionDetailReply>(`/api/questionnaires/question/${encodeURIComponent(questionId!)}${allHistory ? '?history=all' : ''}`).then((r) => r.data),
  })

/** A saved question as the list shows it (the server's list row, from the save's reply). */
export const listItemOf = (q: Question): QuestionListItem => ({
  _id: q._id,
  questionId: q.questionId,
  question: q.question,
  answer: q.answer,
  choiceValue: q.choiceValue,
  choices: q.choices,
  reviewstatus: q.reviewstatus,
  llmstatus: q.llmstatus,
  llmReviewRespons: q.llmReviewRespons,
  drafted: q.drafted,
  reviewReason: q.reviewReason,
  state: reviewStateOf(q),
  answerSource: q.answerSource,
  draftedBy: q.draftedBy,
  draftedAt: q.draftedAt,
  personAnswer: q.personAnswer,
  version: q.version,
  updatedAt: q.updatedAt,
})

export const useCounts = (id: string) =>
  useQuery({ queryKey: ['counts', id], queryFn: () => api.get<QuestionnaireCountsReply>(`/api/questionnaires/count/${id}`) })

/**
 * What the page sends: both flags always; `choiceValue` only when the reviewer picked one (null
 * clears it); the `version` the answer was edited from, so a save someone else's came before is
 * refused (409, the merge panel) instead of replacing their text.
 */
export type AnswerUpdate = Pick<AnswerUpdateBody, 'questionId' | 'answer' | 'choiceValue'> &
  Required<Pick<AnswerUpdateBody, 'reviewstatus' | 'llmstatus' | 'version'>>

/**
 * A question as the server saved it, put in the page's list, its opened view asked for again (the
 * history grew); the counts asked for again shortly after (spec §4).
 */
function useSavedQuestion(questionnaireId: string) {
  const qc = useQueryClient()
  const patch = (id: string, change: (q: QuestionListItem) => QuestionListItem) =>
    qc.setQueryData<QuestionListItem[]>(['questions', questionnaireId], (list) => list?.map((x) => (x._id === id ? change(x) : x)))
  const reopen = (id: string) => void qc.invalidateQueries({ queryKey: ['question', id] })
  const saved = (q: Question) => {
    patch(q._id, () => listItemOf(q))
    reopen(q._id)
    setTimeout(() => void qc.invalidateQueries({ queryKey: ['counts', questionnaireId] }), 500)
  }
  const refetch = (id?: string) => {
    void qc.invalidateQueries({ queryKey: ['questions', questionnaireId] })
    if (id) reopen(id)
  }
  return { patch, saved, refetch }
}

export function useSaveAnswer(questionnaireId: string) {
  const { patch, saved, refetch } = useSavedQuestion(questionnaireId)
  return useMutation({
    mutationFn: (body: AnswerUpdate) =>
      api.put<AnswerUpdateReply>('/api/questionnaires/answer', { ...body, answerHistory: [] } satisfies AnswerUpdateBody).then((r) => r.data),
    onSuccess: saved,
    onError: (err, body) => {
      // Someone else saved first: their answer shows at once, the rest of the question (history, flags) on the refetch.
      const now = conflictOf(err, body.answer)?.theirs
      if (!now) return
      patch(now._id, (q) => ({ ...q, answer: now.answer, choiceValue: now.choiceValue, version: now.version }))
      refetch(now._id)
    },
  })
}

/** Clears a wrong draft (text and choice emptied, approval removed; the server keeps the text in the history). */
export function useClearAnswer(questionnaireId: string) {
  const { saved, refetch } = useSavedQuestion(questionnaireId)
  return useMutation({
    mutationFn: (body: AnswerClearBody) => api.post<AnswerUpdateReply>('/api/questionnaires/answer/clear', body).then((r) => r.data),
    onSuccess: saved,
    onError: (_err, body) => refetch(body.questionId),
  })
}

/**
 * Approving several questions at once, and its undo (issue 25): each question is sent with the version
 * the reviewer saw (409 when one changed since); the reply's `previous` states undo exactly those.
 * The list and the counts are asked for again either way.
 */
export function useBulkApproval(questionnaireId: string) {
  const qc = useQueryClient()
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['questions', questionnaireId] })
    void qc.invalidateQueries({ queryKey: ['counts', questionnaireId] })
    void qc.invalidateQueries({ queryKey: ['question'] })
  }
  const approve = useMutation({
    mutationFn: (questions: Pick<QuestionListItem, '_id' | 'version'>[]) =>
      api
        .post<BulkApprovalReply>('/api/questionnaires/answer/approve-bulk', {
          questions: questions.map((q) => ({ questionId: q._id, version: q.version })),
        } satisfies BulkApproveBody)
        .then((r) => r.data),
    onSettled: refresh,
  })
  const undo = useMutation({
    mutationFn: (previous: ApprovalState[]) =>
      api.post<BulkApprovalReply>('/api/questionnaires/answer/approve-bulk/undo', { previous } satisfies BulkUndoBody).then((r) => r.data),
    onSettled: refresh,
  })
  return { approve, undo }
}
