import type { ApiKeyCreateBody, ApiKeyCreated, ApiKeyList, MessageReply } from '@portal/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type { ApiKeyOut } from '@portal/contracts'

const keys = queryOptions({ queryKey: ['api-keys'], queryFn: () => api.get<ApiKeyList>('/api/api-keys') })
export const useApiKeys = () => useQuery(keys)

export const useCreateApiKey = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) => api.post<ApiKeyCreated>('/api/api-keys', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  })
}

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageReply>(`/api/api-keys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  })
}
