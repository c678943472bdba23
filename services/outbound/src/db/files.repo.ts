// The stored questionnaire file of a template or an outbound, and its extraction state. State lives
// here, not in the queue: a job lost with Redis is found again by the sweep of rows still queued,
// or running past their lease.
import type { AnswerCellRow } from '@portal/questionnaire-store'
import { claimLease, mayBeLost, renewLease } from '@portal/db'
import type { Kysely } from 'kysely'
import type { FileState, OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>
export type FileKind = 'template' | 'outbound'
const questionTable = { template: 'templateQuestion', outbound: 'outboundQuestion' } as const
const parent = { template: 'templateId', outbound: 'outboundId' } as const

export interface StoredFile {
  id: string
  fileName: string
  fileSize: number
  mimeType: string
  format: string
  blobKey: string
  state: FileState
  error: string | null
}

export interface ExtractedQuestion {
  questionRef: string
  question: string
  sheet: string
  row: number
  answerCells: AnswerCellRow[]
}

export const fileColumns = ['id', 'fileName', 'fileSize', 'mimeType', 'format', 'blobKey', 'state', 'error'] as const

export async function findStoredFile(db: Db, tenantId: string, kind: FileKind, id: string): Promise<StoredFile | undefined> {
  const row = await db.selectFrom(kind).select(fileColumns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
  return row && { ...row, fileSize: Number(row.fileSize) }
}

/** Takes the file for a job run (the lease protocol of @portal/db). */
export const claimStoredFile = (db: Db, tenantId: string, kind: FileKind, id: string, leaseMs: number) => claimLease(db, kind, tenantId, id, leaseMs)

/** Extends a run's lease; undefined when the run no longer holds it. */
export const renewStoredFile = (db: Db, tenantId: string, kind: FileKind, id: string, lease: Date, leaseMs: number) =>
  renewLease(db, kind, tenantId, id, lease, leaseMs)

export async function finishStoredFile(
  db: Db,
  tenantId: string,
  kind: FileKind,
  id: string,
  outcome: { state: 'ready' | 'check' | 'failed' | 'queued'; error?: string },
): Promise<void> {
  await db
    .updateTable(kind)
    .set({ state: outcome.state, error: outcome.error ?? null, leaseUntil: null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .execute()
}

/** The questions of a file, replaced whole (a job run again gives the same rows). Answers of an outbound restart empty. */
export async function replaceFileQuestions(db: Db, tenantId: string, kind: FileKind, id: string, questions: ExtractedQuestion[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom(questionTable[kind]).where('tenantId', '=', tenantId).where(parent[kind], '=', id).execute()
    for (let i = 0; i < questions.length; i += 500) {
      const rows = questions.slice(i, i + 500).map((q, j) => ({
        id: crypto.randomUUID(),
        tenantId,
        [parent[kind]]: id,
        position: i + j + 1,
        questionRef: q.questionRef,
        question: q.question,
        sheet: q.sheet,
        row: q.row,
        answerCells: JSON.stringify(q.answerCells),
      }))
      // The two tables share these columns; kysely cannot see that through the union of names.
      await tx
        .insertInto(questionTable[kind] as 'templateQuestion')
        .values(rows as never)
        .execute()
    }
  })
}

/**
 * The questions of a file read again (its columns confirmed or changed): a question that keeps its
 * id and text keeps its row, and with it (for an outbound) its answer, attachments and comments, at
 * its new place; the others are removed or added. One transaction.
 */
export async function rereadFileQuestions(
  db: Db,
  tenantId: string,
  kind: FileKind,
  id: string,
  questions: ExtractedQuestion[],
): Promise<{ kept: number; added: number; removed: number }> {
  const key = (q: { questionRef: string; question: string }) => `${q.questionRef.trim().toUpperCase()}\u0000${q.question.replace(/\s+/g, ' ').trim()}`
  // The two tables share these columns; kysely cannot see that through the union of names.
  const table = questionTable[kind] as 'templateQuestion'
  const parentColumn = parent[kind] as 'templateId'
  return db.transaction().execute(async (tx) => {
    const old = await tx.selectFrom(table).select(['id', 'questionRef', 'question']).where('tenantId', '=', tenantId).where(parentColumn, '=', id).execute()
    const byKey = new Map(old.map((q) => [key(q), q.id]))
    const keep = new Set<string>()
    const fresh: (ExtractedQuestion & { position: number })[] = []
    for (const [i, q] of questions.entries()) {
      const position = i + 1
      const kept = byKey.get(key(q))
      if (kept && !keep.has(kept)) {
        keep.add(kept)
        await tx
          .updateTable(table)
          .set({ sheet: q.sheet, row: q.row, answerCells: JSON.stringify(q.answerCells), position })
          .where('tenantId', '=', tenantId)
          .where('id', '=', kept)
          .execute()
      } else fresh.push({ ...q, position })
    }
    const gone = old.filter((q) => !keep.has(q.id)).map((q) => q.id)
    for (let i = 0; i < gone.length; i += 500)
      await tx
        .deleteFrom(table)
        .where('tenantId', '=', tenantId)
        .where('id', 'in', gone.slice(i, i + 500))
        .execute()
    for (let i = 0; i < fresh.length; i += 500) {
      const rows = fresh.slice(i, i + 500).map((q) => ({
        id: crypto.randomUUID(),
        tenantId,
        [parentColumn]: id,
        position: q.position,
        questionRef: q.questionRef,
        question: q.question,
        sheet: q.sheet,
        row: q.row,
        answerCells: JSON.stringify(q.answerCells),
      }))
      await tx
        .insertInto(table)
        .values(rows as never)
        .execute()
    }
    return { kept: keep.size, added: fresh.length, removed: gone.length }
  })
}

/** Files of every tenant still queued, or running past their lease: system work, for the sweep. */
export async function staleStoredFiles(db: Db): Promise<{ kind: FileKind; tenantId: string; id: string; state: FileState; leaseUntil: Date | null }[]> {
  const stale = (kind: FileKind) => db.selectFrom(kind).select(['tenantId', 'id', 'state', 'leaseUntil']).where(mayBeLost).limit(500).execute()
  const [templates, outbounds] = await Promise.all([stale('template'), stale('outbound')])
  return [...templates.map((r) => ({ kind: 'template' as const, ...r })), ...outbounds.map((r) => ({ kind: 'outbound' as const, ...r }))]
}
