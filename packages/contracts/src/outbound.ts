// Outbound questionnaires (outbound service; docs/outbound-api.md): templates, what a company sends
// to a client, the client's answers, attachments, comments, collaborators and the emailed link that
// the recipient exchanges for a restricted inbound session. The web app imports these types.
import { type Static, Type } from 'typebox'

const Id = Type.String({ maxLength: 64 })
const Email = Type.String({ maxLength: 254 })
/** Fields the spec gives its own message for are optional here: the handler answers with that message. */
const Loose = (max: number) => Type.Optional(Type.String({ maxLength: max }))

/** Extraction of a sent file or template: queued, being read, ready, or failed with a message. */
export const ExtractionState = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('ready'), Type.Literal('failed')])
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
  link: OutboundLink,
})
export type OutboundSummary = Static<typeof OutboundSummary>

export const OutboundListReply = Type.Object({
  status: Type.Boolean(),
  data: Type.Array(OutboundSummary),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  currentPage: Type.Integer(),
})
export type OutboundListReply = Static<typeof OutboundListReply>

/** GET /api/outbound/:id: the spec's `data.file.questions` and `questionnairesBucket`. */
export const OutboundDetail = Type.Intersect([
  OutboundSummary,
  Type.Object({
    outboundId: Type.String(),
    dbName: Type.String(),
    /** Where the sent file is kept (the spec's bucket name; storage keys are the server's). */
    questionnairesBucket: Type.String(),
    file: Type.Object({ fileName: Type.String(), questions: Type.Array(OutboundQuestion) }),
    /** The page is read-only: the recipient submitted. */
    readOnly: Type.Boolean(),
  }),
])
export type OutboundDetail = Static<typeof OutboundDetail>
export const OutboundDetailReply = Type.Object({ status: Type.Boolean(), data: OutboundDetail })
export type OutboundDetailReply = Static<typeof OutboundDetailReply>

export const OutboundIdParams = Type.Object({ id: Id })

/** POST /api/outbound/save (multipart): text fields; the file is the `files` (or `file`) part. */
export const OutboundSaveFields = Type.Object({
  clientName: Loose(200),
  email: Loose(254),
  fileName: Loose(255),
  templateId: Loose(64),
  /** How long the emailed link works: 1 to 365 days, 30 by default. */
  expiresInDays: Loose(4),
})
export type OutboundSaveFields = Static<typeof OutboundSaveFields>
export const OutboundSaveReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: Type.Object({ outboundId: Type.String() }) })
export type OutboundSaveReply = Static<typeof OutboundSaveReply>

/** PUT /api/outbound/answer */
export const OutboundAnswerBody = Type.Object({ outboundId: Loose(64), questionId: Loose(64), answer: Loose(20_000), dbName: Loose(63) })
export type OutboundAnswerBody = Static<typeof OutboundAnswerBody>
export const OutboundAnswerReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: OutboundQuestion })
export type OutboundAnswerReply = Static<typeof OutboundAnswerReply>

/** PUT /api/outbound/attachment (multipart: outboundId, questionId, dbName?, then the file). */
export const OutboundAttachmentReply = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ insertedAttachment: OutboundAttachment }),
})
export type OutboundAttachmentReply = Static<typeof OutboundAttachmentReply>

/** DELETE /api/outbound/attachment and POST /api/outbound/attachment/download */
export const OutboundAttachmentBody = Type.Object({
  outboundId: Loose(64),
  questionId: Loose(64),
  attachmentId: Loose(64),
  fileName: Loose(255),
  dbName: Loose(63),
})
export type OutboundAttachmentBody = Static<typeof OutboundAttachmentBody>

/** The spec's file-host names for the same two calls (POST /api/fs/download-inbound-attachments, /api/fs/delete-inbound-attachments). */
export const InboundAttachmentFileBody = Type.Object({
  outboundId: Loose(64),
  questionId: Loose(64),
  fileId: Loose(64),
  attachmentId: Loose(64),
  fileName: Loose(255),
  bucketName: Loose(100),
  folderName: Loose(100),
})
export type InboundAttachmentFileBody = Static<typeof InboundAttachmentFileBody>

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

export const OutboundCommentQuery = Type.Object({ questionId: Loose(64), outboundId: Loose(64), dbName: Loose(63) })
export const OutboundCommentListReply = Type.Object({ status: Type.Boolean(), data: Type.Array(OutboundComment) })
export type OutboundCommentListReply = Static<typeof OutboundCommentListReply>
export const OutboundCommentBody = Type.Object({
  questionId: Loose(64),
  comment: Loose(5000),
  commentType: Type.Optional(CommentType),
  outboundId: Loose(64),
  dbName: Loose(63),
})
export type OutboundCommentBody = Static<typeof OutboundCommentBody>
export const OutboundCommentReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: OutboundComment })

/** POST /api/outbound/collaborator/add, DELETE /api/outbound/collaborator/remove */
export const CollaboratorBody = Type.Object({ outboundId: Loose(64), collaboratorEmail: Loose(254) })
export type CollaboratorBody = Static<typeof CollaboratorBody>
export const CollaboratorsQuery = Type.Object({ outboundId: Loose(64) })
export const CollaboratorsReply = Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()), data: Type.Array(Email) })
export type CollaboratorsReply = Static<typeof CollaboratorsReply>

/** POST /api/outbound/:id/resend: a new link (the old ones stop working), emailed again. */
export const ResendBody = Type.Object({ expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })) })
export const LinkReply = Type.Object({ status: Type.Boolean(), message: Type.String(), data: OutboundLink })
export type LinkReply = Static<typeof LinkReply>

/** GET /api/inbound/:capability: the emailed link's capability exchanged for a restricted session. */
export const InboundParams = Type.Object({ capability: Type.String({ maxLength: 128 }) })
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

export { OutboundText } from './outbound-text.js'

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
export const TemplateListReply = Type.Object({ status: Type.Boolean(), data: Type.Array(TemplateSummary) })
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
