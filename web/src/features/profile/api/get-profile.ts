import type { ProfileReply } from '@portal/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type { Profile } from '@portal/contracts'

export const getProfile = (id: string) => api.get<ProfileReply>(`/api/userprofile/${encodeURIComponent(id)}`)

export const getProfileQueryOptions = (id: string) => queryOptions({ queryKey: ['profile', id], queryFn: () => getProfile(id) })

export const useProfile = (id: string) => useQuery({ ...getProfileQueryOptions(id), enabled: Boolean(id) })
