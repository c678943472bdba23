import type { InviteLookupReply } from '@portal/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export const getInvite = (token: string) => api.get<InviteLookupReply>(`/api/people/invite/${encodeURIComponent(token)}`)

export const getInviteQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invite', token], queryFn: () => getInvite(token), retry: false, staleTime: Number.POSITIVE_INFINITY })

export const useInvite = (token: string | null) => useQuery({ ...getInviteQueryOptions(token ?? ''), enabled: Boolean(token) })
