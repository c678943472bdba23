// Outbound questionnaires (outbound service; docs/outbound-api.md): templates, what a company sends
// to a client, the client's answers, attachments, comments, collaborators and the emailed link that
// the recipient exchanges for a restricted inbound session. The web app imports these types.
import { type Static, Type } from 'typebox'
import { AnswerVersion } from './answer-conflict.js'
import { dataReply, type ErrorReply, type ErrorStatus, errorReplies, type FieldMessages, pageReply } from './envelope.js'
import { OutboundText } from './outbound-text.js'

/** An id on the wire: not empty (UUIDs; anything else names nothing and is answered 404). */
const Id = Type.String({ minLength: 1, maxLength: 64 })
const Email = Type.String({ maxLength: 254 })
/** A text that must not be blank (white space only is "missing", with the spec's message). */
const Filled = (max: number) => Type.String({ maxLength: max, pattern: '\\S' })
const Loose = (max: number) => Type.Optional(Type.String({ maxLength: max }))

/**
 * The error statuses of an outbound route: every route may answer 400, 500 and 503; one that needs
 * a session 401 and 403 (no token; not staff of this tenant, or a recipient's session on a staff
 * route or on another outbound); a route the recipient may call 410 (its link revoked or expired).
 * `more` adds what the route itself answers.
 */
export function outboundErrors<const S extends ErrorStatus = never>(who: 'staff' | 'inbound' | 'public', ...more: S[]) {
  const base: ErrorStatus[] = who === 'public' ? [400] : who === 'staff' ? [400, 401, 403] : [400, 401, 403, 410]
  return errorReplies<ErrorStatus>(...new Set<ErrorStatus>([...base, ...more, 500, 503])) as { [K in 400 | 500 | 503 | S]: typeof ErrorReply }
}

/** The media types of the files the service keeps: a sent questionnaire or a template (pdf, xls, xlsx), an attachment (any). */
export const QUESTIONNAIRE_MEDIA_TYPES = [
  'application/pdf',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const
export const ATTACHMENT_MEDIA_TYPES = [
  ...QUESTIONNAIRE_MEDIA_TYPES,
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const

/** For the OpenAPI document: GET /api/outbound/:id/events, its media type and its events (OutboundEvent). */
export const outboundEventsReply = {
  description: 'text/event-stream: the current state first, then `extracted`, `failed`, `answered` and `completed` as they happen (OutboundEvent)',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
}

/**
 * Extraction of a sent file or template: queued, being read, ready, or failed with a message;
 * `check`: read, but the product is unsure of its columns, so it is not sent or answered until a
 * person checks them ("Check the columns": GET / PUT /api/questionnaire-templates/:id/layout,
 * /api/outbound/:id/layout).
 */
export const ExtractionState = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('ready'),
  Type.Literal('check'),
  Type.Literal('failed'),
])
export type ExtractionState = Static<typeof ExtractionState>

export const OutboundAttachment = Type.Object({ _id: Type.String(), fileName: Type.String(), size: Type.Integer(), createdAt: Type.String() })
export type OutboundAttachment = Static<typeof OutboundAttachment>

export const OutboundQuestion = Type.Object({
  _id: Type.String(),
  /** The questionnaire's own id of the question (AIS-01.1, 3.2), or its row number. */
  questionId: Type.String(),
  question: Type.String(),
  answer: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
  attachments: Type.Array(OutboundAttachment),
  /** Bumped by every save of the answer: send it back with the save (answer-conflict.ts). */
  version: Type.Integer(),
})
export type OutboundQuestion = Static<typeof OutboundQuestion>

/** The emailed link's state, for staff: when it stops working, and whether it was revoked. */
export const OutboundLink = Type.Object({ expiresAt: Type.String(), revoked: Type.Boolean() })
export type OutboundLink = Static<typeof OutboundLink>

/** A row of the outbound list. `status`: true = complete (the recipient submitted). */
export const OutboundSummary = Type.Object({
  _id: Type.String(),
  clientName: Type.String(),
  email: Type.String(),
  status: Type.Boolean(),
  createdAt: Type.String(),
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  collaborators: Type.Array(Type.String()),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  state: ExtractionState,
  error: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer({ description: 'questions found' }),
  answered: Type.Integer({ description: 'questions with an answer' }),
  /** In words (outboundStatusText): 'Pending', 'Complete', or 'Submitted, 3 of 4 answered'. */
  statusText: Type.String(),
  link: OutboundLink,
})
export type OutboundSummary = Static<typeof OutboundSummary>

/**
 * An outbound's status in words (issue 25): 'Complete' only when the recipient submitted with every
 * question answered; a submit that left some blank says how many were answered.
 */
export function outboundStatusText(o: { status: boolean; answered: number; total: number }): string {
  if (!o.status) return 'Pending'
  return o.answered >= o.total ? 'Complete' : `Submitted, ${o.answered} of ${o.total} answered`
}

export const OutboundListReply = pageReply(OutboundSummary)
export type OutboundListReply = Static<typeof OutboundListReply>

/** GET /api/outbound/:id: the spec's `data.file.questions` and `questionnairesBucket`. */
export const OutboundDetail = Type.Intersect([
  OutboundSummary,
  Type.Object({
    outboundId: Type.String(),
    dbName: Type.String(),
    /** The company asking (named on the recipient's page); '' when it was sent before companies were named. */
    company: Type.String(),
    /** Who sent it, "Name (address)", named when the company is not known. */
    sender: Type.String(),
    /** The company's logo (a public `/api/logo/<id>.png` path), or null. */
    logo: Type.Union([Type.String(), Type.Null()]),
    /** Where the sent file is kept (the spec's bucket name; storage keys are the server's). */
    questionnairesBucket: Type.String(),
    file: Type.Object({ fileName: Type.String(), questions: Type.Array(OutboundQuestion) }),
    /** The page is read-only: the recipient submitted. */
    readOnly: Type.Boolean(),
  }),
])
export type OutboundDetail = Static<typeof OutboundDetail>
export const OutboundDetailReply = dataReply(OutboundDetail)
export type OutboundDetailReply = Static<typeof OutboundDetailReply>

export const OutboundIdParams = Type.Object({ id: Id })
export type OutboundIdParams = Static<typeof OutboundIdParams>

/**
 * POST /api/outbound/save (multipart/form-data): the text fields, and either the file (the `files`
 * or `file` part) or `templateId`. Described here for the OpenAPI document; the service reads and
 * checks the parts itself as they stream (the spec's messages for a missing field, 413, 415).
 */
export const OutboundSaveFields = Type.Object({
  clientName: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  fileName: Loose(255),
  templateId: Loose(64),
  /** How long the emailed link works: 1 to 365 days, 30 by default. */
  expiresInDays: Loose(4),
  /** The sending company's name (the console's GET /api/user/company), named to the recipient. */
  companyName: Loose(120),
  /** The company's logo as the console knows it (`GET /api/companyinfo` `logo`: `/api/logo/<uuid>.png`); anything else is ignored. */
  companyLogo: Loose(60),
  /** The questionnaire to send (pdf, xls, xlsx), unless `templateId` names a template. */
  files: Type.Optional(Type.String({ format: 'binary' })),
})
export type OutboundSaveFields = Static<typeof OutboundSaveFields>
/** How long an emailed link works: 1 to 365 days. */
const linkDaysMessage = { invalid: 'The link must work for 1 to 365 days' }
export const outboundSaveMessages: FieldMessages = {
  clientName: { missing: OutboundText.clientNameRequired },
  email: { missing: OutboundText.emailRequired },
  expiresInDays: linkDaysMessage,
}
export const OutboundSaveReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: Type.Object({ outboundId: Type.String() }) })
export type OutboundSaveReply = Static<typeof OutboundSaveReply>

/**
 * PUT /api/outbound/answer. A blank answer: `Answer field is required`; a missing id: `Question ID
 * or Outbound ID is missing` (the recipient's session: `… Inbound ID …`, answered by the service).
 */
export const OutboundAnswerBody = Type.Object({
  answer: Filled(20_000),
  outboundId: Id,
  questionId: Id,
  dbName: Loose(63),
  /** The `version` the answer was edited from: another save since is refused with 409 (AnswerConflictReply). Left out: saved whatever is there. */
  version: Type.Optional(AnswerVersion),
})
export type OutboundAnswerBody = Static<typeof OutboundAnswerBody>
export const outboundAnswerMessages: FieldMessages = {
  answer: { missing: OutboundText.answerRequired },
  outboundId: { missing: OutboundText.idsMissing },
  questionId: { missing: OutboundText.idsMissing },
}
export const OutboundAnswerReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: OutboundQuestion })
export type OutboundAnswerReply = Static<typeof OutboundAnswerReply>

/** PUT /api/outbound/attachment (multipart/form-data: outboundId, questionId, dbName?, then the file). Described for the OpenAPI document; the service reads the parts. */
export const OutboundAttachmentForm = Type.Object({
  outboundId: Id,
  questionId: Id,
  dbName: Loose(63),
  /** pdf, xls, xlsx, doc, docx, png, jpg, gif or webp, at most 25 MB. */
  file: Type.String({ format: 'binary' }),
})

export const OutboundAttachmentReply = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ insertedAttachment: OutboundAttachment }),
})
export type OutboundAttachmentReply = Static<typeof OutboundAttachmentReply>

/** DELETE /api/outbound/attachment and POST /api/outbound/attachment/download */
export const OutboundAttachmentBody = Type.Object({
  outboundId: Id,
  attachmentId: Id,
  questionId: Type.Optional(Id),
  fileName: Loose(255),
  dbName: Loose(63),
})
export type OutboundAttachmentBody = Static<typeof OutboundAttachmentBody>
/** A missing id: `Question ID or Outbound ID is missing` (the recipient's session: `… Inbound ID …`). */
export const outboundAttachmentMessages: FieldMessages = {
  outboundId: { missing: OutboundText.idsMissing },
  attachmentId: { missing: OutboundText.idsMissing },
}

/**
 * The spec's file-host names for the same two calls (POST /api/fs/download-inbound-attachments,
 * /api/fs/delete-inbound-attachments): the attachment is `fileId` (or `attachmentId`), one of the two
 * needed (the service answers the ids' message when both are missing).
 */
export const InboundAttachmentFileBody = Type.Object({
  outboundId: Id,
  questionId: Type.Optional(Id),
  fileId: Type.Optional(Id),
  attachmentId: Type.Optional(Id),
  fileName: Loose(255),
  bucketName: Loose(100),
  folderName: Loose(100),
})
export type InboundAttachmentFileBody = Static<typeof InboundAttachmentFileBody>
export const inboundAttachmentFileMessages: FieldMessages = { outboundId: { missing: OutboundText.idsMissing } }

export const CommentType = Type.Union([Type.Literal('outbound'), Type.Literal('inbound')])
export type CommentType = Static<typeof CommentType>

export const OutboundComment = Type.Object({
  _id: Type.String(),
  comment: Type.String(),
  commentType: CommentType,
  questionId: Type.String(),
  outboundId: Type.String(),
  user: Type.Object({ firstName: Type.String(), lastName: Type.String() }),
  createdAt: Type.String(),
})
export type OutboundComment = Static<typeof OutboundComment>

/** GET /api/outbound/comment/list: no question id: `Question ID is missing`; no outbound id: the ids' message. */
export const OutboundCommentQuery = Type.Object({ questionId: Id, outboundId: Id, dbName: Loose(63) })
export type OutboundCommentQuery = Static<typeof OutboundCommentQuery>
export const outboundCommentListMessages: FieldMessages = {
  questionId: { missing: OutboundText.questionIdMissing },
  outboundId: { missing: OutboundText.idsMissing },
}
export const OutboundCommentListReply = dataReply(Type.Array(OutboundComment))
export type OutboundCommentListReply = Static<typeof OutboundCommentListReply>
/** POST /api/outbound/comment/add: `commentType` is the server's (who writes), whatever is sent. */
export const OutboundCommentBody = Type.Object({
  comment: Filled(5000),
  questionId: Id,
  outboundId: Id,
  commentType: Type.Optional(CommentType),
  dbName: Loose(63),
})
export type OutboundCommentBody = Static<typeof OutboundCommentBody>
export const outboundCommentAddMessages: FieldMessages = {
  comment: { missing: OutboundText.commentRequired },
  questionId: { missing: OutboundText.questionIdMissing },
  outboundId: { missing: OutboundText.noOutboundId },
}
export const OutboundCommentReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: OutboundComment })
export type OutboundCommentReply = Static<typeof OutboundCommentReply>

/** POST /api/outbound/collaborator/add, DELETE /api/outbound/collaborator/remove */
export const CollaboratorBody = Type.Object({ outboundId: Id, collaboratorEmail: Filled(254) })
export type CollaboratorBody = Static<typeof CollaboratorBody>
export const collaboratorMessages: FieldMessages = {
  outboundId: { missing: 'Outbound ID is missing' },
  collaboratorEmail: { missing: OutboundText.collaboratorEmailRequired, invalid: OutboundText.invalidEmail },
}
export const CollaboratorsQuery = Type.Object({ outboundId: Id })
export type CollaboratorsQuery = Static<typeof CollaboratorsQuery>
export const collaboratorsQueryMessages: FieldMessages = { outboundId: { missing: 'Outbound ID is missing' } }
export const CollaboratorsReply = Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()), data: Type.Array(Email) })
export type CollaboratorsReply = Static<typeof CollaboratorsReply>

/** POST /api/outbound/:id/resend: a new link (the old ones stop working), emailed again. */
export const ResendBody = Type.Object({ expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })) })
export type ResendBody = Static<typeof ResendBody>
export const resendMessages: FieldMessages = { expiresInDays: linkDaysMessage }
export const LinkReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: OutboundLink })
export type LinkReply = Static<typeof LinkReply>

/** GET /api/inbound/:capability: the emailed link's capability exchanged for a restricted session. */
export const InboundParams = Type.Object({ capability: Type.String({ minLength: 1, maxLength: 128 }) })
export const InboundReply = Type.Object({
  status: Type.Boolean(),
  data: Type.Object({
    outboundId: Type.String(),
    dbName: Type.String(),
    /** Valid only for this outbound's read, answer, attachment, comment and submit calls. */
    token: Type.String(),
    expiresIn: Type.Integer({ description: 'seconds; the page exchanges the link again before then' }),
    email: Type.String({ description: 'who the link was sent to' }),
  }),
})
export type InboundReply = Static<typeof InboundReply>

export { OutboundText }

/** POST /api/questionnaire-templates, PUT /api/questionnaire-templates/:id (multipart/form-data): the file (pdf, xls, xlsx). */
export const TemplateForm = Type.Object({ file: Type.String({ format: 'binary' }) })

export const TemplateSummary = Type.Object({
  _id: Type.String(),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  mimeType: Type.String(),
  createdAt: Type.String(),
  state: ExtractionState,
  error: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer({ description: 'questions found' }),
})
export type TemplateSummary = Static<typeof TemplateSummary>
export const TemplateListReply = dataReply(Type.Array(TemplateSummary))
export type TemplateListReply = Static<typeof TemplateListReply>

export const TemplateQuestion = Type.Object({ _id: Type.String(), questionId: Type.String(), question: Type.String() })
export type TemplateQuestion = Static<typeof TemplateQuestion>
export const TemplateReply = Type.Object({
  status: Type.Boolean(),
  message: Type.Optional(Type.String()),
  data: Type.Object({ template: TemplateSummary, questions: Type.Array(TemplateQuestion), questionnairesBucket: Type.String() }),
})
export type TemplateReply = Static<typeof TemplateReply>

/**
 * PUT /api/questionnaire-templates/:id/questions: the edited list, in order. A question with an
 * `_id` keeps it; one without is new; one left out is removed. Outbounds sent before keep theirs.
 */
export const TemplateQuestionsBody = Type.Object({
  questions: Type.Array(
    Type.Object({
      _id: Type.Optional(Id),
      questionId: Type.Optional(Type.String({ maxLength: 64 })),
      question: Type.String({ minLength: 1, maxLength: 5000 }),
    }),
    { maxItems: 5000 },
  ),
})
export type TemplateQuestionsBody = Static<typeof TemplateQuestionsBody>
export const TemplateQuestionsReply = Type.Object({
  status: Type.Boolean(),
  message: Type.Optional(Type.String()),
  data: Type.Object({ questions: Type.Array(TemplateQuestion) }),
})
export type TemplateQuestionsReply = Static<typeof TemplateQuestionsReply>

/** Events of GET /api/outbound/:id/events (server-sent): what changed, never answer text. */
export const OutboundEvent = Type.Object({
  type: Type.Union([Type.Literal('extracted'), Type.Literal('failed'), Type.Literal('answered'), Type.Literal('completed')]),
  outboundId: Type.String(),
  questionId: Type.Optional(Type.String()),
  total: Type.Optional(Type.Integer()),
  answered: Type.Optional(Type.Integer()),
  message: Type.Optional(Type.String()),
})
export type OutboundEvent = Static<typeof OutboundEvent>
