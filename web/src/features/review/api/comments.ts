// The comments thread of a reviewed question (spec §7: /enterprise/comment/list and /add;
// @portal/contracts questionnaire-comments.ts).
import type { AddCommentBody, AddCommentReply, CommentListReply, QuestionComment } from '@portal/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type Comment = QuestionComment

const key = (questionId: string) => ['comments', questionId]

export const useComments = (questionnairesId: string, questionId: string | undefined) =>
  useQuery({
    queryKey: key(questionId ?? ''),
    enabled: Boolean(questionId),
    queryFn: () =>
      api
        .get<CommentListReply>(
          `/api/enterprise/comment/list?questionId=${encodeURIComponent(questionId!)}&questionnairesId=${encodeURIComponent(questionnairesId)}`,
        )
        .then((r) => r.data),
  })

export function useAddComment(questionnairesId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: Pick<AddCommentBody, 'questionId' | 'comment'>) =>
      api
        .post<AddCommentReply>('/api/enterprise/comment/add', { ...body, commentType: 'enterprise', questionnairesId } satisfies AddCommentBody)
        .then((r) => r.data),
    onSuccess: (c) => qc.setQueryData<Comment[]>(key(c.questionId), (list) => [...(list ?? []), c]),
  })
}
