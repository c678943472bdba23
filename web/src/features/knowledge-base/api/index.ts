// The company knowledge base (questionnaire service, @portal/contracts knowledge-base.ts): every
// compliance document of the company, company-wide uploads, and deletes.
import type { KnowledgeBaseEntry, KnowledgeBaseReply, MessageReply, UploadReply } from '@portal/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api } from '../../../lib/api-client'

export type { KnowledgeBaseEntry } from '@portal/contracts'

export const KNOWLEDGE_BASE_KEY = ['knowledge-base'] as const

const reading = (d: KnowledgeBaseEntry) => d.state === 'queued' || d.state === 'running'

/** Every document of the company; refreshed every 1.5 s while any is still being read. */
export const useKnowledgeBase = () =>
  useQuery({
    queryKey: KNOWLEDGE_BASE_KEY,
    queryFn: () => api.get<KnowledgeBaseReply>('/api/knowledge-base').then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some(reading) ? 1500 : false),
  })

/** One company-wide document uploaded (a request per file: each has its own outcome). */
export function useUploadCompanyDocument(): (file: File) => Promise<UploadReply['data']> {
  const qc = useQueryClient()
  return useCallback(
    async (file: File) => {
      const form = new FormData()
      form.append('files', file, file.name)
      try {
        return (await api.upload<UploadReply>('/api/knowledge-base', form)).data
      } finally {
        void qc.invalidateQueries({ queryKey: KNOWLEDGE_BASE_KEY })
      }
    },
    [qc],
  )
}

export function useDeleteDocument() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageReply>(`/api/knowledge-base/${id}`),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: KNOWLEDGE_BASE_KEY })
      // A client's own document may be the one gone: its client's list is refreshed too.
      void qc.invalidateQueries({ queryKey: ['files', 'compliance'] })
    },
  })
}
