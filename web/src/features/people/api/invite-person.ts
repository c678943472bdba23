import type { InviteBody, MessageReply } from '@portal/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export const invitePerson = (email: string) => api.post<MessageReply>('/api/people/invite', { email, status: 'invited' } satisfies InviteBody)

export const useInvitePerson = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: invitePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  })
}
