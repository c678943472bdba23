import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import { drafterName } from '@portal/contracts'
import { passageText } from '@portal/knowledge'
import type { AnswerCellRow, EvidenceRef, QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>
const columns = [
  'id',
  'fileId',
  'ordinal',
  'sheet',
  'row',
  'questionRef',
  'question',
  'answerCells',
  'answer',
  'choiceValue',
  'reviewstatus',
  'llmstatus',
  'llmReviewRespons',
  'drafted',
  'comment',
  'citations',
  'retrievedNarrative',
  'documentName',
  'fileAndFolder',
  'answerHistory',
  'updatedAt',
  'reviewReason',
  'answerSource',
  'personAnswer',
  'version',
  'savedBy',
  'draftedBy',
  'draftedAt',
  'draftRecorded',
  'draftAnswer',
  'evidence',
] as const

/** How much of a passage a question keeps, for when its chunk is gone (its document replaced or deleted). */
export const EXCERPT_CHARS = 200

/** A passage shown beside a draft, as the question keeps it. */
export const evidenceRef = (c: { id: string; documentName: string; page: number; heading?: string | undefined; text: string }): EvidenceRef => ({
  chunkId: c.id,
  documentName: c.documentName,
  page: c.page,
  heading: c.heading ?? '',
  excerpt: c.text.slice(0, EXCERPT_CHARS),
})

type ChunkTexts = Kysely<{ chunk: { id: string; tenantId: string; text: string } }>

/**
 * Questions as they read: the evidence references put back into retrievedNarrative (its note, then
 * each passage's text, from its chunk, or its excerpt when the chunk is gone), in one query for all.
 */
async function withEvidence<Q extends { retrievedNarrative: string; evidence: EvidenceRef[] }>(
  db: Db,
  tenantId: string,
  rows: Q[],
): Promise<Omit<Q, 'evidence'>[]> {
  const ids = [...new Set(rows.flatMap((r) => r.evidence.map((e) => e.chunkId)))]
  const texts = new Map<string, string>()
  if (ids.length) {
    const chunks = await (db as unknown as ChunkTexts)
      .selectFrom('chunk')
      .select(['id', 'text'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .execute()
    for (const c of chunks) texts.set(c.id, c.text)
  }
  return rows.map(({ evidence, ...row }) => {
    if (!evidence.length) return row
    const passages = evidence.map((e) => passageText(e, texts.get(e.chunkId) ?? e.excerpt))
    return { ...row, retrievedNarrative: [row.retrievedNarrative, ...passages].filter(Boolean).join('\n\n') }
  })
}

export interface NewQuestion {
  sheet: string
  row: number
  questionRef: string
  question: string
  answerCells: AnswerCellRow[]
}

/** Idempotent: a re-run of extraction gives the same rows. */
export async function replaceQuestions(db: Db, tenantId: string, fileId: string, questions: NewQuestion[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('question').where('tenantId', '=', tenantId).where('fileId', '=', fileId).execute()
    for (let i = 0; i < questions.length; i += 300) {
      await trx
        .insertInto('question')
        .values(
          questions.slice(i, i + 300).map((q, j) => ({
            ...q,
            answerCells: JSON.stringify(q.answerCells),
            citations: '[]',
            answerHistory: '[]',
            choiceValue: null,
            ordinal: i + j,
            id: crypto.randomUUID(),
            fileId,
            tenantId,
          })),
        )
        .execute()
    }
  })
}

/**
 * The questions of a file read again (its columns confirmed or changed): a question that keeps its
 * id and text keeps its row, and with it its draft, answer, review and comments, at its new place;
 * the others are removed or added. One transaction.
 */
export async function rereadQuestions(
  db: Db,
  tenantId: string,
  fileId: string,
  questions: NewQuestion[],
): Promise<{ kept: number; added: number; removed: number }> {
  const key = (q: { questionRef: string; question: string }) => `${q.questionRef.trim().toUpperCase()}\u0000${q.question.replace(/\s+/g, ' ').trim()}`
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('question')
      .select(['id', 'questionRef', 'question'])
      .where('tenantId', '=', tenantId)
      .where('fileId', '=', fileId)
      .execute()
    const byKey = new Map(old.map((q) => [key(q), q.id]))
    const keep = new Set<string>()
    const fresh: (NewQuestion & { ordinal: number })[] = []
    for (const [ordinal, q] of questions.entries()) {
      const id = byKey.get(key(q))
      if (id && !keep.has(id)) {
        keep.add(id)
        await trx
          .updateTable('question')
          .set({ sheet: q.sheet, row: q.row, answerCells: JSON.stringify(q.answerCells), ordinal })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute()
      } else fresh.push({ ...q, ordinal })
    }
    const gone = old.filter((q) => !keep.has(q.id)).map((q) => q.id)
    for (let i = 0; i < gone.length; i += 500)
      await trx
        .deleteFrom('question')
        .where('tenantId', '=', tenantId)
        .where('id', 'in', gone.slice(i, i + 500))
        .execute()
    for (let i = 0; i < fresh.length; i += 300) {
      await trx
        .insertInto('question')
        .values(
          fresh.slice(i, i + 300).map((q) => ({
            ...q,
            answerCells: JSON.stringify(q.answerCells),
            citations: '[]',
            answerHistory: '[]',
            choiceValue: null,
            id: crypto.randomUUID(),
            fileId,
            tenantId,
          })),
        )
        .execute()
    }
    return { kept: keep.size, added: fresh.length, removed: gone.length }
  })
}

export const listQuestions = async (db: Db, tenantId: string, fileId: string) =>
  withEvidence(
    db,
    tenantId,
    await db.selectFrom('question').select(columns).where('tenantId', '=', tenantId).where('fileId', '=', fileId).orderBy('ordinal').execute(),
  )

/** What the review list shows of each question (issue 26): no evidence, citations or history read. */
const listColumns = [
  'id',
  'questionRef',
  'question',
  'answerCells',
  'answer',
  'choiceValue',
  'reviewstatus',
  'llmstatus',
  'llmReviewRespons',
  'drafted',
  'reviewReason',
  'answerSource',
  'personAnswer',
  'version',
  'draftedBy',
  'draftedAt',
  'updatedAt',
] as const

/** The questionnaire's own ids of its questions, in order (its framework is told by them). */
export const questionRefsOf = async (db: Db, tenantId: string, fileId: string): Promise<string[]> =>
  (await db.selectFrom('question').select('questionRef').where('tenantId', '=', tenantId).where('fileId', '=', fileId).orderBy('ordinal').execute()).map(
    (q) => q.questionRef,
  )

export interface ListWindow {
  offset?: number
  limit?: number
}

/** The review list's rows in the questionnaire's order: a window of them when `limit` is given, only `ids` when given. */
export function listQuestionRows(db: Db, tenantId: string, fileId: string, window: ListWindow & { ids?: string[] } = {}) {
  let query = db.selectFrom('question').select(listColumns).where('tenantId', '=', tenantId).where('fileId', '=', fileId).orderBy('ordinal')
  if (window.ids) query = query.where('id', 'in', window.ids.length ? window.ids : [NO_ROW])
  if (window.limit !== undefined) query = query.limit(window.limit)
  if (window.offset) query = query.offset(window.offset)
  return query.execute()
}

const NO_ROW = '00000000-0000-0000-0000-000000000000'

/** The list columns as SQL names, in order: what both digests below are made of. */
const listFields = () => sql.join(listColumns.map((c) => sql.ref(c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`))))

/**
 * Each listed row's id and a digest of what the list shows of it, in the questionnaire's order (a
 * window of them): a list made again after a save serializes only the rows whose digest changed.
 */
export function listRowDigests(db: Db, tenantId: string, fileId: string, window: ListWindow = {}) {
  let query = db
    .selectFrom('question')
    .select(['id', sql<string>`md5(row(${listFields()})::text)`.as('digest')])
    .where('tenantId', '=', tenantId)
    .where('fileId', '=', fileId)
    .orderBy('ordinal')
  if (window.limit !== undefined) query = query.limit(window.limit)
  if (window.offset) query = query.offset(window.offset)
  return query.execute()
}

/**
 * A digest of everything the review list shows of a file's questions, in their order, made by the
 * database: equal digests, equal lists. The list's ETag, and the key of its kept bytes (review.ts),
 * so a list nobody changed costs one small query, whichever writer changed it last.
 */
export async function listDigest(db: Db, tenantId: string, fileId: string): Promise<string> {
  const row = await db
    .selectFrom('question')
    .select(sql<string>`md5(coalesce(string_agg(row(${listFields()})::text, '|' order by ordinal), ''))`.as('digest'))
    .where('tenantId', '=', tenantId)
    .where('fileId', '=', fileId)
    .executeTakeFirstOrThrow()
  return row.digest
}

export const countQuestions = async (db: Db, tenantId: string, fileId: string) =>
  Number(
    (
      await db
        .selectFrom('question')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenantId', '=', tenantId)
        .where('fileId', '=', fileId)
        .executeTakeFirst()
    )?.n ?? 0,
  )

export async function findQuestion(db: Db, tenantId: string, id: string) {
  const row = await db.selectFrom('question').select(columns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
  return row && (await withEvidence(db, tenantId, [row]))[0]
}

/** What a save checks against (the question's options, its comment and file), without its evidence. */
export const findQuestionToSave = (db: Db, tenantId: string, id: string) =>
  db.selectFrom('question').select(['id', 'fileId', 'answerCells', 'comment']).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()

export const undraftedQuestions = (db: Db, tenantId: string, fileId: string) =>
  db
    .selectFrom('question')
    .select(['id', 'question', 'questionRef', 'answerCells'])
    .where('tenantId', '=', tenantId)
    .where('fileId', '=', fileId)
    .where('drafted', '=', false)
    .orderBy('ordinal')
    .execute()

export interface DraftFields {
  answer: string
  /** One of the question's options (dropdown value, Yes / No / N.A. column), if the drafter chose. */
  choiceValue: string | undefined
  citations: string[]
  needsReview: boolean
  /** Why it needs review, for the reviewer ('' when nothing is known against it). */
  reviewReason: string
  /** Where the draft came from: the answer library, a document's Q&A pair, the documents (offline), a model; '' if nothing was drafted. */
  answerSource: '' | 'library' | 'pair' | 'documents' | 'model'
  /** The context shown before `evidence` (a known answer's origin); without `evidence`, all of it. */
  retrievedNarrative: string
  /** The passages shown beside the draft, kept by reference (evidenceRef): their text is in the chunk table already. */
  evidence?: EvidenceRef[]
  documentName: string
  fileAndFolder: string
  /** The model's name, for a model's draft. */
  draftedBy?: string
}

export async function saveDraft(db: Db, tenantId: string, id: string, d: DraftFields): Promise<void> {
  await db
    .updateTable('question')
    .set({
      answer: d.answer,
      choiceValue: d.choiceValue ?? null,
      citations: JSON.stringify(d.citations),
      llmReviewRespons: d.needsReview ? 1 : 0,
      reviewReason: d.needsReview ? d.reviewReason : '',
      answerSource: d.answerSource,
      draftRecorded: true,
      draftAnswer: d.answer,
      draftChoice: d.choiceValue ?? null,
      draftedBy: d.answerSource === 'model' ? (d.draftedBy ?? '') : '',
      draftedAt: new Date(),
      retrievedNarrative: d.retrievedNarrative,
      evidence: JSON.stringify(d.evidence ?? []),
      documentName: d.documentName,
      fileAndFolder: d.fileAndFolder,
      drafted: true,
      // A new text: a save made against the one before is someone else's to merge.
      version: sql<number>`version + 1`,
      savedBy: '',
      updatedAt: new Date(),
    })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('drafted', '=', false)
    .execute()
}

/** Entries of an answer's history kept when it is saved (the oldest are dropped past it). */
export const HISTORY_KEPT = 50

export interface AnswerSave {
  answer: string
  /** Left out: kept (null clears the choice). */
  choiceValue?: string | null
  reviewstatus?: boolean
  llmstatus?: boolean
  comment?: string
  /** Who saves: named in the history entry of the text replaced, and as who saved the answer. */
  by: string
  /** The version the text was edited from: when another save came since, nothing is written (undefined). */
  version?: number
}

/**
 * Saves an answer in one conditional UPDATE (issue 22): the text it replaces joins the history, who
 * saved is kept and the version bumped by the same statement, so two saves never lose each other's
 * text or history entry. Undefined when the question is not the tenant's, or `version` is stale.
 */
export async function updateAnswer(db: Db, tenantId: string, id: string, input: AnswerSave) {
  const { answer, by } = input
  // The replaced text, when, and who replaced it: appended only when there was a text and it changes.
  const person = sql`jsonb_build_object('answer', answer, 'createdAt', ${new Date().toISOString()}::text, 'name', ${by}::text)`
  // A drafter's text no person changed yet is named by its drafter, at its draft's time (issue 25).
  const drafter = sql`case answer_source when 'model' then coalesce(nullif(drafted_by, ''), ${drafterName('model')}::text)
    when 'documents' then ${drafterName('documents')}::text when 'library' then ${drafterName('library')}::text else ${drafterName('pair')}::text end`
  const drafted = sql`to_char(coalesce(drafted_at, updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
  const entry = sql`case when answer_source <> '' and not person_answer and jsonb_array_length(answer_history) = 0
    then jsonb_build_object('answer', answer, 'createdAt', ${drafted}, 'name', ${drafter}, 'drafter', true) else ${person} end`
  const appended = sql`answer_history || jsonb_build_array(${entry})`
  // Bounded growth (issue 26): the last HISTORY_KEPT entries are kept, the oldest dropped.
  const kept = sql`(select coalesce(jsonb_agg(e order by i), '[]'::jsonb) from jsonb_array_elements(${appended}) with ordinality as h(e, i)
    where i > jsonb_array_length(answer_history) + 1 - ${HISTORY_KEPT})`
  let update = db
    .updateTable('question')
    .set({
      answerHistory: sql`case when answer <> '' and answer <> ${answer} then ${kept} else answer_history end`,
      // A text other than the one there is a person's answer (saving a draft unchanged is not).
      personAnswer: sql<boolean>`person_answer or answer <> ${answer}`,
      answer,
      ...(input.choiceValue !== undefined ? { choiceValue: input.choiceValue } : {}),
      ...(input.reviewstatus !== undefined ? { reviewstatus: input.reviewstatus } : {}),
      ...(input.llmstatus !== undefined ? { llmstatus: input.llmstatus } : {}),
      ...(input.comment ? { comment: input.comment } : {}),
      version: sql<number>`version + 1`,
      savedBy: by,
      updatedAt: new Date(),
    })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
  if (input.version !== undefined) update = update.where('version', '=', input.version)
  const row = await update.returning(columns).executeTakeFirst()
  return row && (await withEvidence(db, tenantId, [row]))[0]
}

export interface QuestionCounts {
  countOfApproved: number
  countOfReview: number
  total: number
  /** Questions a person answered: approved, or with a text a person wrote. Drafts waiting for review are not answered. */
  answered: number
  /** Questions with a non-empty answer, drafts included (approved or not). */
  filled: number
  /** Questions the drafting job has been through, answer found or not (the list's `drafted`). */
  drafted: number
  /** Questions without an answer: total − filled. */
  empty: number
}

/**
 * Answered by a person: approved (llmstatus), or a non-empty text a person wrote (answers changed
 * before `personAnswer` existed have a history).
 */
const personAnswered = (w: ExpressionBuilder<QuestionnaireDb, 'question'>) =>
  w.or([
    w('llmstatus', '=', true),
    w.and([w('answer', '!=', ''), w.or([w('personAnswer', '=', true), w(sql<number>`jsonb_array_length(answer_history)`, '>', 0)])]),
  ])

/**
 * Spec §4: approved = llmstatus true; review = neither flag set. Answered counts what a person
 * approved or wrote; filled counts non-empty answers, drafts included.
 */
export async function countsOf(db: Db, tenantId: string, fileId: string): Promise<QuestionCounts> {
  const row = await db
    .selectFrom('question')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('llmstatus', '=', true).as('approved'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => w.and([w('llmstatus', '=', false), w('reviewstatus', '=', false)]))
        .as('review'),
      eb.fn.count<string>('id').filterWhere(personAnswered).as('answered'),
      eb.fn.count<string>('id').filterWhere('answer', '!=', '').as('filled'),
      eb.fn.count<string>('id').filterWhere('drafted', '=', true).as('drafted'),
    ])
    .where('tenantId', '=', tenantId)
    .where('fileId', '=', fileId)
    .executeTakeFirst()
  const total = Number(row?.total ?? 0)
  const filled = Number(row?.filled ?? 0)
  return {
    countOfApproved: Number(row?.approved ?? 0),
    countOfReview: Number(row?.review ?? 0),
    total,
    answered: Number(row?.answered ?? 0),
    filled,
    drafted: Number(row?.drafted ?? 0),
    empty: total - filled,
  }
}

export interface AnswerCounts {
  /** Approved or written by a person. */
  answered: number
  approved: number
  /** Non-empty answers, drafts included. */
  filled: number
}

/** Answered (by a person), approved and filled (non-empty) questions per questionnaire, for the client's file list. */
export async function answerCountsOf(db: Db, tenantId: string, fileIds: string[]): Promise<Map<string, AnswerCounts>> {
  if (!fileIds.length) return new Map()
  const rows = await db
    .selectFrom('question')
    .select((eb) => [
      'fileId',
      eb.fn.count<string>('id').filterWhere(personAnswered).as('answered'),
      eb.fn.count<string>('id').filterWhere('llmstatus', '=', true).as('approved'),
      eb.fn.count<string>('id').filterWhere('answer', '!=', '').as('filled'),
    ])
    .where('tenantId', '=', tenantId)
    .where('fileId', 'in', fileIds)
    .groupBy('fileId')
    .execute()
  return new Map(rows.map((r) => [r.fileId, { answered: Number(r.answered), approved: Number(r.approved), filled: Number(r.filled) }]))
}

/**
 * Marks the questions still without an answer for drafting again (say, after new documents were
 * added). Answers that exist, drafted or written by a person, are never replaced.
 */
export async function resetDrafts(db: Db, tenantId: string, fileId: string): Promise<number> {
  const res = await db
    .updateTable('question')
    .set({ drafted: false })
    .where('tenantId', '=', tenantId)
    .where('fileId', '=', fileId)
    .where('answer', '=', '')
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}
