import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Envelope } from '../../../lib/api-client'

export const deletePerson = (id: string) => api.delete<Envelope<unknown>>(`/api/people/${encodeURIComponent(id)}`)

export const useDeletePerson = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  })
}
