import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Envelope } from '../../../lib/api-client'

export interface Profile {
  _id: string
  firstName: string
  lastName: string
  email: string
}

export const getProfile = (id: string) => api.get<Envelope<Profile>>(`/api/userprofile/${encodeURIComponent(id)}`)

export const getProfileQueryOptions = (id: string) => queryOptions({ queryKey: ['profile', id], queryFn: () => getProfile(id) })

export const useProfile = (id: string) => useQuery({ ...getProfileQueryOptions(id), enabled: Boolean(id) })
