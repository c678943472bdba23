// One outbound questionnaire as staff and its recipient review it (docs/outbound-api.md): the
// questions with their answers and attachments, comments, the recipient's submit, the exports, and
// the live events that say something changed.
import type {
  CommentType,
  OutboundAnswerBody,
  OutboundAnswerReply,
  OutboundAttachment,
  OutboundAttachmentBody,
  OutboundAttachmentReply,
  OutboundComment,
  OutboundCommentBody,
  OutboundCommentListReply,
  OutboundCommentReply,
  OutboundDetail,
  OutboundDetailReply,
  OutboundEvent,
  MessageReply,
  OutboundQuestion,
} from '@portal/contracts'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { api, downloadFile, readEvents, request } from '../../../lib/api-client'
import type { ExportSource } from '../../review/api/export'
import { detailKey, LIST_KEY } from './keys'

export type { OutboundAttachment, OutboundComment, OutboundDetail, OutboundEvent, OutboundQuestion } from '@portal/contracts'

const base = (id: string) => `/api/outbound/${encodeURIComponent(id)}`
export { detailKey } from './keys'
const commentsKey = (outboundId: string, questionId: string) => ['outbound-comments', outboundId, questionId]

/**
 * One outbound with its questions. While its file is being read it is asked for again every 2 s,
 * unless `live()` (its event stream is open and says when).
 */
export const useOutbound = (outboundId: string, live: () => boolean = () => false) =>
  useQuery({
    queryKey: detailKey(outboundId),
    enabled: Boolean(outboundId),
    queryFn: () => api.get<OutboundDetailReply>(base(outboundId)).then((r) => r.data),
    refetchInterval: (q) => {
      const state = q.state.data?.state
      return !live() && (state === 'queued' || state === 'running') ? 2000 : false
    },
  })

/** Replaces one question of the cached outbound (a saved answer, an attachment added or removed). */
function patchQuestion(qc: QueryClient, outboundId: string, questionId: string, patch: (q: OutboundQuestion) => OutboundQuestion): void {
  qc.setQueryData<OutboundDetail>(detailKey(outboundId), (d) =>
    d ? { ...d, file: { ...d.file, questions: d.file.questions.map((q) => (q._id === questionId ? patch(q) : q)) } } : d,
  )
}

/**
 * Saves an answer edited from `version` (a save someone else's came before is refused: 409, read
 * with conflictOf). `keepalive`: sent as the page goes away (the request outlives the tab).
 */
export async function saveAnswer(
  qc: QueryClient,
  ids: { outboundId: string; questionId: string },
  answer: string,
  version: number,
  keepalive = false,
): Promise<OutboundQuestion> {
  const { outboundId, questionId } = ids
  const body: OutboundAnswerBody = { outboundId, questionId, answer, version }
  const reply = await request<OutboundAnswerReply>('PUT', '/api/outbound/answer', body, { keepalive })
  const saved = reply.data
  patchQuestion(qc, outboundId, questionId, (q) => ({
    ...q,
    answer: saved?.answer ?? answer,
    answeredAt: saved?.answeredAt ?? q.answeredAt,
    version: saved?.version ?? q.version,
  }))
  return saved
}

/** The answer as someone else saved it (a conflict's `theirs`), shown as the saved one. */
export const showSaved = (qc: QueryClient, outboundId: string, now: { _id: string; answer: string; version: number }) =>
  patchQuestion(qc, outboundId, now._id, (q) => ({ ...q, answer: now.answer, version: now.version }))

export function useAddAttachment(outboundId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ questionId, file }: { questionId: string; file: File }) => {
      const form = new FormData()
      form.append('outboundId', outboundId)
      form.append('questionId', questionId)
      form.append('file', file, file.name)
      return request<OutboundAttachmentReply>('PUT', '/api/outbound/attachment', form).then((r) => r.data.insertedAttachment)
    },
    // Added to the list once the server confirms.
    onSuccess: (a, { questionId }) => patchQuestion(qc, outboundId, questionId, (q) => ({ ...q, attachments: [...q.attachments, a] })),
  })
}

export function useDeleteAttachment(outboundId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ questionId, attachment }: { questionId: string; attachment: OutboundAttachment }) =>
      api.delete<MessageReply>('/api/outbound/attachment', { outboundId, questionId, attachmentId: attachment._id } satisfies OutboundAttachmentBody),
    onSuccess: (_r, { questionId, attachment }) =>
      patchQuestion(qc, outboundId, questionId, (q) => ({ ...q, attachments: q.attachments.filter((a) => a._id !== attachment._id) })),
  })
}

export const downloadAttachment = (outboundId: string, questionId: string, a: OutboundAttachment) =>
  downloadFile('/api/outbound/attachment/download', a.fileName, {
    outboundId,
    questionId,
    attachmentId: a._id,
    fileName: a.fileName,
  } satisfies OutboundAttachmentBody)

export const useComments = (outboundId: string, questionId: string | undefined) =>
  useQuery({
    queryKey: commentsKey(outboundId, questionId ?? ''),
    enabled: Boolean(outboundId && questionId),
    queryFn: () =>
      api
        .get<OutboundCommentListReply>(
          `/api/outbound/comment/list?questionId=${encodeURIComponent(questionId ?? '')}&outboundId=${encodeURIComponent(outboundId)}`,
        )
        .then((r) => r.data),
  })

/** `commentType`: 'outbound' for staff, 'inbound' for the recipient. */
export function useAddComment(outboundId: string, commentType: CommentType) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ questionId, comment }: { questionId: string; comment: string }) =>
      api.post<OutboundCommentReply>('/api/outbound/comment/add', { questionId, comment, commentType, outboundId } satisfies OutboundCommentBody),
    onSuccess: (reply, { questionId }) => {
      if (reply?.data) qc.setQueryData<OutboundComment[]>(commentsKey(outboundId, questionId), (list) => [...(list ?? []), reply.data])
      else void qc.invalidateQueries({ queryKey: commentsKey(outboundId, questionId) })
    },
  })
}

/** The recipient's submit: the questionnaire is complete and read-only from then on. */
export function useSubmit(outboundId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<MessageReply>(`${base(outboundId)}/submit`),
    onSettled: () => qc.invalidateQueries({ queryKey: detailKey(outboundId) }),
  })
}

/** The export dialog's URLs for an outbound: no approval here, so no scope. */
export const outboundExport = (outboundId: string): ExportSource => ({
  key: `outbound:${outboundId}`,
  scoped: false,
  reportPath: () => `${base(outboundId)}/export-report`,
  filledPath: () => `${base(outboundId)}/with-answers`,
  answersPath: () => `${base(outboundId)}/answers`,
  answersFileName: 'answers.xlsx',
  answersLabel: 'Download answers sheet',
})

export const downloadAnswers = (outboundId: string) => downloadFile(`${base(outboundId)}/answers`, 'answers.xlsx')

const RECONNECT_MS = 5000
const RECONNECT_MAX_MS = 60_000
const isEvent = (data: unknown): data is OutboundEvent => typeof data === 'object' && data !== null && typeof (data as OutboundEvent).type === 'string'

/**
 * Follows an outbound's event stream while `enabled`: each event refreshes the outbound (and the
 * list), and `onEvent` hears it. The stream is opened again after it ends or fails, a few seconds
 * later. Says whether it is open now: callers poll while it is not.
 */
export function useOutboundEvents(outboundId: string, enabled: boolean, onEvent?: (e: OutboundEvent) => void): boolean {
  const qc = useQueryClient()
  const [open, setOpen] = useState(false)
  const onEventRef = useRef(onEvent)
  onEventRef.current = onEvent
  useEffect(() => {
    if (!enabled || !outboundId) return
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    const connect = () => {
      setOpen(true)
      readEvents(
        `${base(outboundId)}/events`,
        (_name, data) => {
          if (!isEvent(data)) return
          void qc.invalidateQueries({ queryKey: detailKey(outboundId) })
          void qc.invalidateQueries({ queryKey: LIST_KEY })
          onEventRef.current?.(data)
        },
        abort.signal,
      )
        .then(
          () => {
            failures = 0
          },
          () => {
            failures++
          },
        )
        .finally(() => {
          if (abort.signal.aborted) return
          setOpen(false)
          // Whatever happened while the stream was closed is read again, then it is opened anew
          // (later and later while it keeps failing).
          void qc.invalidateQueries({ queryKey: detailKey(outboundId) })
          timer = setTimeout(connect, Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** failures))
        })
    }
    connect()
    return () => {
      abort.abort()
      clearTimeout(timer)
      setOpen(false)
    }
  }, [outboundId, enabled, qc])
  return open && enabled
}
