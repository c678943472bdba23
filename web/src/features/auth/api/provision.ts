import type { CompanyReply, ProvisionBody, ProvisionReply } from '@portal/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type { CompanyReply, ProvisionReply }

/** Marks the tenant provisioned; with `companyName`, names the company (the first-run screen). */
export const updateProvisioned = (email: string, companyName?: string) =>
  api.put<ProvisionReply>('/api/fs/update_provisioned', (companyName === undefined ? { email } : { email, companyName }) satisfies ProvisionBody)

/** The trust center's name, shown on its public page (the trust-center service's company title). */
export const saveTrustCenterName = (companyTitle: string) => api.post('/api/companyinfo', { companyTitle })

/** The company's name as sign-up derived it from the email domain (the first-run default). */
export const useCompanyName = (enabled: boolean) =>
  useQuery({ queryKey: ['user', 'company'], queryFn: () => api.get<CompanyReply>('/api/user/company').then((r) => r.data), enabled, retry: 1 })
