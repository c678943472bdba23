// SCIM provisioning settings (admins): the endpoint, whether a token is live, the admin group; a new
// token (its value only in the mutation's result, never in the query cache) and its revocation.
import type { MessageReply, ScimSettingsBody, ScimSettingsReply, ScimTokenReply } from '@portal/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

const KEY = ['scim-settings']

export const useScimSettings = () => useQuery({ queryKey: KEY, queryFn: () => api.get<ScimSettingsReply>('/api/scim').then((r) => r.data) })

export const useNewScimToken = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<ScimTokenReply>('/api/scim/token').then((r) => r.data.token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

export const useRevokeScimToken = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete<MessageReply>('/api/scim/token'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

export const useSaveAdminGroup = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (adminGroup: string) => api.put<ScimSettingsReply>('/api/scim', { adminGroup } satisfies ScimSettingsBody),
    onSuccess: (reply) => queryClient.setQueryData(KEY, reply.data),
  })
}
