import type { AuditPage, AuditVerification } from '@portal/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { PAGE_SIZE } from '../../../config/constants'
import { api, downloadFile } from '../../../lib/api-client'

export type { AuditEntry, AuditPage, AuditVerification } from '@portal/contracts'

export interface AuditFilter {
  action: string
  actor: string
}

/** Only the filters that are set go in the query (an empty action would not match the server's pattern). */
export function auditPath(page: number, filter: AuditFilter): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) })
  if (filter.action) q.set('action', filter.action)
  if (filter.actor.trim()) q.set('actor', filter.actor.trim())
  return `/api/audit?${q}`
}

export const getAuditQueryOptions = (page: number, filter: AuditFilter) =>
  queryOptions({ queryKey: ['audit', page, filter.action, filter.actor.trim()], queryFn: () => api.get<AuditPage>(auditPath(page, filter)) })

export const useAuditLog = (page: number, filter: AuditFilter) => useQuery({ ...getAuditQueryOptions(page, filter), placeholderData: keepPreviousData })

export const useVerifyAudit = () =>
  useMutation({ mutationFn: async () => (await api.get<{ status: boolean; data: AuditVerification }>('/api/audit/verify')).data })

export const useExportAudit = () =>
  useMutation({
    mutationFn: (format: 'csv' | 'json') => downloadFile(`/api/audit/export?format=${format}`, `audit-log-${new Date().toISOString().slice(0, 10)}.${format}`),
  })
