// The drafter settings (questionnaire service, @portal/contracts knowledge-base.ts): which drafter
// drafts answers, and the admins' connection test.
import type { DrafterSettingsReply, DrafterTestReply } from '@portal/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export const useDrafterSettings = () => useQuery({ queryKey: ['drafter'], queryFn: () => api.get<DrafterSettingsReply>('/api/drafter').then((r) => r.data) })

export const useTestDrafter = () => useMutation({ mutationFn: () => api.post<DrafterTestReply>('/api/drafter/test').then((r) => r.data) })
