import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Envelope } from '../../../lib/api-client'

export const invitePerson = (email: string) => api.post<Envelope<unknown>>('/api/people/invite', { email, status: 'invited' })

export const useInvitePerson = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: invitePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  })
}
