import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '../../../lib/api-client'

export interface HostnameReply {
  status?: boolean
  isSpecialDomain?: boolean
  dbName?: string
}

/** Host names with more than two dot-separated parts may be a published trust center (spec §1).
 * IP addresses are never customer hosts. */
export function mayBeSpecialDomain(hostname: string): boolean {
  if (/^\d+(\.\d+){3}$/.test(hostname) || hostname.includes(':')) return false
  return hostname.split('.').length > 2
}

/** A 404 means "not special", like an explicit false. */
export const checkHostname = async (hostname: string): Promise<HostnameReply> => {
  try {
    return await api.get<HostnameReply>(`/api/fs/check-hostname?hostname=${encodeURIComponent(hostname)}`)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { isSpecialDomain: false }
    throw err
  }
}

export const getCheckHostnameQueryOptions = (hostname: string) =>
  queryOptions({ queryKey: ['check-hostname', hostname], queryFn: () => checkHostname(hostname), staleTime: Number.POSITIVE_INFINITY, retry: false })

export const useCheckHostname = (hostname: string) => useQuery({ ...getCheckHostnameQueryOptions(hostname), enabled: mayBeSpecialDomain(hostname) })
