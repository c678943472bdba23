import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Envelope } from '../../../lib/api-client'

export const getInvite = (token: string) =>
  api.get<Envelope<{ email: string }>>(`/api/people/invite/${encodeURIComponent(token)}`)

export const getInviteQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invite', token], queryFn: () => getInvite(token), retry: false, staleTime: Number.POSITIVE_INFINITY })

export const useInvite = (token: string | null) => useQuery({ ...getInviteQueryOptions(token ?? ''), enabled: Boolean(token) })
