// Rows as the wire contract shapes them (@portal/contracts outbound.ts): `_id`, ISO dates, counts as numbers.
import {
  type OutboundAttachment,
  type MessageReply,
  type OutboundQuestion,
  type OutboundSummary,
  outboundStatusText,
  type TemplateSummary,
} from '@portal/contracts'
import type { listAttachments } from '../db/attachments.repo.js'
import type { outboundQuestions, OutboundRow } from '../db/outbounds.repo.js'
import type { findTemplate } from '../db/templates.repo.js'

type AttachmentRow = Awaited<ReturnType<typeof listAttachments>>[number]
type QuestionRow = Awaited<ReturnType<typeof outboundQuestions>>[number]
type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>

export const attachmentOut = (a: AttachmentRow): OutboundAttachment => ({
  _id: a.id,
  fileName: a.fileName,
  size: Number(a.size),
  createdAt: a.createdAt.toISOString(),
})

export const questionOut = (q: QuestionRow, attachments: AttachmentRow[] = []): OutboundQuestion => ({
  _id: q.id,
  questionId: q.questionRef,
  question: q.question,
  answer: q.answer,
  answeredAt: q.answeredAt ? q.answeredAt.toISOString() : null,
  attachments: attachments.filter((a) => a.questionId === q.id).map(attachmentOut),
  version: q.version,
})

export function summaryOut(o: OutboundRow, collaborators: string[], link: { expiresAt: Date; revokedAt: Date | null } | undefined): OutboundSummary {
  return {
    _id: o.id,
    clientName: o.clientName,
    email: o.email,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    submittedAt: o.submittedAt ? o.submittedAt.toISOString() : null,
    collaborators,
    fileName: o.fileName,
    fileSize: Number(o.fileSize),
    state: o.state,
    error: o.error,
    total: Number(o.total ?? 0),
    answered: Number(o.answered ?? 0),
    statusText: outboundStatusText({ status: o.status, answered: Number(o.answered ?? 0), total: Number(o.total ?? 0) }),
    link: { expiresAt: (link?.expiresAt ?? o.createdAt).toISOString(), revoked: !link || link.revokedAt !== null },
  }
}

export const templateOut = (t: TemplateRow): TemplateSummary => ({
  _id: t.id,
  fileName: t.fileName,
  fileSize: Number(t.fileSize),
  mimeType: t.mimeType,
  createdAt: t.createdAt.toISOString(),
  state: t.state,
  error: t.error,
  total: Number(t.total ?? 0),
})

/** The spec's bucket names: where the sent files and the attachments are kept (storage keys are the server's). */
export const BUCKETS = { questionnaires: 'outboundFolder', attachments: 'inboundAttachments' } as const

/** A success that carries only a message (MessageReply). */
export const messageOut = (message: string): MessageReply => ({ status: true, message })
