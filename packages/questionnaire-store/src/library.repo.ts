// The answer library's store (issue 24). Two kinds of entries: the rows of imported completed
// questionnaires, stored whole in `library_entry`; and approved answers, still derived from the
// approved questions (so a newly approved answer is offered at once), with only a person's edit or
// retirement stored for them, keyed by the question. An approved entry's id is its question's id.
// A retired entry is never offered again; an edited one is offered as edited until the question is
// approved anew with another answer. Every query is scoped by tenant first.
import type { Kysely, Updateable } from 'kysely'
import type { LibraryEntryTable, QuestionnaireDb, StoredLayout } from './schema.js'

type Db = Kysely<QuestionnaireDb>

/** One entry as the library shows it. */
export interface LibraryRecord {
  id: string
  source: 'approved' | 'import'
  question: string
  answer: string
  choiceValue: string | null
  sourceFile: string
  sheet: string | null
  row: number | null
  questionRef: string
  companyId: string | null
  importedAt: Date | null
  reviewedAt: Date | null
}

/** An entry as the drafter takes it (@portal/drafting's LibraryEntry). */
export interface LibraryDraftEntry {
  id: string
  question: string
  answer: string
  choiceValue: string | null
  fileName: string
  sheet?: string
  row?: number
  questionRef?: string
  source: 'approved' | 'import'
}

/**
 * Which company's entries: `companyId` given, the unscoped ones and that company's; not given, the
 * unscoped ones only; `all`, every entry of the tenant (the library screen).
 */
export interface LibraryScope {
  companyId?: string | undefined
  all?: boolean
}

const inScope = (companyId: string | null, scope: LibraryScope) => scope.all || companyId === null || companyId === scope.companyId

/** The approved entries, not retired (only question `id`'s when given). */
async function approvedRecords(db: Db, tenantId: string, id?: string): Promise<LibraryRecord[]> {
  const rows = await db
    .selectFrom('question')
    .innerJoin('file', (j) => j.onRef('file.id', '=', 'question.fileId').on('file.tenantId', '=', tenantId))
    .leftJoin('libraryEntry as mark', (j) => j.onRef('mark.questionId', '=', 'question.id').on('mark.tenantId', '=', tenantId))
    .select([
      'question.id',
      'question.question',
      'question.answer',
      'question.choiceValue',
      'question.sheet',
      'question.row',
      'question.questionRef',
      'question.updatedAt',
      'file.fileName',
      'mark.question as editedQuestion',
      'mark.answer as editedAnswer',
      'mark.choiceValue as editedChoice',
      'mark.reviewedAt as editedAt',
      'mark.retiredAt',
      'mark.updatedAt as markedAt',
    ])
    .where('question.tenantId', '=', tenantId)
    .where('question.llmstatus', '=', true)
    .where('question.answer', '!=', '')
    .$if(id !== undefined, (q) => q.where('question.id', '=', id!))
    .orderBy('question.updatedAt', 'desc')
    .execute()
  const out: LibraryRecord[] = []
  for (const r of rows) {
    if (r.retiredAt) continue
    // An edit stands until the question is approved again after it.
    const edited = r.editedAt && r.markedAt && r.markedAt >= r.updatedAt
    out.push({
      id: r.id,
      source: 'approved',
      question: edited ? (r.editedQuestion ?? r.question) : r.question,
      answer: edited ? (r.editedAnswer ?? r.answer) : r.answer,
      choiceValue: edited ? r.editedChoice : r.choiceValue,
      sourceFile: r.fileName,
      sheet: r.sheet || null,
      row: r.sheet ? r.row + 1 : null,
      questionRef: r.questionRef,
      companyId: null,
      importedAt: null,
      reviewedAt: edited ? r.editedAt : r.updatedAt,
    })
  }
  return out
}

const importedColumns = [
  'id',
  'question',
  'answer',
  'choiceValue',
  'sourceFile',
  'sheet',
  'row',
  'questionRef',
  'companyId',
  'importedAt',
  'reviewedAt',
] as const

async function importedRecords(db: Db, tenantId: string, scope: LibraryScope): Promise<LibraryRecord[]> {
  let q = db.selectFrom('libraryEntry').select(importedColumns).where('tenantId', '=', tenantId).where('source', '=', 'import').where('retiredAt', 'is', null)
  if (!scope.all)
    q = q.where((eb) => (scope.companyId ? eb.or([eb('companyId', 'is', null), eb('companyId', '=', scope.companyId)]) : eb('companyId', 'is', null)))
  const rows = await q.orderBy('importedAt', 'desc').orderBy('sheet').orderBy('row').execute()
  return rows.map((r) => ({ ...r, source: 'import' as const }))
}

/** The tenant's entries in scope, not retired: approved first (newest first), then imported rows. */
export async function libraryRecords(db: Db, tenantId: string, scope: LibraryScope = {}): Promise<LibraryRecord[]> {
  const [approved, imported] = await Promise.all([approvedRecords(db, tenantId), importedRecords(db, tenantId, scope)])
  return [...approved.filter((r) => inScope(r.companyId, scope)), ...imported]
}

/** What the draft job reuses: approved and imported entries, not retired, none scoped to another company. */
export async function libraryEntries(db: Db, tenantId: string, opts: { companyId?: string | undefined } = {}): Promise<LibraryDraftEntry[]> {
  return (await libraryRecords(db, tenantId, { companyId: opts.companyId })).map((r) => ({
    id: r.id,
    question: r.question,
    answer: r.answer,
    choiceValue: r.choiceValue,
    fileName: r.sourceFile,
    // Cited by file, sheet and row: an imported row's, or the approved question's own in its questionnaire.
    ...(r.sheet ? { sheet: r.sheet } : {}),
    ...(r.row ? { row: r.row } : {}),
    ...(r.questionRef ? { questionRef: r.questionRef } : {}),
    source: r.source,
  }))
}

/** One entry by id, if the tenant has it and it is not retired. */
export async function findLibraryRecord(db: Db, tenantId: string, id: string): Promise<LibraryRecord | undefined> {
  const imported = await db
    .selectFrom('libraryEntry')
    .select(importedColumns)
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('source', '=', 'import')
    .where('retiredAt', 'is', null)
    .executeTakeFirst()
  if (imported) return { ...imported, source: 'import' }
  return (await approvedRecords(db, tenantId, id))[0]
}

export interface LibraryEdit {
  question?: string | undefined
  answer?: string | undefined
  choiceValue?: string | null | undefined
}

type EntryChange = Pick<Updateable<LibraryEntryTable>, 'question' | 'answer' | 'choiceValue' | 'reviewedAt' | 'retiredAt'> & { updatedAt: Date }

/**
 * Writes a person's change to an entry: an imported row is updated in place; an approved answer gets
 * (or updates) the one row of its question that records its edit or retirement.
 */
async function changeEntry(db: Db, tenantId: string, current: LibraryRecord, change: EntryChange): Promise<void> {
  if (current.source === 'import') {
    await db.updateTable('libraryEntry').set(change).where('tenantId', '=', tenantId).where('id', '=', current.id).execute()
    return
  }
  await db
    .insertInto('libraryEntry')
    .values({
      id: crypto.randomUUID(),
      tenantId,
      source: 'approved',
      questionId: current.id,
      question: current.question,
      sourceFile: current.sourceFile,
      importId: null,
      companyId: null,
      choiceValue: null,
      sheet: null,
      row: null,
      importedAt: null,
      reviewedAt: null,
      retiredAt: null,
      ...change,
    })
    .onConflict((oc) => oc.columns(['tenantId', 'questionId']).where('questionId', 'is not', null).doUpdateSet(change))
    .execute()
}

/** Edits an entry (a person reviewed it: reviewed_at is now). Undefined when the tenant has no such entry. */
export async function editLibraryEntry(db: Db, tenantId: string, id: string, edit: LibraryEdit): Promise<LibraryRecord | undefined> {
  const current = await findLibraryRecord(db, tenantId, id)
  if (!current) return undefined
  const now = new Date()
  const next = {
    question: edit.question ?? current.question,
    answer: edit.answer ?? current.answer,
    choiceValue: edit.choiceValue === undefined ? current.choiceValue : edit.choiceValue,
    reviewedAt: now,
    updatedAt: now,
  }
  await changeEntry(db, tenantId, current, next)
  return { ...current, ...next }
}

/** Retires an entry: kept, never offered again. False when the tenant has no such entry. */
export async function retireLibraryEntry(db: Db, tenantId: string, id: string): Promise<boolean> {
  const current = await findLibraryRecord(db, tenantId, id)
  if (!current) return false
  const now = new Date()
  await changeEntry(db, tenantId, current, { retiredAt: now, updatedAt: now })
  return true
}

/** A row of a completed questionnaire to store (row 1-based). */
export interface ImportedRow {
  sheet: string | null
  row: number
  questionRef: string
  question: string
  answer: string
  choiceValue: string | null
}

/** Stores every answered row of one imported file at once. */
export async function insertImportedRows(
  db: Db,
  tenantId: string,
  from: { importId: string; companyId: string | null; sourceFile: string },
  rows: ImportedRow[],
): Promise<number> {
  const importedAt = new Date()
  const values = rows.map((r) => ({
    id: crypto.randomUUID(),
    tenantId,
    companyId: from.companyId,
    source: 'import' as const,
    importId: from.importId,
    questionId: null,
    question: r.question,
    questionRef: r.questionRef,
    answer: r.answer,
    choiceValue: r.choiceValue,
    sourceFile: from.sourceFile,
    sheet: r.sheet,
    row: r.row,
    importedAt,
    reviewedAt: null,
    retiredAt: null,
  }))
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < values.length; i += 500)
      await tx
        .insertInto('libraryEntry')
        .values(values.slice(i, i + 500))
        .execute()
  })
  return values.length
}

export interface LibraryImportRow {
  id: string
  companyId: string | null
  fileName: string
  storageKey: string
  format: string
  state: 'check' | 'imported' | 'failed'
  layout: StoredLayout | null
  imported: number
  unanswered: number
}

const importColumns = ['id', 'companyId', 'fileName', 'storageKey', 'format', 'state', 'layout', 'imported', 'unanswered'] as const

export async function insertLibraryImport(
  db: Db,
  tenantId: string,
  v: {
    companyId: string | null
    fileName: string
    storageKey: string
    format: string
    state: LibraryImportRow['state']
    layout: StoredLayout | null
    imported?: number
    unanswered?: number
  },
): Promise<LibraryImportRow> {
  const { layout, ...rest } = v
  return db
    .insertInto('libraryImport')
    .values({ id: crypto.randomUUID(), tenantId, ...rest, layout: JSON.stringify(layout) })
    .returning(importColumns)
    .executeTakeFirstOrThrow()
}

export const findLibraryImport = (db: Db, tenantId: string, id: string): Promise<LibraryImportRow | undefined> =>
  db.selectFrom('libraryImport').select(importColumns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()

/** Marks an import done (or failed), with its counts and the layout it was read with. */
export async function finishLibraryImport(
  db: Db,
  tenantId: string,
  id: string,
  v: { state: LibraryImportRow['state']; layout: StoredLayout | null; imported: number; unanswered: number },
): Promise<void> {
  await db
    .updateTable('libraryImport')
    .set({ state: v.state, layout: JSON.stringify(v.layout), imported: v.imported, unanswered: v.unanswered, updatedAt: new Date() })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .execute()
}
