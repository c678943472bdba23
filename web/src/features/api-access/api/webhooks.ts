import type { MessageReply, WebhookCreateBody, WebhookCreated, WebhookDeliveries, WebhookList } from '@portal/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type { WebhookDelivery, WebhookOut } from '@portal/contracts'

const hooks = queryOptions({ queryKey: ['webhooks'], queryFn: () => api.get<WebhookList>('/api/webhooks') })
export const useWebhooks = () => useQuery(hooks)

export const useDeliveries = (id: string) =>
  useQuery({ queryKey: ['webhooks', id, 'deliveries'], queryFn: () => api.get<WebhookDeliveries>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`) })

export const useCreateWebhook = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: WebhookCreateBody) => api.post<WebhookCreated>('/api/webhooks', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  })
}

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageReply>(`/api/webhooks/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  })
}

export const useReplay = (webhookId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<MessageReply>(`/api/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`),
    // The replay runs in the background: the log is read again shortly after.
    onSuccess: () => setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['webhooks', webhookId, 'deliveries'] }), 1500),
  })
}
