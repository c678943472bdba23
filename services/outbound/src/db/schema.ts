// Tables of the outbound schema, as kysely sees them (camelCase; snake_case in SQL). Every row
// carries tenant_id, and row-level security isolates tenants (migration 0100).
import type { AnswerCellRow, LayoutMemoryTable, StoredLayout } from '@portal/questionnaire-store'
import type { ColumnType, Generated } from 'kysely'

/** The service's schema: its tables, and its `daily_usage` (spent against the company's upload quota). */
export const SCHEMA = 'outbound'

/** Written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>

/** Extraction of a stored questionnaire file: the extract-outbound job moves it on. */
/** `check`: read, but the product is unsure of the columns; not sent or answered until a person checks them (issue 23). */
export type FileState = 'queued' | 'running' | 'ready' | 'check' | 'failed'

/** The file both a template and an outbound keep: bytes in the blob store, what it is, how far it was read. */
interface StoredFileColumns {
  fileName: string
  fileSize: number
  mimeType: string
  /** xlsx, xls or pdf: found from the content at upload. */
  format: string
  blobKey: string
  state: Generated<FileState>
  error: Generated<string | null>
  /** While running: until when the job holds the file (a crashed run's file is taken up again after it). */
  leaseUntil: Generated<Date | null>
  /** How the questions were read (StoredLayout of @portal/questionnaire-store); null before layouts, for PDFs, and while queued. */
  layout: ColumnType<StoredLayout | null, string | null | undefined, string | null>
}

export interface TemplateTable extends StoredFileColumns {
  id: string
  tenantId: string
  createdBy: string
  createdAt: Generated<Date>
}

/** A question as extraction found it, in a template or in what was sent. */
interface QuestionColumns {
  id: string
  tenantId: string
  position: number
  questionRef: string
  question: string
  sheet: string
  row: number
  /** The answer cells extraction found (@portal/questionnaire-store AnswerCellRow[]), for the filled workbook. */
  answerCells: Json<AnswerCellRow[]>
}

export interface TemplateQuestionTable extends QuestionColumns {
  templateId: string
}

export interface OutboundTable extends StoredFileColumns {
  id: string
  tenantId: string
  /** The tenant's name on the wire, for the recipient's session (which has no sign-in to learn it). */
  dbName: string
  clientName: string
  email: string
  templateId: string | null
  /** true once the recipient submitted (the spec's `status`). */
  status: Generated<boolean>
  submittedAt: Generated<Date | null>
  createdBy: string
  /** Who sent it (named in the emails) and who is told on completion. */
  senderName: string
  senderEmail: string
  /** The sender's company as it was named when sent ('' before issue 25): the recipient's page and mails name it. */
  senderCompany: Generated<string>
  /** The company's public logo (`/api/logo/<uuid>.png`, the trust center's) when it had one. */
  senderLogo: Generated<string | null>
  /** The last reminder mailed (one after REMINDER_DAYS without an answer). */
  remindedAt: Generated<Date | null>
  createdAt: Generated<Date>
}

export interface OutboundQuestionTable extends QuestionColumns {
  outboundId: string
  answer: Generated<string>
  answeredAt: Generated<Date | null>
  answeredBy: Generated<string | null>
  /** Bumped by every save of the answer: a save naming an older one is refused (issue 22). */
  version: Generated<number>
}

export interface AttachmentTable {
  id: string
  tenantId: string
  outboundId: string
  questionId: string
  fileName: string
  size: number
  mimeType: string
  blobKey: string
  createdAt: Generated<Date>
}

export interface CommentTable {
  id: string
  tenantId: string
  outboundId: string
  questionId: string
  comment: string
  commentType: 'outbound' | 'inbound'
  firstName: string
  lastName: string
  createdAt: Generated<Date>
}

export interface CollaboratorTable {
  id: string
  tenantId: string
  outboundId: string
  email: string
  createdAt: Generated<Date>
}

/**
 * An emailed link: the SHA-256 of its capability (the capability itself is only in the email), for
 * one outbound and one address (the recipient or a collaborator), with an expiry and a revocation.
 */
export interface LinkTable {
  id: string
  tenantId: string
  outboundId: string
  email: string
  tokenHash: string
  expiresAt: Date
  revokedAt: Generated<Date | null>
  createdAt: Generated<Date>
}

/** Failed link exchanges per client address, for the rate limit on guessing (security.md B26). */
export interface LinkAttemptTable {
  id: Generated<number>
  clientKey: string
  at: Generated<Date>
}

/** Emails sent per tenant, for the hourly send limit (security.md B25). */
export interface MailSendTable {
  id: Generated<number>
  tenantId: string
  at: Generated<Date>
}

export interface OutboundDb {
  template: TemplateTable
  templateQuestion: TemplateQuestionTable
  outbound: OutboundTable
  outboundQuestion: OutboundQuestionTable
  attachment: AttachmentTable
  comment: CommentTable
  collaborator: CollaboratorTable
  link: LinkTable
  linkAttempt: LinkAttemptTable
  mailSend: MailSendTable
  layoutMemory: LayoutMemoryTable
}
