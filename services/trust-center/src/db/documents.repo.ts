// Documents of the trust center: metadata here, bytes in the blob store under `<tenant>/documents/<uuid>`.
import { type Kysely, sql } from 'kysely'
import type { TrustCenterDb, Visibility } from './schema.js'

type Db = Kysely<TrustCenterDb>
const columns = ['id', 'title', 'fileName', 'blobKey', 'size', 'mimeType', 'visibility', 'createdAt'] as const

export interface DocumentFile {
  fileName: string
  blobKey: string
  size: number
  mimeType: string
}

export function listDocuments(db: Db, tenantId: string, opts: { includeInternal: boolean }) {
  let q = db.selectFrom('document').select(columns).where('tenantId', '=', tenantId)
  if (!opts.includeInternal) q = q.where('visibility', '<>', 'internal')
  return q.orderBy('createdAt').orderBy('id').execute()
}

export function findDocument(db: Db, tenantId: string, id: string) {
  return db.selectFrom('document').select(columns).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

export function findDocuments(db: Db, tenantId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([])
  return db.selectFrom('document').select(columns).where('tenantId', '=', tenantId).where('id', 'in', ids).orderBy('createdAt').execute()
}

export function insertDocument(db: Db, tenantId: string, input: DocumentFile & { title: string; visibility: Visibility }) {
  return db
    .insertInto('document')
    .values({ id: crypto.randomUUID(), ...input, tenantId })
    .returning(columns)
    .executeTakeFirstOrThrow()
}

/** Replaces the stored file of a document (and, when given, its title and visibility). */
export function replaceDocumentFile(
  db: Db,
  tenantId: string,
  id: string,
  input: DocumentFile & { title?: string | undefined; visibility?: Visibility | undefined },
) {
  const { title, visibility, ...file } = input
  return db
    .updateTable('document')
    .set({ ...file, ...(title !== undefined ? { title } : {}), ...(visibility !== undefined ? { visibility } : {}), updatedAt: sql`now()` })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst()
}

export function updateDocument(db: Db, tenantId: string, id: string, input: { title?: string | undefined; visibility?: Visibility | undefined }) {
  return db
    .updateTable('document')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
      updatedAt: sql`now()`,
    })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst()
}

/** Deletes the rows; returns (blob key, title, visibility) of those that existed in this tenant. */
export async function deleteDocuments(db: Db, tenantId: string, ids: string[]): Promise<{ blobKey: string; title: string; visibility: Visibility }[]> {
  if (!ids.length) return []
  return db.deleteFrom('document').where('tenantId', '=', tenantId).where('id', 'in', ids).returning(['blobKey', 'title', 'visibility']).execute()
}
