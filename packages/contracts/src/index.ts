// Wire-level facts shared by the gateway, the services and the web client.

import { declaredRoutes } from './route-table.generated.js'

export * from './account.js'
export * from './api-keys.js'
export * from './answer-conflict.js'
export * from './audit.js'
export * from './company-name.js'
export * from './envelope.js'
export * from './identity-people.js'
export * from './identity-mfa.js'
export * from './identity-session.js'
export * from './identity-scim.js'
export * from './identity-sso.js'
export {
  ExportQuery,
  ExportReason,
  ExportReport,
  ExportReplacement,
  ExportReportReply,
  ExportScope,
  ExportSheet,
  ExportSkip,
  ExportVerification,
  WorkbookDifference,
} from './questionnaire-export.js'
export { QuestionnaireCountsReply } from './questionnaire-counts.js'
export * from './dashboard.js'
export * from './questionnaire-clients.js'
export * from './questionnaire-comments.js'
export * from './questionnaire-common.js'
export * from './questionnaire-layout.js'
export * from './answer-library.js'
export * from './answer-quality.js'
export * from './knowledge-base.js'
export * from './questionnaire-events.js'
export * from './questionnaire-llm.js'
export * from './questionnaire-review.js'
export * from './questionnaire-drafts.js'
export { GeneratedAnswer, GeneratedAnswerReply } from './generated-answer.js'
export * from './outbound.js'
export * from './spec-text.js'
export * from './trust-center-common.js'
export * from './trust-center-console.js'
export * from './trust-center-requests.js'
export * from './trust-subscriptions.js'

export const SERVICES = ['identity', 'trust-center', 'questionnaire', 'outbound'] as const
export type ServiceName = (typeof SERVICES)[number]

/** One route a service declares: its method and its URL pattern in Fastify's form (`/api/outbound/:id`). */
export interface DeclaredRoute {
  method: string
  url: string
}

/**
 * Which service answers which route: every method and URL pattern each service declares, read off
 * the services themselves (`pnpm run route-table` writes route-table.generated.ts; a test fails when
 * it is stale). In split mode the gateway forwards exactly these, and answers any other /api path
 * with the 404 envelope itself; in one process every service's routes are on the same server instead.
 */
export const routeTable: Readonly<Record<ServiceName, readonly DeclaredRoute[]>> = declaredRoutes

export { DEFAULT_THEME } from './theme-defaults.js'

/** Subject of the system-wide event that spreads session revocations to every process. */
export const SESSION_REVOKED_SUBJECT = 'system.session.revoked'

/**
 * Views of public trust-center pages the gateway served from its own cache (no call reached the
 * trust-center service), counted per host and client and sent every few seconds: TrustPageViews.
 */
export const TRUST_PAGE_VIEWS_SUBJECT = 'system.trustcenter.viewed'

export interface TrustPageViews {
  views: { host: string; ip: string; count: number }[]
}

/**
 * What a public page's content changed to (events.trustCenterChanged): the hosts it is or was
 * published on, whether it is published now, and the version tag GET /api/trustcenteruser answers now.
 */
export interface TrustCenterChanged {
  tenantId: string
  hosts: string[]
  published: boolean
  etag: string
}

/** Background jobs: ids and the tenant only, never file bytes or document text. */
export const JOBS = {
  ingestDocument: 'ingest-document',
  extractQuestions: 'extract-questions',
  draftAnswers: 'draft-answers',
  extractOutbound: 'extract-outbound',
  /** One outgoing webhook event to its receiver (identity service; { tenantId, eventId }). */
  deliverWebhook: 'deliver-webhook',
} as const

/** The extract-outbound job: the questions of a sent questionnaire or of a template. */
export interface OutboundFileJob {
  tenantId: string
  kind: 'outbound' | 'template'
  id: string
}

export const isOutboundFileJob = (data: unknown): data is OutboundFileJob =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as OutboundFileJob).tenantId === 'string' &&
  typeof (data as OutboundFileJob).id === 'string' &&
  ((data as OutboundFileJob).kind === 'outbound' || (data as OutboundFileJob).kind === 'template')

/**
 * The draft-answers job of a questionnaire, as every producer queues it: `run` names the request
 * (re-drafting, a document read, the sweep), so a repeated producer adds nothing while its job is
 * waiting. One draft run at a time is not the queue's doing: each job takes a turn on the
 * questionnaire (questionnaire-store drafting.repo.ts), and a job that finds another run holding it
 * leaves its request to that run. A job never waits for documents by retrying: it ends, and the end
 * of the documents' reading queues it again. Retries are for failures (a model server down).
 * Companies take turns on the queue (`fairKey`), smaller runs first (`questions` to draft, when known).
 */
export const draftJob = (tenantId: string, fileId: string, run?: string, questions?: number) =>
  [
    JOBS.draftAnswers,
    { tenantId, fileId },
    {
      jobId: run ? `draft-${fileId}-${run}` : `draft-${fileId}`,
      attempts: 5,
      backoffMs: 1000,
      fairKey: tenantId,
      ...(questions === undefined ? {} : { size: questions }),
    },
  ] as const

/**
 * The job that reads an uploaded file (a compliance document's text, a questionnaire's questions),
 * as the upload and the sweep queue it: one id per file, so a job still waiting or retrying absorbs
 * the sweep's. A file whose run died holding it (its lease ran out) gets one more job per lost lease
 * (`lostLease`: when it ran out), since the dead run's job may still count as running in the queue.
 * Companies take turns on the queue (`fairKey`), smaller files first (`bytes`, when known).
 */
export const fileJob = (kind: 'compliance' | 'questionnaire', tenantId: string, fileId: string, lostLease?: Date, bytes?: number) =>
  [
    kind === 'compliance' ? JOBS.ingestDocument : JOBS.extractQuestions,
    { tenantId, fileId },
    { jobId: `${kind}-${fileId}${lostLease ? `-lease-${lostLease.getTime()}` : ''}`, fairKey: tenantId, ...(bytes === undefined ? {} : { size: bytes }) },
  ] as const

export interface FileJob {
  tenantId: string
  fileId: string
}

export const isFileJob = (data: unknown): data is FileJob =>
  typeof data === 'object' && data !== null && typeof (data as FileJob).tenantId === 'string' && typeof (data as FileJob).fileId === 'string'

/** Event subjects: `<tenantId>.<thing>.<happened>`; payloads carry ids and counts. */
export const events = {
  documentIngested: (tenantId: string) => `${tenantId}.document.ingested`,
  questionnaireExtracted: (tenantId: string) => `${tenantId}.questionnaire.extracted`,
  questionnaireProgress: (tenantId: string) => `${tenantId}.questionnaire.progress`,
  questionnaireDrafted: (tenantId: string) => `${tenantId}.questionnaire.drafted`,
  /** A file's job failed for good; the payload carries the message shown to the user. */
  fileFailed: (tenantId: string) => `${tenantId}.file.failed`,
  /** A sent questionnaire's or a template's questions were read (or could not be: `failed`). */
  outboundExtracted: (tenantId: string) => `${tenantId}.outbound.extracted`,
  outboundAnswered: (tenantId: string) => `${tenantId}.outbound.answered`,
  outboundCompleted: (tenantId: string) => `${tenantId}.outbound.completed`,
  accessRequestCreated: (tenantId: string) => `${tenantId}.accessrequest.created`,
  accessRequestApproved: (tenantId: string) => `${tenantId}.accessrequest.approved`,
  /** A trust center's public page changed: saved, published, renamed or unpublished (TrustCenterChanged). */
  trustCenterChanged: (tenantId: string) => `${tenantId}.trustcenter.changed`,
  /** A mail for the company's admins ({ subject, text, html }): the identity service, which knows them, sends it. */
  adminNotice: (tenantId: string) => `${tenantId}.admins.notice`,
  /** A trust-center document became visible to visitors (added, or no longer internal): { tenantId, documentId, title, visibility }. */
  documentPublished: (tenantId: string) => `${tenantId}.document.published`,
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids on the wire are UUIDs: anything else names no row, and must not reach a uuid column as an error. */
export const isUuid = (id: string): boolean => UUID.test(id)
