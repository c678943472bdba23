import type { MessageReply } from '@portal/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export const deletePerson = (id: string) => api.delete<MessageReply>(`/api/people/${encodeURIComponent(id)}`)

export const useDeletePerson = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  })
}
