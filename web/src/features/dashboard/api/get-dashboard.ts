// The dashboard's calls: one aggregate per owning service (@portal/contracts dashboard.ts) and the
// existing access-request list for what is pending. Each card loads, fails and retries on its own.
import type { OutboundDashboardReply, QuestionnaireDashboardReply, TrustCenterDashboardReply } from '@portal/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { viewerTimeZone } from '../../../lib/format-date'

export type QuestionnaireDashboard = QuestionnaireDashboardReply['data']
export type OutboundDashboard = OutboundDashboardReply['data']
export type TrustCenterDashboard = TrustCenterDashboardReply['data']

/** Days in the trust-center chart, today included. */
export const CHART_DAYS = 30
/** Pending access requests listed (the count covers all of them). */
export const PENDING_SHOWN = 5

export interface PendingRequest {
  _id: string
  firstName: string
  lastName: string
  companyName: string
  workEmail: string
  createdAt: string
}
export interface PendingRequests {
  data: PendingRequest[]
  total: number
}

export const useQuestionnaireDashboard = () =>
  useQuery({
    queryKey: ['dashboard', 'questionnaires'],
    queryFn: () => api.get<QuestionnaireDashboardReply>('/api/questionnaire/dashboard').then((r) => r.data),
  })

export const useOutboundDashboard = () =>
  useQuery({ queryKey: ['dashboard', 'outbound'], queryFn: () => api.get<OutboundDashboardReply>('/api/outbound/dashboard').then((r) => r.data) })

/** Views and downloads per day, the days cut at midnight in the viewer's own time zone. */
export const useTrustCenterDashboard = (timeZone: string = viewerTimeZone()) =>
  useQuery({
    queryKey: ['dashboard', 'trust-center', timeZone],
    queryFn: () => api.get<TrustCenterDashboardReply>(`/api/trust-center/dashboard?days=${CHART_DAYS}&tz=${encodeURIComponent(timeZone)}`).then((r) => r.data),
  })

export const usePendingRequests = () =>
  useQuery({
    queryKey: ['dashboard', 'access-requests'],
    queryFn: () => api.get<PendingRequests>(`/api/accountsrequest?page=1&pageSize=${PENDING_SHOWN}`).then((r) => ({ data: r.data, total: r.total })),
  })
