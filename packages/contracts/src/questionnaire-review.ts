// The review page's wire facts (questionnaire service): the questions with their drafted answers,
// saving an answer, the questionnaire's details for its header (the client's name), and a
// knowledge-base document opened in the browser at a cited page.
import { type Static, Type } from 'typebox'
import { AnswerVersion } from './answer-conflict.js'
import { dataReply, type FieldMessages } from './envelope.js'
import { QuestionnaireId } from './questionnaire-common.js'
import { SpecText } from './spec-text.js'

/** GET /api/questionnaires/:questionnaireId/details. */
export const QuestionnaireDetailsReply = Type.Object({
  status: Type.Boolean(),
  data: Type.Object({
    _id: Type.String(),
    fileName: Type.String(),
    companyId: Type.String(),
    /** The client (company) the questionnaire was uploaded for. */
    clientName: Type.String(),
  }),
})
export type QuestionnaireDetailsReply = Static<typeof QuestionnaireDetailsReply>

/**
 * GET /api/compliancefile/:id/view: a compliance (knowledge-base) document of the caller's tenant,
 * streamed for the browser to show (`Content-Disposition: inline`, `application/pdf`, `nosniff`);
 * 404 for an id of another tenant, another kind or none.
 */
export const KnowledgeDocumentParams = Type.Object({ id: QuestionnaireId })
export type KnowledgeDocumentParams = Static<typeof KnowledgeDocumentParams>

/** Where a knowledge-base document is shown, at a page (the PDF viewer's `#page=N`) when one is given. */
export const knowledgeDocumentPath = (id: string, page?: number | null) =>
  `/api/compliancefile/${encodeURIComponent(id)}/view${page && page > 0 ? `#page=${page}` : ''}`

/** Any route naming a questionnaire: GET /api/getquestionlist/:questionnaireId, …/count, …/details, …/events, the exports. */
export const QuestionnaireParams = Type.Object({ questionnaireId: QuestionnaireId })
export type QuestionnaireParams = Static<typeof QuestionnaireParams>

/** An answer a question had before it was changed: the server's record of who changed it and when. */
export const HistoryEntry = Type.Object({
  answer: Type.String(),
  createdAt: Type.String(),
  /** Who wrote the replaced text: a person, or the drafter (drafterName) when `drafter`. */
  name: Type.String(),
  /** The replaced text was a drafter's draft: `name` is the drafter, `createdAt` when it drafted (issue 25). */
  drafter: Type.Optional(Type.Boolean()),
})
export type HistoryEntry = Static<typeof HistoryEntry>

/** Where a draft came from: the answer library, a question/answer pair in a document, the documents (offline drafter), the model; '' for a person's answer or none. */
export const AnswerSource = Type.Union([Type.Literal(''), Type.Literal('library'), Type.Literal('pair'), Type.Literal('documents'), Type.Literal('model')])
export type AnswerSource = Static<typeof AnswerSource>

/** Spec §5 entity "Question (enterprise)", with what the review page shows beside it. */
export const Question = Type.Object({
  _id: Type.String(),
  /** The questionnaire's own id of the question (AIS-01.1), or its row number. */
  questionId: Type.String(),
  question: Type.String(),
  answer: Type.String(),
  /** One of `choices` (a dropdown value, or a Yes / No / N.A. column), or null. */
  choiceValue: Type.Union([Type.String(), Type.Null()]),
  /** The options of the question's choice cells; [] when it takes free text only. */
  choices: Type.Array(Type.String()),
  reviewstatus: Type.Boolean(),
  llmstatus: Type.Boolean(),
  /** 1 = the draft needs review (the spec's name). */
  llmReviewRespons: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** The drafting job has been through it (with or without an answer). */
  drafted: Type.Boolean(),
  comment: Type.String(),
  answerHistory: Type.Array(HistoryEntry),
  retrievedNarrative: Type.String(),
  documentName: Type.String(),
  bucketName: Type.String(),
  fileAndFolder: Type.String(),
  updatedAt: Type.String(),
  /** Why the answer needs review, in words ('' when nothing is known against it). */
  reviewReason: Type.String(),
  answerSource: AnswerSource,
  /** The model that drafted it (answerSource 'model'); '' otherwise. Words for the drafter: draftedByLine. */
  draftedBy: Type.String(),
  /** When it was drafted (null: not drafted, or before the time was kept). */
  draftedAt: Type.Union([Type.String(), Type.Null()]),
  /** The compliance file of the cited passage while it is there ('' once deleted or replaced): link it with knowledgeDocumentPath. */
  sourceDocumentId: Type.String(),
  /** The cited page, when known. */
  sourcePage: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** A person wrote the answer's text (a draft saved unchanged: false). */
  personAnswer: Type.Boolean(),
  /** Bumped by every save of the answer (and by its draft): send it back with the save (answer-conflict.ts). */
  version: Type.Integer(),
})
export type Question = Static<typeof Question>

/** A question's state at a glance (reviewStateOf, drafts-text.ts): the list's row and filters. */
export const ReviewStateField = Type.Union([
  Type.Literal('approved'),
  Type.Literal('flagged'),
  Type.Literal('drafted'),
  Type.Literal('written'),
  Type.Literal('empty'),
])

/**
 * A row of the review list (issue 26): what the list shows and filters by, and what a save or a bulk
 * approval sends back (the flags, the version). The evidence, the history and the cited source come
 * with the one question opened (QuestionDetailReply).
 */
export const QuestionListItem = Type.Object({
  _id: Type.String(),
  questionId: Type.String(),
  question: Type.String(),
  /** The answer's text: the row's state, the editor, and the spec's clients read it. */
  answer: Type.String(),
  choiceValue: Type.Union([Type.String(), Type.Null()]),
  choices: Type.Array(Type.String()),
  reviewstatus: Type.Boolean(),
  llmstatus: Type.Boolean(),
  llmReviewRespons: Type.Union([Type.Literal(0), Type.Literal(1)]),
  drafted: Type.Boolean(),
  /** Why the answer needs review, in words ('' when nothing is known against it): a sentence or two. */
  reviewReason: Type.String(),
  /** The row's state (reviewStateOf): approved, flagged, drafted, written (edited, not approved), empty. */
  state: ReviewStateField,
  answerSource: AnswerSource,
  draftedBy: Type.String(),
  draftedAt: Type.Union([Type.String(), Type.Null()]),
  personAnswer: Type.Boolean(),
  version: Type.Integer(),
  updatedAt: Type.String(),
})
export type QuestionListItem = Static<typeof QuestionListItem>

/** GET /api/getquestionlist/:questionnaireId?offset&limit: a window of the list (the whole list without them). */
export const QuestionListQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
)
export type QuestionListQuery = Static<typeof QuestionListQuery>

/** GET /api/getquestionlist/:questionnaireId: the rows in the questionnaire's order, and how many there are in all. */
export const QuestionListReply = Type.Object({ status: Type.Boolean(), data: Type.Array(QuestionListItem), total: Type.Integer() })
export type QuestionListReply = Static<typeof QuestionListReply>

/** Entries of a question's history sent unless all are asked for (`?history=all`). */
export const HISTORY_SHOWN = 10

/** GET /api/questionnaires/question/:questionId */
export const QuestionDetailParams = Type.Object({ questionId: QuestionnaireId })
export type QuestionDetailParams = Static<typeof QuestionDetailParams>
export const QuestionDetailQuery = Type.Object({ history: Type.Optional(Type.Literal('all')) }, { additionalProperties: false })
export type QuestionDetailQuery = Static<typeof QuestionDetailQuery>

/**
 * One question opened on the review page: the whole question (evidence, cited source, comment), its
 * history the last HISTORY_SHOWN entries (all with `?history=all`), and how many entries it has.
 */
export const QuestionDetail = Type.Object({ ...Question.properties, historyTotal: Type.Integer({ minimum: 0 }) })
export type QuestionDetail = Static<typeof QuestionDetail>
export const QuestionDetailReply = dataReply(QuestionDetail)
export type QuestionDetailReply = Static<typeof QuestionDetailReply>

/**
 * PUT /api/questionnaires/answer: the spec's payload. The flags left out keep their value;
 * `answerHistory` is accepted for the spec's sake and ignored (the server keeps the history).
 */
export const AnswerUpdateBody = Type.Object({
  questionId: QuestionnaireId,
  /** Not blank. */
  answer: Type.String({ maxLength: 20000, pattern: '\\S' }),
  reviewstatus: Type.Optional(Type.Boolean()),
  llmstatus: Type.Optional(Type.Boolean()),
  /** Joins the question's comment thread when it differs from the last one. */
  comment: Type.Optional(Type.String({ maxLength: 5000 })),
  /** One of the question's `choices`; null clears it; left out keeps it. */
  choiceValue: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  answerHistory: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 500 })),
  /** The `version` the answer was edited from: another save since is refused with 409 (AnswerConflictReply). Left out: saved whatever is there. */
  version: Type.Optional(AnswerVersion),
})
export type AnswerUpdateBody = Static<typeof AnswerUpdateBody>
export const answerUpdateMessages: FieldMessages = { questionId: { missing: SpecText.questionIdMissing }, answer: { missing: SpecText.answerRequired } }

/**
 * POST /api/questionnaires/answer/clear: the reviewer clears a draft that is wrong (its text and choice
 * emptied, approval removed; the text joins the history). The same `version` check as a save.
 */
export const AnswerClearBody = Type.Object({ questionId: QuestionnaireId, version: Type.Optional(AnswerVersion) }, { additionalProperties: false })
export type AnswerClearBody = Static<typeof AnswerClearBody>

/** The question as saved. */
export const AnswerUpdateReply = dataReply(Question)
export type AnswerUpdateReply = Static<typeof AnswerUpdateReply>
