// What staff sent (docs/outbound-api.md): the paged list, sending, deleting, the emailed link
// (revoke, resend), collaborators and the sent file.
import type {
  CompanyReply,
  TrustCompanyInfo,
  CollaboratorBody,
  CollaboratorsReply,
  LinkReply,
  OutboundListReply,
  MessageReply,
  OutboundSaveFields,
  OutboundSaveReply,
  OutboundSummary,
  ResendBody,
} from '@portal/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { PAGE_SIZE } from '../../../config/constants'
import { api, downloadFile } from '../../../lib/api-client'
import { LIST_KEY } from './keys'

export type { OutboundSummary } from '@portal/contracts'
const base = (id: string) => `/api/outbound/${encodeURIComponent(id)}`
export const extracting = (o: Pick<OutboundSummary, 'state'>) => o.state === 'queued' || o.state === 'running'

/**
 * A page of the list. `pollMs`: how often to ask again while a row is still being read (the rows'
 * event streams make it rarer; without them it is the fallback).
 */
export const useOutboundList = (page: number, pollMs: () => number) =>
  useQuery({
    queryKey: [...LIST_KEY, page],
    queryFn: () => api.get<OutboundListReply>(`/api/outbound/list?page=${page}&pageSize=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(extracting) ? pollMs() : false),
  })

/** The send form's values as the server takes them (OutboundSaveFields): a file, or a template's id. */
export type SendValues = Required<Pick<OutboundSaveFields, 'clientName' | 'email' | 'templateId'>> & {
  /** Sent as the form's text field. */
  expiresInDays: number
  file: File | null
}

export function useSendOutbound() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (v: SendValues) => {
      // The company's name goes with it: the invitation and the recipient's page name who asks (issue 25).
      // Not known (a failed read): the server names the sender instead.
      const [company, logo] = await Promise.all([
        qc.fetchQuery({ queryKey: ['user', 'company'], queryFn: () => api.get<CompanyReply>('/api/user/company').then((r) => r.data), staleTime: 60_000 }).then(
          (c) => c.companyName,
          () => '',
        ),
        // Its logo, when the trust center has one (a public path the recipient's page shows).
        qc
          .fetchQuery({
            queryKey: ['outbound', 'sender-logo'],
            queryFn: () => api.get<{ data: TrustCompanyInfo | null }>('/api/companyinfo').then((r) => r.data?.logo ?? null),
            staleTime: 60_000,
          })
          .catch(() => null),
      ])
      const form = new FormData()
      form.append('clientName', v.clientName.trim())
      if (company) form.append('companyName', company)
      if (logo) form.append('companyLogo', logo)
      form.append('email', v.email.trim())
      form.append('expiresInDays', String(v.expiresInDays))
      if (v.file) {
        form.append('fileName', v.file.name)
        form.append('files', v.file, v.file.name)
      } else form.append('templateId', v.templateId)
      return api.upload<OutboundSaveReply>('/api/outbound/save', form)
    },
    onSettled: () => qc.invalidateQueries({ queryKey: LIST_KEY }),
  })
}

export function useDeleteOutbound() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageReply>(base(id)),
    onSettled: () => qc.invalidateQueries({ queryKey: LIST_KEY }),
  })
}

export function useRevokeLink() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post<LinkReply>(`${base(id)}/revoke`),
    onSettled: () => qc.invalidateQueries({ queryKey: LIST_KEY }),
  })
}

export function useResendLink() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, expiresInDays }: { id: string } & Required<ResendBody>) =>
      api.post<LinkReply>(`${base(id)}/resend`, { expiresInDays } satisfies ResendBody),
    onSettled: () => qc.invalidateQueries({ queryKey: LIST_KEY }),
  })
}

export const downloadSent = (o: Pick<OutboundSummary, '_id' | 'fileName'>) => downloadFile(`${base(o._id)}/download`, o.fileName)

const collaboratorsKey = (outboundId: string) => ['outbound-collaborators', outboundId]

export const useCollaborators = (outboundId: string) =>
  useQuery({
    queryKey: collaboratorsKey(outboundId),
    queryFn: () => api.get<CollaboratorsReply>(`/api/outbound/collaborators?outboundId=${encodeURIComponent(outboundId)}`).then((r) => r.data),
  })

export function useCollaboratorChange(outboundId: string, change: 'add' | 'remove') {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (collaboratorEmail: string) => {
      const body: CollaboratorBody = { outboundId, collaboratorEmail }
      return change === 'add'
        ? api.post<CollaboratorsReply>('/api/outbound/collaborator/add', body)
        : api.delete<CollaboratorsReply>('/api/outbound/collaborator/remove', body)
    },
    // The reply holds the list as it is now.
    onSuccess: (reply, email) =>
      qc.setQueryData<string[]>(collaboratorsKey(outboundId), (list = []) =>
        Array.isArray(reply?.data) ? reply.data : change === 'add' ? [...list.filter((e) => e !== email), email] : list.filter((e) => e !== email),
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: collaboratorsKey(outboundId) })
      void qc.invalidateQueries({ queryKey: LIST_KEY })
    },
  })
}
