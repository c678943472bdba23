// Clients (vendors), their compliance documents and questionnaires (questionnaire service). The
// wire types are the service's contracts (@portal/contracts questionnaire-clients.ts, -events.ts).
import type {
  Company,
  CompanyListReply,
  ComplianceFileEntry,
  ComplianceFileListReply,
  CreateCompanyBody,
  CreateCompanyReply,
  DeleteCompanyBody,
  DraftedEvent,
  ProgressEvent,
  QuestionnaireFileEntry,
  QuestionnaireFileListReply,
  MessageReply,
  UploadReply,
} from '@portal/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { api, readEvents } from '../../../lib/api-client'
import { KNOWLEDGE_BASE_KEY, useKnowledgeBase } from '../../knowledge-base/api'

export type { Company } from '@portal/contracts'

/**
 * A file of either list: a compliance document, or a questionnaire with its answer counts (questions
 * a person approved or wrote, the approved ones, and those with a non-empty answer, drafts included).
 */
export type FileEntry = ComplianceFileEntry & Partial<Pick<QuestionnaireFileEntry, 'answered' | 'approved' | 'filled' | 'review'>>

/** A file's processing state; `check`: a questionnaire read, but drafting waits for a person to check its columns. */
export type FileState = QuestionnaireFileEntry['state']

const pending = (f: FileEntry) => f.state === 'queued' || f.state === 'running'

export const useCompanies = () =>
  useQuery({ queryKey: ['companies'], queryFn: () => api.get<CompanyListReply>('/api/companys').then((r): Company[] => r.data) })

export function useCreateCompany() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (companyName: string) =>
      api
        .post<CreateCompanyReply>('/api/companys', {
          companyName,
          compliance_bucket: 'compliance',
          questionnaires_bucket: 'questionnaires',
        } satisfies CreateCompanyBody)
        .then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['companies'] }),
  })
}

export function useDeleteCompany() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageReply>('/api/companys', { id } satisfies DeleteCompanyBody),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['companies'] }),
  })
}

export type FileKind = 'compliance' | 'questionnaire'
const listPath = (kind: FileKind, companyId: string) => (kind === 'compliance' ? `/api/compliancefile/${companyId}` : `/api/questionnaires/${companyId}`)

/** A client's files of one kind; refreshed every 1.5 s while any is still being processed. */
export const useFiles = (kind: FileKind, companyId: string) =>
  useQuery({
    queryKey: ['files', kind, companyId],
    queryFn: () => api.get<ComplianceFileListReply | QuestionnaireFileListReply>(listPath(kind, companyId)).then((r): FileEntry[] => r.data),
    refetchInterval: (q) => (q.state.data?.some((f) => pending(f) || (kind === 'questionnaire' && f.state === 'ready' && f.drafted < f.total)) ? 1500 : false),
  })

export function useUpload(kind: FileKind, companyId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append(kind === 'compliance' ? 'companyId' : 'company_id', companyId)
      form.append('files', file, file.name)
      const path = kind === 'compliance' ? '/api/fs/enterpriseapps-compliance-uploadfile' : '/api/questionnaires/save'
      return api.upload<UploadReply>(path, form).then((r) => r.data)
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['files', kind, companyId] })
      if (kind === 'compliance') void qc.invalidateQueries({ queryKey: KNOWLEDGE_BASE_KEY })
    },
  })
}

export function useDeleteFile(kind: FileKind, companyId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageReply>(kind === 'compliance' ? `/api/compliancefile/${id}` : `/api/questionnaires/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: ['files', kind, companyId] }),
  })
}

/** The stream's last event: progress, then at the end the questions a person approved or wrote, and those with a non-empty answer (drafts included). */
export type Progress = Pick<ProgressEvent, 'drafted' | 'total'> & Partial<Pick<DraftedEvent, 'answered' | 'filled'>>

/** Drafting of the client's questionnaires waits while any of its documents, or a company-wide one, is still being read. */
export function useDocumentsPending(companyId: string): boolean {
  const own = useFiles('compliance', companyId).data?.some(pending) ?? false
  const companyWide = useKnowledgeBase().data?.some((d) => d.clientId === null && (d.state === 'queued' || d.state === 'running')) ?? false
  return own || companyWide
}

/** How long after its stream ended or failed the progress stream is opened again, while still busy. */
const RECONNECT_MS = 3000

/**
 * Live drafting progress of a questionnaire from its event stream; the list refreshes when it ends.
 * A stream cut (a restarted server, a proxy's time-out) is opened again while `enabled`, and the
 * server re-reads the state every few seconds, so a lost event never leaves the progress stuck.
 */
export function useProgress(questionnaireId: string, companyId: string, enabled: boolean): Progress | undefined {
  const [progress, setProgress] = useState<Progress>()
  const qc = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const connect = () => {
      readEvents(`/api/questionnaires/${questionnaireId}/events`, (_event, data) => setProgress(data as Progress), abort.signal)
        .catch(() => undefined) // the list's polling still shows progress
        .finally(() => {
          void qc.invalidateQueries({ queryKey: ['files', 'questionnaire', companyId] })
          if (!abort.signal.aborted) timer = setTimeout(connect, RECONNECT_MS)
        })
    }
    connect()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [questionnaireId, companyId, enabled, qc])
  return progress
}
