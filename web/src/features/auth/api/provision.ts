import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export interface ProvisionReply {
  success: boolean
  message?: string
}

export const updateProvisioned = (email: string) => api.put<ProvisionReply>('/api/fs/update_provisioned', { email })
export const useUpdateProvisioned = () => useMutation({ mutationFn: updateProvisioned })
