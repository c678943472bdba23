// Questionnaire templates: a stored file and the questions extracted from it (editable).
import type { Kysely } from 'kysely'
import { type ExtractedQuestion, fileColumns } from './files.repo.js'
import type { OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>
const questionColumns = ['id', 'position', 'questionRef', 'question', 'sheet', 'row', 'answerCells'] as const

export interface NewStoredFile {
  fileName: string
  fileSize: number
  mimeType: string
  format: string
  blobKey: string
}

export async function insertTemplate(db: Db, tenantId: string, input: NewStoredFile & { createdBy: string }): Promise<string> {
  const id = crypto.randomUUID()
  await db
    .insertInto('template')
    .values({ id, tenantId, ...input })
    .execute()
  return id
}

/** Templates of the tenant with their question counts. */
const withCounts = (db: Db, tenantId: string) =>
  db
    .selectFrom('template')
    .select([...fileColumns.map((c) => `template.${c}` as const), 'template.createdAt'])
    .select((eb) =>
      eb.selectFrom('templateQuestion').select(eb.fn.countAll<string>().as('n')).whereRef('templateQuestion.templateId', '=', 'template.id').as('total'),
    )
    .where('template.tenantId', '=', tenantId)

/** Newest first. */
export const listTemplates = (db: Db, tenantId: string) => withCounts(db, tenantId).orderBy('template.createdAt', 'desc').orderBy('template.id').execute()

export const findTemplate = (db: Db, tenantId: string, id: string) => withCounts(db, tenantId).where('template.id', '=', id).executeTakeFirst()

export function templateQuestions(db: Db, tenantId: string, templateId: string) {
  return db
    .selectFrom('templateQuestion')
    .select(questionColumns)
    .where('tenantId', '=', tenantId)
    .where('templateId', '=', templateId)
    .orderBy('position')
    .execute()
}

/** Replaces the template's file: its questions are extracted again. */
export async function replaceTemplateFile(db: Db, tenantId: string, id: string, file: NewStoredFile): Promise<string | undefined> {
  const before = await db.selectFrom('template').select('blobKey').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
  if (!before) return undefined
  await db
    .updateTable('template')
    .set({ ...file, state: 'queued', error: null, leaseUntil: null, layout: null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .execute()
  return before.blobKey
}

/**
 * The edited question list, in order: a question with a known `_id` keeps its row (and answer
 * cells), one without is new, one left out is removed.
 */
export async function editTemplateQuestions(
  db: Db,
  tenantId: string,
  templateId: string,
  edited: { id?: string | undefined; questionRef?: string | undefined; question: string }[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('templateQuestion')
      .select(['id', 'questionRef', 'sheet', 'row', 'answerCells'])
      .where('tenantId', '=', tenantId)
      .where('templateId', '=', templateId)
      .execute()
    const byId = new Map(current.map((q) => [q.id, q]))
    await tx.deleteFrom('templateQuestion').where('tenantId', '=', tenantId).where('templateId', '=', templateId).execute()
    const rows = edited.map((q, i) => {
      const kept = q.id ? byId.get(q.id) : undefined
      return {
        id: kept?.id ?? crypto.randomUUID(),
        tenantId,
        templateId,
        position: i + 1,
        questionRef: q.questionRef?.trim() || kept?.questionRef || String(i + 1),
        question: q.question.trim(),
        sheet: kept?.sheet ?? '',
        row: kept?.row ?? 0,
        answerCells: JSON.stringify(kept?.answerCells ?? []),
      }
    })
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insertInto('templateQuestion')
        .values(rows.slice(i, i + 500))
        .execute()
  })
}

export async function deleteTemplate(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('template').where('tenantId', '=', tenantId).where('id', '=', id).returning('blobKey').executeTakeFirst()
  return row?.blobKey
}

/** A template's questions as an outbound's own: later edits of the template do not change what was sent. */
export function questionsForOutbound(rows: Awaited<ReturnType<typeof templateQuestions>>): ExtractedQuestion[] {
  return rows.map((q) => ({ questionRef: q.questionRef, question: q.question, sheet: q.sheet, row: q.row, answerCells: q.answerCells }))
}
