import type { Kysely } from 'kysely'
import type { AnswerCellRow, HistoryEntry, QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>
const columns = [
  'id', 'fileId', 'ordinal', 'sheet', 'row', 'questionRef', 'question', 'answerCells', 'answer', 'choiceValue', 'reviewstatus', 'llmstatus',
  'llmReviewRespons', 'drafted', 'comment', 'citations', 'retrievedNarrative', 'documentName', 'fileAndFolder', 'answerHistory', 'updatedAt',
] as const

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
      await trx.insertInto('question').values(questions.slice(i, i + 300).map((q, j) => ({
        ...q,
        answerCells: JSON.stringify(q.answerCells),
        citations: '[]',
        answerHistory: '[]',
        choiceValue: null,
        ordinal: i + j,
        id: crypto.randomUUID(),
        fileId,
        tenantId,
      }))).execute()
    }
  })
}

export const listQuestions = (db: Db, tenantId: string, fileId: string) =>
  db.selectFrom('question').select(columns).where('tenantId', '=', tenantId).where('fileId', '=', fileId).orderBy('ordinal').execute()

export const findQuestion = (db: Db, tenantId: string, id: string) =>
  db.selectFrom('question').select(columns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()

export const undraftedQuestions = (db: Db, tenantId: string, fileId: string) =>
  db.selectFrom('question').select(['id', 'question', 'answerCells']).where('tenantId', '=', tenantId).where('fileId', '=', fileId).where('drafted', '=', false).orderBy('ordinal').execute()

export interface DraftFields {
  answer: string
  choiceValue: string | undefined
  citations: string[]
  needsReview: boolean
  retrievedNarrative: string
  documentName: string
  fileAndFolder: string
}

export async function saveDraft(db: Db, tenantId: string, id: string, d: DraftFields): Promise<void> {
  await db.updateTable('question').set({
    answer: d.answer,
    choiceValue: d.choiceValue ?? null,
    citations: JSON.stringify(d.citations),
    llmReviewRespons: d.needsReview ? 1 : 0,
    retrievedNarrative: d.retrievedNarrative,
    documentName: d.documentName,
    fileAndFolder: d.fileAndFolder,
    drafted: true,
    updatedAt: new Date(),
  }).where('tenantId', '=', tenantId).where('id', '=', id).where('drafted', '=', false).execute()
}

export async function updateAnswer(db: Db, tenantId: string, id: string, input: { answer: string; choiceValue: string | null; reviewstatus: boolean; llmstatus: boolean; comment: string; answerHistory: HistoryEntry[] }) {
  return db.updateTable('question')
    .set({ ...input, answerHistory: JSON.stringify(input.answerHistory), updatedAt: new Date() })
    .where('tenantId', '=', tenantId).where('id', '=', id)
    .returning(columns)
    .executeTakeFirst()
}

/** Spec §4: approved = llmstatus true; review = neither flag set. */
export async function countsOf(db: Db, tenantId: string, fileId: string): Promise<{ countOfApproved: number; countOfReview: number; total: number }> {
  const row = await db.selectFrom('question')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('llmstatus', '=', true).as('approved'),
      eb.fn.count<string>('id').filterWhere((w) => w.and([w('llmstatus', '=', false), w('reviewstatus', '=', false)])).as('review'),
    ])
    .where('tenantId', '=', tenantId).where('fileId', '=', fileId)
    .executeTakeFirst()
  return { countOfApproved: Number(row?.approved ?? 0), countOfReview: Number(row?.review ?? 0), total: Number(row?.total ?? 0) }
}

/** Approved answers of the tenant's questionnaires: the answer library. */
export const answerLibrary = (db: Db, tenantId: string) =>
  db.selectFrom('question').select(['id', 'question', 'answer', 'choiceValue']).where('tenantId', '=', tenantId).where('llmstatus', '=', true).where('answer', '!=', '').execute()

/**
 * Marks the questions still without an answer for drafting again (say, after new documents were
 * added). Answers that exist, drafted or written by a person, are never replaced.
 */
export async function resetDrafts(db: Db, tenantId: string, fileId: string): Promise<number> {
  const res = await db.updateTable('question').set({ drafted: false }).where('tenantId', '=', tenantId).where('fileId', '=', fileId).where('answer', '=', '').executeTakeFirst()
  return Number(res.numUpdatedRows)
}
