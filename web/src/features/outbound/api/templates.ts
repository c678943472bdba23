// Questionnaire templates (docs/outbound-api.md): the list, upload, download, delete, and the
// questions found in each, which staff may correct.
import type { MessageReply, TemplateListReply, TemplateQuestionsBody, TemplateQuestionsReply, TemplateReply, TemplateSummary } from '@portal/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, downloadFile } from '../../../lib/api-client'

export type { TemplateQuestion, TemplateSummary } from '@portal/contracts'

const LIST = ['questionnaire-templates'] as const
const questionsKey = (id: string) => ['questionnaire-templates', id, 'questions']
const base = (id: string) => `/api/questionnaire-templates/${encodeURIComponent(id)}`
export const extracting = (t: Pick<TemplateSummary, 'state'>) => t.state === 'queued' || t.state === 'running'

/** The templates; asked again every 2 s while one is still being read. */
export const useTemplates = () =>
  useQuery({
    queryKey: LIST,
    queryFn: () => api.get<TemplateListReply>('/api/questionnaire-templates').then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some(extracting) ? 2000 : false),
  })

export function useCreateTemplate() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file, file.name)
      return api.upload<TemplateReply>('/api/questionnaire-templates', form)
    },
    onSettled: () => qc.invalidateQueries({ queryKey: LIST }),
  })
}

export function useDeleteTemplate() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageReply>(base(id)),
    onSettled: () => qc.invalidateQueries({ queryKey: LIST }),
  })
}

export const downloadTemplate = (t: Pick<TemplateSummary, '_id' | 'fileName'>) => downloadFile(`${base(t._id)}/download`, t.fileName)

/** `reading`: the template is still being read, so its questions are asked for every 2 s. */
export const useTemplateQuestions = (id: string, reading: boolean) =>
  useQuery({
    queryKey: questionsKey(id),
    queryFn: () => api.get<TemplateQuestionsReply>(`${base(id)}/questions`).then((r) => r.data.questions),
    // Asked for again each time the editor opens: another tab may have saved meanwhile.
    staleTime: 0,
    refetchInterval: reading ? 2000 : false,
  })

export function useSaveTemplateQuestions(id: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: TemplateQuestionsBody) => api.put<TemplateQuestionsReply>(`${base(id)}/questions`, body).then((r) => r.data.questions),
    onSuccess: (questions) => {
      qc.setQueryData(questionsKey(id), questions)
      void qc.invalidateQueries({ queryKey: LIST })
    },
  })
}
