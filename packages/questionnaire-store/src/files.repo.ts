// Uploaded files and their processing state. State lives here, not in the queue: a job lost with
// Redis is found again by a sweep of rows still queued or running past their lease.
import { claimLease, mayBeLost, renewLease } from '@portal/db'
import { type Kysely, sql } from 'kysely'
import type { FileTable, QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>
type Kind = FileTable['kind']
const columns = ['id', 'companyId', 'kind', 'fileName', 'storageKey', 'format', 'state', 'error', 'total', 'drafted', 'createdAt'] as const

export const insertFile = (db: Db, tenantId: string, input: { companyId: string | null; kind: Kind; fileName: string; storageKey: string; format: string }) =>
  db
    .insertInto('file')
    .values({ ...input, id: crypto.randomUUID(), error: null, leaseUntil: null, tenantId })
    .returning(columns)
    .executeTakeFirstOrThrow()

/** A client's files of a kind; `companyId` null: the company-wide documents. */
export const listFiles = (db: Db, tenantId: string, companyId: string | null, kind: Kind) =>
  db
    .selectFrom('file')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('companyId', companyId === null ? 'is' : '=', companyId)
    .where('kind', '=', kind)
    .orderBy('createdAt', 'asc')
    .execute()

/** What a client's questionnaires draft from: the client's own compliance documents and the company-wide ones. */
export const draftingDocuments = (db: Db, tenantId: string, companyId: string | null) =>
  db
    .selectFrom('file')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('kind', '=', 'compliance')
    .where((eb) => (companyId === null ? eb('companyId', 'is', null) : eb.or([eb('companyId', 'is', null), eb('companyId', '=', companyId)])))
    .orderBy('createdAt', 'asc')
    .execute()

/** The knowledge base: every compliance document of the tenant, by name, with its client's name (null: company-wide). */
export const listKnowledgeBase = (db: Db, tenantId: string) =>
  db
    .selectFrom('file as f')
    .leftJoin('company as c', (j) => j.onRef('c.id', '=', 'f.companyId').onRef('c.tenantId', '=', 'f.tenantId'))
    .select(['f.id', 'f.companyId', 'f.fileName', 'f.state', 'f.error', 'f.total', 'f.createdAt', 'c.companyName'])
    .where('f.tenantId', '=', tenantId)
    .where('f.kind', '=', 'compliance')
    // By name, as a person looks for a document (files uploaded together finish in any order).
    .orderBy(sql`lower(${sql.ref('f.fileName')})`)
    .orderBy('f.createdAt', 'asc')
    .orderBy('f.id', 'asc')
    .execute()

export const findFile = (db: Db, tenantId: string, id: string) =>
  db.selectFrom('file').select(columns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()

export async function deleteFile(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('file').where('tenantId', '=', tenantId).where('id', '=', id).returning('storageKey').executeTakeFirst()
  return row?.storageKey
}

/** Takes the file for a job run (the lease protocol of @portal/db). */
export const claimFile = (db: Db, tenantId: string, id: string, leaseMs: number) => claimLease(db, 'file', tenantId, id, leaseMs)

/** Extends a run's lease; undefined when the run no longer holds it. */
export const renewFile = (db: Db, tenantId: string, id: string, lease: Date, leaseMs: number) => renewLease(db, 'file', tenantId, id, lease, leaseMs)

export async function finishFile(
  db: Db,
  tenantId: string,
  id: string,
  outcome: { state: 'ready' | 'check' | 'failed'; error?: string; total?: number },
): Promise<void> {
  await db
    .updateTable('file')
    .set({ state: outcome.state, error: outcome.error ?? null, leaseUntil: null, ...(outcome.total !== undefined ? { total: outcome.total } : {}) })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .execute()
}

/** Gives a claimed file back to the queue (its run failed and will be retried). */
export async function releaseFile(db: Db, tenantId: string, id: string): Promise<void> {
  await db.updateTable('file').set({ state: 'queued', leaseUntil: null }).where('tenantId', '=', tenantId).where('id', '=', id).execute()
}

/** Recounts the drafted questions of a file (a count, so duplicate job runs cannot inflate it). */
export async function setDrafted(db: Db, tenantId: string, id: string): Promise<{ drafted: number; total: number } | undefined> {
  const row = await db
    .selectFrom('question')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('fileId', '=', id)
    .where('drafted', '=', true)
    .executeTakeFirst()
  return db
    .updateTable('file')
    .set({ drafted: Number(row?.n ?? 0) })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .returning(['drafted', 'total'])
    .executeTakeFirst()
}

/** Questionnaires read but not fully drafted: one client's (once its documents are read), or every tenant's (start-up). */
export function undraftedQuestionnaires(db: Db, client?: { tenantId: string; companyId: string }) {
  let q = db.selectFrom('file').select(['id', 'tenantId']).where('kind', '=', 'questionnaire').where('state', '=', 'ready').whereRef('drafted', '<', 'total')
  if (client) q = q.where('tenantId', '=', client.tenantId).where('companyId', '=', client.companyId)
  return q.execute()
}

/**
 * Files whose job may be lost (all tenants: the periodic sweep): queued (the upload's job never
 * reached the queue, or the queue lost it), or running past their lease (the run died).
 */
export const staleFiles = (db: Db) => db.selectFrom('file').select(['id', 'tenantId', 'kind', 'state', 'leaseUntil']).where(mayBeLost).limit(1000).execute()

export const findFileByName = (db: Db, tenantId: string, kind: Kind, fileName: string) =>
  db
    .selectFrom('file')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('kind', '=', kind)
    .where('fileName', '=', fileName)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst()

export const listReadyDocuments = (db: Db, tenantId: string) =>
  db
    .selectFrom('file')
    .select(['id', 'companyId', 'fileName', 'total'])
    .where('tenantId', '=', tenantId)
    .where('kind', '=', 'compliance')
    .where('state', '=', 'ready')
    .orderBy('createdAt')
    .execute()

/**
 * The older versions of a document just read: the client's (or the company-wide) compliance documents
 * read under the same name and uploaded before it. A document uploaded again under its name is a new version: once read,
 * it replaces them; an older upload read late never replaces a newer one.
 */
export const olderVersions = (db: Db, tenantId: string, doc: { id: string; companyId: string | null; fileName: string }) =>
  db
    .selectFrom('file')
    .select(['id', 'fileName', 'storageKey'])
    .where('tenantId', '=', tenantId)
    .where('companyId', doc.companyId === null ? 'is' : '=', doc.companyId)
    .where('kind', '=', 'compliance')
    .where('fileName', '=', doc.fileName)
    .where('state', '=', 'ready')
    .where('id', '!=', doc.id)
    // Compared in the database: its timestamps are finer than a JavaScript Date.
    .where((eb) => eb('createdAt', '<', eb.selectFrom('file as d').select('d.createdAt').where('d.tenantId', '=', tenantId).where('d.id', '=', doc.id)))
    .execute()
