// The trust-center calls of the console (docs/trust-center-api.md), as react-query hooks; the
// payloads' types are the service's contract (@portal/contracts).
import type {
  Paged,
  LogoReply,
  OverviewBody,
  PublishReply,
  TextBlockBody,
  ThemeBody,
  TrustAccount,
  TrustClientDetails,
  TrustCompanyInfo,
  TrustHistoryEntry,
  TrustNdaAcceptance,
  TrustOverview,
  TrustThemeSettings,
} from '@portal/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Category, ComplianceRecord, Item, Nda, Theme, TrustDocument, TrustPage } from '../../../public-trust/api'

export type { Category, ComplianceRecord, Item, Nda, Theme, TrustDocument, TrustPage }

export type ClientDetails = TrustClientDetails
export type CompanyInfo = TrustCompanyInfo
export type Overview = TrustOverview
/** `ndaAccepted`: the requester accepted the NDA (typed in, unproven); `ndaConfirmed`: and followed the access link mailed to that email. */
export type Account = TrustAccount
export type HistoryEntry = TrustHistoryEntry
/** One NDA acceptance; `confirmed` once the visitor followed the access link mailed to `email`. */
export type NdaAcceptance = TrustNdaAcceptance

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data)

/** A mutation that refreshes the listed queries when it succeeds. */
function useSave<A, R = unknown>(fn: (a: A) => Promise<R>, ...keys: string[][]) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey }))) })
}

export const useClientDetails = () =>
  useQuery({ queryKey: ['clientDetails'], queryFn: () => data(api.get<{ data: ClientDetails[] }>('/api/clientDetails')).then((d) => d[0]!) })
export const usePublish = () =>
  useSave((subdomain: string) => api.post<PublishReply>('/api/fs/add-cname', { subdomain }), ['clientDetails'], ['domainnamestatus'])
export const useUnpublish = () =>
  useSave(() => api.post<{ status: boolean; message?: string }>('/api/fs/remove-cname', {}), ['clientDetails'], ['domainnamestatus'])
export interface SiteStatus {
  hostname: string
  published: boolean
  url: string
}
/** The trust center's host, whether it is public, and its URL (as the server builds it). */
export const useSiteStatus = () =>
  useQuery({ queryKey: ['domainnamestatus'], queryFn: () => data(api.get<{ data: SiteStatus[] }>('/api/domainnamestatus')).then((d) => d[0]!) })
export const useCompanyInfo = () => useQuery({ queryKey: ['companyinfo'], queryFn: () => data(api.get<{ data: CompanyInfo }>('/api/companyinfo')) })
export const useSaveCompanyInfo = () => useSave((body: { companyTitle: string; logo: string | null }) => api.post('/api/companyinfo', body), ['companyinfo'])
export const uploadLogo = (file: File) => {
  const form = new FormData()
  form.append('file', file)
  return data(api.upload<LogoReply>('/api/fs/upload-logo', form))
}
export const useTheme = () => useQuery({ queryKey: ['themecolor'], queryFn: () => data(api.get<{ data: TrustThemeSettings }>('/api/themecolor')) })
export const useSaveTheme = () =>
  useSave(
    (t: TrustThemeSettings) => {
      const { _id, ...rest } = t
      const colours: ThemeBody = rest
      return _id ? api.put(`/api/themecolor/update/${_id}`, colours) : api.post('/api/themecolor/save', colours)
    },
    ['themecolor'],
  )

export const useOverview = () => useQuery({ queryKey: ['overview'], queryFn: () => data(api.get<{ data: Overview | null }>('/api/overview')) })
export const useSaveOverview = () =>
  useSave(
    (o: Required<OverviewBody> & { _id?: string | undefined }) =>
      o._id
        ? api.put(`/api/overview/update/${o._id}`, { subTitle: o.subTitle, description: o.description })
        : api.post('/api/overview/save', { subTitle: o.subTitle, description: o.description }),
    ['overview'],
  )

export const useSecurity = () => useQuery({ queryKey: ['security'], queryFn: () => data(api.get<{ data: Category[] }>('/api/security')) })
export const useSecurityMutations = () => {
  const k = ['security']
  return {
    add: useSave((b: TextBlockBody) => api.post('/api/security/save', b), k),
    update: useSave(
      (b: { id: string; title: string; description: string }) => api.put(`/api/security/update/${b.id}`, { title: b.title, description: b.description }),
      k,
    ),
    remove: useSave((id: string) => api.delete(`/api/security/delete/${id}`), k),
    addItem: useSave(
      (b: { id: string; title: string; description: string }) => api.post(`/api/security/addsubdata/${b.id}`, { title: b.title, description: b.description }),
      k,
    ),
    updateItem: useSave(
      (b: { id: string; itemId: string; title: string; description: string }) =>
        api.put(`/api/security/subdata/${b.id}/${b.itemId}`, { title: b.title, description: b.description }),
      k,
    ),
    removeItem: useSave((b: { id: string; itemId: string }) => api.delete(`/api/security/delete/${b.id}/${b.itemId}`), k),
  }
}

export const useCompliance = () => useQuery({ queryKey: ['compliance'], queryFn: () => data(api.get<{ data: ComplianceRecord[] }>('/api/compliance')) })
export const useComplianceMutations = () => {
  const k = ['compliance']
  return {
    save: useSave((c: Omit<ComplianceRecord, '_id'> & { _id?: string | undefined }) => {
      const { _id, ...body } = c
      return _id ? api.put(`/api/compliance/update/${_id}`, body) : api.post('/api/compliance/save', body)
    }, k),
    remove: useSave((id: string) => api.delete(`/api/compliance/delete/${id}`), k),
  }
}

export const useDocuments = () => useQuery({ queryKey: ['documents'], queryFn: () => data(api.get<{ data: TrustDocument[] }>('/api/documentslist')) })
export const useDocumentMutations = () => {
  const k = ['documents']
  return {
    upload: useSave((b: { file: File; title: string; visibility: TrustDocument['visibility'] }) => {
      const form = new FormData()
      form.append('title', b.title)
      form.append('visibility', b.visibility)
      form.append('file', b.file)
      return api.upload('/api/fs/upload-docs', form)
    }, k),
    update: useSave(
      (b: { id: string; title?: string; visibility?: TrustDocument['visibility'] }) =>
        api.put(`/api/documents/${b.id}`, { title: b.title, visibility: b.visibility }),
      k,
    ),
    remove: useSave((id: string) => api.delete(`/api/documents/${id}`), k),
  }
}

export const useNda = () => useQuery({ queryKey: ['nda'], queryFn: () => data(api.get<{ data: Nda | null }>('/api/ndalist')) })
export const useSaveNda = () =>
  useSave(
    (n: { _id?: string | undefined; description: string }) =>
      n._id ? api.put(`/api/nda/update/${n._id}`, { description: n.description }) : api.post('/api/nda/save', { description: n.description }),
    ['nda'],
  )

export const useNdaAcceptances = (page: number) =>
  useQuery({ queryKey: ['nda-acceptances', page], queryFn: () => api.get<Paged<NdaAcceptance>>(`/api/nda/acceptances?page=${page}&pageSize=10`) })

export const useAccounts = (page: number, approved: boolean) =>
  useQuery({
    queryKey: ['accounts', approved, page],
    queryFn: () => api.get<Paged<Account>>(`/api/accountsrequest?page=${page}&pageSize=10${approved ? '&pageType=approved' : ''}`),
  })
export const useAccountMutations = () => {
  const k = ['accounts']
  return {
    approve: useSave(
      (b: { id: string; approver: { id: string; userName: string } }) =>
        api.put(`/api/accountsapprove/${b.id}`, { Approved: 'approved', approvedbyuser: b.approver }),
      k,
      ['history'],
    ),
    remove: useSave((id: string) => api.delete(`/api/accountsrequest/${id}`), k, ['history']),
  }
}

/** Where staff are emailed about new access requests ('' : the company's admins). */
export const useRequestNotify = () =>
  useQuery({ queryKey: ['request-notify'], queryFn: () => data(api.get<{ data: { email: string } }>('/api/trust-center/request-notifications')) })
export const useSaveRequestNotify = () =>
  useSave((email: string) => api.put<{ message: string; data: { email: string } }>('/api/trust-center/request-notifications', { email }), ['request-notify'])

export const useHistory = (page: number, pageType: string) =>
  useQuery({
    queryKey: ['history', pageType, page],
    queryFn: () => api.get<Paged<HistoryEntry>>(`/api/trustcenterhistroy?page=${page}&pageSize=10&pageType=${pageType}`),
  })

export const usePreview = () => useQuery({ queryKey: ['preview'], queryFn: () => data(api.get<{ data: TrustPage }>('/api/trustcenter')) })
