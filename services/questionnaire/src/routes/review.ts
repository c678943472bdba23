// Review of a questionnaire's drafted answers: the question list (what its rows show), one question
// opened (its evidence, cited source and history), counts, saving an answer (with history kept by the
// server). The exports are in export.ts.
import {
  BulkApprovalReply,
  BulkApproveBody,
  BulkUndoBody,
  drafterName,
  noReviewCounts,
  AnswerClearBody,
  AnswerConflictReply,
  AnswerUpdateBody,
  AnswerUpdateReply,
  answerUpdateMessages,
  HISTORY_SHOWN,
  isUuid,
  type Question,
  QuestionDetailParams,
  QuestionDetailQuery,
  QuestionDetailReply,
  type QuestionListItem,
  QuestionListQuery,
  QuestionListReply,
  QuestionnaireCountsReply,
  QuestionnaireDetailsReply,
  questionnaireErrors,
  QuestionnaireParams,
  reviewStateOf,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, answerConflict, principalOf } from '@portal/http'
import { choicesOf } from '@portal/drafting'
import {
  addComment,
  type AnswerCellRow,
  type CitedDocument,
  citedDocumentOf,
  citedDocuments,
  countQuestions,
  countsOf,
  findCompany,
  findQuestion,
  findQuestionToSave,
  type HistoryEntry,
  listDigest,
  listQuestionRows,
  listRowDigests,
  approveQuestions,
  restoreApprovals,
  reviewCountsOf,
  updateAnswer,
} from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from '../deps.js'
import { sendList } from '../list-bytes.js'
import { rowsAsJson } from '../list-rows.js'
import { okData } from '../replies.js'
import { fileOf } from '../lookups.js'
import { splitName } from './comments.js'

type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestion>>>
type ListRow = Awaited<ReturnType<typeof listQuestionRows>>[number]

/** The page a draft names ("compliance/policy.pdf#page=4" → 4). */
const pageOf = (fileAndFolder: string) => Number(/#page=(\d+)$/.exec(fileAndFolder)?.[1] ?? 0) || null

/**
 * The history as shown: an entry written before drafters were named (issue 25) that holds the
 * recorded draft as the first text replaced is the drafter's, not the reviewer's who replaced it.
 */
const historyOf = (q: QuestionRow): HistoryEntry[] =>
  (q.answerHistory as HistoryEntry[]).map((h, i) =>
    i === 0 && !h.drafter && q.answerSource && q.draftRecorded && h.answer === q.draftAnswer
      ? { ...h, name: drafterName(q.answerSource, q.draftedBy), drafter: true }
      : h,
  )

/** What the list's row and the opened question both show of a question. */
const shownOf = (q: ListRow): Omit<QuestionListItem, 'state'> => ({
  _id: q.id,
  questionId: q.questionRef,
  question: q.question,
  answer: q.answer,
  choiceValue: q.choiceValue,
  choices: choicesOf(q.answerCells as AnswerCellRow[]),
  reviewstatus: q.reviewstatus,
  llmstatus: q.llmstatus,
  llmReviewRespons: q.llmReviewRespons ? 1 : 0,
  drafted: q.drafted,
  /** Why the answer needs review, in words ('' when nothing is known against it). */
  reviewReason: q.reviewReason,
  /** Where the draft came from: 'library', 'documents' (offline), 'model'; '' for a person's answer or none. */
  answerSource: q.answerSource,
  draftedBy: q.answerSource === 'model' ? q.draftedBy : '',
  draftedAt: q.draftedAt?.toISOString() ?? null,
  /** A person wrote the answer's text (drafts: false). */
  personAnswer: q.personAnswer,
  version: q.version,
  updatedAt: q.updatedAt.toISOString(),
})

/** A row of the review list (issue 26): no evidence, history or cited source; those come with the question opened. */
const listItemOut = (q: ListRow): QuestionListItem => {
  const shown = shownOf(q)
  return { ...shown, state: reviewStateOf(shown) }
}

/** The question opened: the row's fields, its evidence, the cited source and the history. */
const questionOut = (q: QuestionRow, cited = new Map<string, CitedDocument>()): Question => {
  const source = citedDocumentOf(q, cited)
  return {
    ...shownOf(q),
    comment: q.comment,
    answerHistory: historyOf(q),
    retrievedNarrative: q.retrievedNarrative,
    documentName: q.documentName,
    bucketName: '',
    fileAndFolder: q.fileAndFolder,
    /** The compliance file the cited passage is in, while it is still there ('' otherwise), and its page. */
    sourceDocumentId: source?.documentId ?? '',
    sourcePage: source ? (pageOf(q.fileAndFolder) ?? source.page) : null,
  }
}

const citedOf = (store: QuestionnaireDeps['store'], tenantId: string, rows: QuestionRow[]) =>
  citedDocuments(
    store,
    tenantId,
    rows.flatMap((q) => (Array.isArray(q.citations) ? (q.citations as unknown[]).map(String) : [])),
  )

export function reviewRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store } = deps
  const questionnaireOf = (tenantId: string, id: string) => fileOf(deps, tenantId, id, 'questionnaire')
  const Id = QuestionnaireParams

  // What the list shows, for the whole questionnaire (or a window of it: ?offset&limit); the rest of a
  // question comes with it opened (below). Issue 26: evidence and history made the list 2 KB a question.
  app.get(
    '/getquestionlist/:questionnaireId',
    {
      schema: { tags: ['questionnaire'], params: Id, querystring: QuestionListQuery, response: { 200: QuestionListReply, ...questionnaireErrors(404) } },
    },
    async (req, reply) => {
      const { tenantId } = principalOf(req)
      const file = await questionnaireOf(tenantId, req.params.questionnaireId)
      const { offset, limit } = req.query
      // A list nobody changed is answered from its digest alone (list-bytes.ts).
      const window = offset || limit ? `.${offset ?? 0}.${limit ?? ''}` : ''
      const version = `${await listDigest(store, tenantId, file.id)}${window}`
      return sendList(req, reply, `${tenantId}:${file.id}${window}`, version, async () => {
        const listed = await listRowDigests(store, tenantId, file.id, {
          ...(offset !== undefined ? { offset } : {}),
          ...(limit !== undefined ? { limit } : {}),
        })
        const rows = await rowsAsJson(`${tenantId}:${file.id}${window}`, listed, async (ids) =>
          (await listQuestionRows(store, tenantId, file.id, { ids })).map(listItemOut),
        )
        const total = limit === undefined && !offset ? listed.length : await countQuestions(store, tenantId, file.id)
        return `{"status":true,"data":[${rows.join(',')}],"total":${total}}`
      })
    },
  )

  // One question opened on the review page: its evidence, cited source, comment and the last
  // HISTORY_SHOWN entries of its history (all of them with ?history=all). Another tenant's id: 404.
  app.get(
    '/questionnaires/question/:questionId',
    {
      schema: {
        tags: ['questionnaire'],
        params: QuestionDetailParams,
        querystring: QuestionDetailQuery,
        response: { 200: QuestionDetailReply, ...questionnaireErrors(404) },
      },
    },
    async (req) => {
      const { tenantId } = principalOf(req)
      const q = isUuid(req.params.questionId) ? await findQuestion(store, tenantId, req.params.questionId) : undefined
      if (!q) throw new AppError('NOT_FOUND', { message: 'Question not found' })
      const full = questionOut(q, await citedOf(store, tenantId, [q]))
      const history = req.query.history === 'all' ? full.answerHistory : full.answerHistory.slice(-HISTORY_SHOWN)
      return okData({ ...full, answerHistory: history, historyTotal: full.answerHistory.length })
    },
  )

  // The review page's header: the questionnaire and the client it was uploaded for.
  app.get(
    '/questionnaires/:questionnaireId/details',
    { schema: { tags: ['questionnaire'], params: Id, response: { 200: QuestionnaireDetailsReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const file = await questionnaireOf(tenantId, req.params.questionnaireId)
      const company = await findCompany(store, tenantId, file.companyId)
      return { status: true, data: { _id: file.id, fileName: file.fileName, companyId: file.companyId, clientName: company?.companyName ?? '' } }
    },
  )

  // Answered counts what a person approved or wrote; filled (non-empty, drafts included), drafted (the job's progress) and approved apart.
  app.get(
    '/questionnaires/count/:questionnaireId',
    { schema: { tags: ['questionnaire'], params: Id, response: { 200: QuestionnaireCountsReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const file = await questionnaireOf(tenantId, req.params.questionnaireId)
      const review = (await reviewCountsOf(store, tenantId, [file.id])).get(file.id) ?? noReviewCounts()
      return { status: true, ...(await countsOf(store, tenantId, file.id)), review }
    },
  )

  // A blank answer or no question id gets the spec's message (answerUpdateMessages). A save naming
  // the version it edited is refused (409, the answer as it is now) when another save came first.
  /** Another save came first: what is there now, for the reviewer to merge (409). */
  const conflictOf = async (tenantId: string, id: string) => {
    const now = await findQuestion(store, tenantId, id)
    if (!now) return new AppError('NOT_FOUND', { message: 'Question not found' })
    return answerConflict({
      _id: now.id,
      answer: now.answer,
      choiceValue: now.choiceValue,
      version: now.version,
      savedBy: now.savedBy,
      savedAt: now.updatedAt.toISOString(),
    })
  }

  app.post(
    '/questionnaires/answer/clear',
    {
      schema: { tags: ['questionnaire'], body: AnswerClearBody, response: { 200: AnswerUpdateReply, ...questionnaireErrors(404), 409: AnswerConflictReply } },
      config: { fieldMessages: { questionId: answerUpdateMessages['questionId']! } },
    },
    async (req) => {
      const me = principalOf(req)
      const current = isUuid(req.body.questionId) ? await findQuestionToSave(store, me.tenantId, req.body.questionId) : undefined
      if (!current) throw new AppError('NOT_FOUND', { message: 'Question not found' })
      const { version } = req.body
      const updated = await updateAnswer(store, me.tenantId, current.id, {
        answer: '',
        choiceValue: null,
        reviewstatus: false,
        llmstatus: false,
        by: me.name ?? 'Unknown user',
        ...(version !== undefined ? { version } : {}),
      })
      if (!updated) throw await conflictOf(me.tenantId, current.id)
      return okData(questionOut(updated, await citedOf(store, me.tenantId, [updated])), 'Draft cleared')
    },
  )

  app.put(
    '/questionnaires/answer',
    {
      schema: {
        tags: ['questionnaire'],
        body: AnswerUpdateBody,
        response: { 200: AnswerUpdateReply, ...questionnaireErrors(404), 409: AnswerConflictReply },
      },
      config: { fieldMessages: answerUpdateMessages },
    },
    async (req) => {
      const me = principalOf(req)
      const current = isUuid(req.body.questionId) ? await findQuestionToSave(store, me.tenantId, req.body.questionId) : undefined
      if (!current) throw new AppError('NOT_FOUND', { message: 'Question not found' })
      const { choiceValue, version } = req.body
      if (choiceValue && !choicesOf(current.answerCells as AnswerCellRow[]).includes(choiceValue)) {
        throw new AppError('INVALID_REQUEST', { message: "Choice must be one of the question's options" })
      }
      const comment = req.body.comment?.trim()
      // History is the server's record: the old answer, when, and who changed it (kept by the same statement).
      const updated = await updateAnswer(store, me.tenantId, current.id, {
        answer: req.body.answer,
        ...(choiceValue !== undefined ? { choiceValue: choiceValue || null } : {}),
        ...(req.body.reviewstatus !== undefined ? { reviewstatus: req.body.reviewstatus } : {}),
        ...(req.body.llmstatus !== undefined ? { llmstatus: req.body.llmstatus } : {}),
        ...(comment ? { comment } : {}),
        by: me.name ?? 'Unknown user',
        ...(version !== undefined ? { version } : {}),
      })
      if (!updated) throw await conflictOf(me.tenantId, current.id)
      // A comment sent with the answer (the spec's payload) joins the question's thread.
      if (comment && comment !== current.comment) {
        await addComment(store, me.tenantId, {
          questionId: current.id,
          fileId: current.fileId,
          comment,
          commentType: 'enterprise',
          userId: me.userId,
          ...splitName(me.name),
        })
      }
      return okData(questionOut(updated, await citedOf(store, me.tenantId, [updated])), 'Updated Successfully')
    },
  )

  // Several questions approved at once (issue 25), each at the version the reviewer saw: one of them
  // another tenant's or unknown answers 404 and one changed since answers 409, nothing written then.
  // The reply's `previous` states, sent to the undo route, put back exactly those questions.
  const bulkRefusal = (r: 'missing' | 'stale') =>
    r === 'missing'
      ? new AppError('NOT_FOUND', { message: 'Question not found' })
      : new AppError('CONFLICT', { message: 'Some of these answers were changed by someone else since you saw them. Refresh the page and try again.' })

  app.post(
    '/questionnaires/answer/approve-bulk',
    { schema: { tags: ['questionnaire'], body: BulkApproveBody, response: { 200: BulkApprovalReply, ...questionnaireErrors(404, 409) } } },
    async (req) => {
      const me = principalOf(req)
      const done = await approveQuestions(store, me.tenantId, req.body.questions, me.name ?? 'Unknown user')
      if (!Array.isArray(done)) throw bulkRefusal(done)
      return { status: true, message: `${done.length} answer${done.length === 1 ? '' : 's'} approved`, data: { changed: done.length, previous: done } }
    },
  )

  app.post(
    '/questionnaires/answer/approve-bulk/undo',
    { schema: { tags: ['questionnaire'], body: BulkUndoBody, response: { 200: BulkApprovalReply, ...questionnaireErrors(404, 409) } } },
    async (req) => {
      const me = principalOf(req)
      const done = await restoreApprovals(store, me.tenantId, req.body.previous, me.name ?? 'Unknown user')
      if (!Array.isArray(done)) throw bulkRefusal(done)
      return { status: true, message: 'Approval undone', data: { changed: done.length, previous: done } }
    },
  )
}
