// The comments thread of a reviewed question (spec §7: /enterprise/comment/list and /add).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export interface Comment {
  _id: string
  comment: string
  commentType: 'enterprise'
  questionId: string
  questionnairesId: string
  user: { firstName: string; lastName: string }
  createdAt: string
}

const key = (questionId: string) => ['comments', questionId]

export const useComments = (questionnairesId: string, questionId: string | undefined) =>
  useQuery({
    queryKey: key(questionId ?? ''),
    enabled: Boolean(questionId),
    queryFn: () =>
      api.get<{ data: Comment[] }>(`/api/enterprise/comment/list?questionId=${encodeURIComponent(questionId!)}&questionnairesId=${encodeURIComponent(questionnairesId)}`).then((r) => r.data),
  })

export function useAddComment(questionnairesId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: { questionId: string; comment: string }) =>
      api.post<{ data: Comment }>('/api/enterprise/comment/add', { ...body, commentType: 'enterprise', questionnairesId }).then((r) => r.data),
    onSuccess: (c) => qc.setQueryData<Comment[]>(key(c.questionId), (list) => [...(list ?? []), c]),
  })
}
