// Vectors of the knowledge base's chunks, behind one interface: Qdrant when QDRANT_URL is set,
// else pgvector in the owning service's schema. Every point carries its tenant and every search
// filters on it first (architecture.md, Tenancy).
import { asOwner, type Database, grantAppRole, isolateTenants, schemaDb } from '@portal/db'
import type { QdrantClient } from '@qdrant/js-client-rest'
import { sql } from 'kysely'

export interface VectorHit {
  chunkId: string
  score: number
}

export interface VectorIndex {
  readonly kind: 'qdrant' | 'pgvector'
  /** Replaces a document's vectors (a re-run of the ingest job gives the same points). */
  replaceDocument(tenantId: string, documentId: string, items: { chunkId: string; vector: number[] }[]): Promise<void>
  search(tenantId: string, vector: number[], limit: number, documentIds?: string[]): Promise<VectorHit[]>
  deleteDocument(tenantId: string, documentId: string): Promise<void>
}

const literal = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`

/**
 * pgvector: one table next to the chunks. The column has no fixed dimension so any embedding model
 * fits; exact search (no ANN index) is fine at one tenant's document scale, and always filtered by tenant.
 */
export async function pgvectorIndex(database: Database, schema: string): Promise<VectorIndex> {
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'vector'`.execute(database.root)
  if (!available.rows[0]?.n) {
    throw new Error('EMBEDDING_MODEL is set but this PostgreSQL has no pgvector extension: install pgvector or set QDRANT_URL')
  }
  // Made already (TARGET=migrate, or an earlier start): nothing to do, and a service running as the
  // app role (DB_MIGRATE=off) may not run DDL at all.
  const made = await sql<{ made: boolean }>`select to_regclass(${`${schema}.chunk_vector`}) is not null as made`.execute(database.root)
  // Several processes may start at once (split mode): one creates, the others wait for it. DDL is
  // the schema owner's; the table gets the same tenant policy and app-role rights as the chunks.
  if (!made.rows[0]?.made)
    await asOwner(() =>
      database.root.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('portal.chunk_vector'))`.execute(trx)
        await sql`create extension if not exists vector`.execute(trx)
        await sql`create table if not exists ${sql.id(schema, 'chunk_vector')} (
      chunk_id uuid primary key references ${sql.id(schema, 'chunk')} (id) on delete cascade,
      tenant_id uuid not null,
      document_id uuid not null,
      embedding vector not null)`.execute(trx)
        await sql`create index if not exists chunk_vector_tenant_doc on ${sql.id(schema, 'chunk_vector')} (tenant_id, document_id)`.execute(trx)
        await isolateTenants(trx, schema, ['chunk_vector'])
        await grantAppRole(trx, schema)
      }),
    )
  const db = schemaDb<{ chunkVector: { chunkId: string; tenantId: string; documentId: string; embedding: string } }>(database, schema)
  return {
    kind: 'pgvector',
    async replaceDocument(tenantId, documentId, items) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('chunkVector').where('tenantId', '=', tenantId).where('documentId', '=', documentId).execute()
        for (let i = 0; i < items.length; i += 200) {
          await trx
            .insertInto('chunkVector')
            .values(
              items
                .slice(i, i + 200)
                .map((it) => ({ chunkId: it.chunkId, tenantId, documentId, embedding: sql<string>`${literal(it.vector)}::vector` as unknown as string })),
            )
            .execute()
        }
      })
    },
    async search(tenantId, vector, limit, documentIds) {
      if (documentIds && !documentIds.length) return []
      const q = literal(vector)
      const rows = await db
        .selectFrom('chunkVector')
        .select(['chunkId', sql<number>`1 - (embedding <=> ${q}::vector)`.as('score')])
        .where('tenantId', '=', tenantId)
        // Another model's vectors (a changed EMBEDDING_MODEL) have another dimension: skip, not fail.
        .where(sql<boolean>`vector_dims(embedding) = ${vector.length}`)
        .$if(Boolean(documentIds), (qb) => qb.where('documentId', 'in', documentIds!))
        .orderBy(sql`embedding <=> ${q}::vector`)
        .limit(limit)
        .execute()
      return rows.map((r) => ({ chunkId: r.chunkId, score: Number(r.score) }))
    },
    async deleteDocument(tenantId, documentId) {
      await db.deleteFrom('chunkVector').where('tenantId', '=', tenantId).where('documentId', '=', documentId).execute()
    },
  }
}

export const QDRANT_COLLECTION = 'portal_chunks'

/** Qdrant: one collection for every tenant, with a keyword index on `tenant` that every query filters by. */
export function qdrantIndex(opts: { url: string; apiKey?: string | undefined; collection?: string }): VectorIndex {
  // The client library is loaded with the first call (about 30 MB resident), only where Qdrant is used.
  let qdrant: Promise<QdrantClient> | undefined
  const qc = () =>
    (qdrant ??= import('@qdrant/js-client-rest').then(
      ({ QdrantClient }) => new QdrantClient({ url: opts.url, ...(opts.apiKey ? { apiKey: opts.apiKey } : {}), checkCompatibility: false }),
    ))
  const name = opts.collection ?? QDRANT_COLLECTION
  let ready: Promise<void> | undefined
  const ensure = (size: number) =>
    (ready ??= (async () => {
      const client = await qc()
      if ((await client.collectionExists(name)).exists) return
      await client.createCollection(name, { vectors: { size, distance: 'Cosine' } })
      await client.createPayloadIndex(name, { field_name: 'tenant', field_schema: 'keyword', wait: true })
      await client.createPayloadIndex(name, { field_name: 'document', field_schema: 'keyword', wait: true })
    })().catch((err: unknown) => {
      ready = undefined
      throw err
    }))
  const scope = (tenantId: string, documentIds?: string[]) => ({
    must: [{ key: 'tenant', match: { value: tenantId } }, ...(documentIds ? [{ key: 'document', match: { any: documentIds } }] : [])],
  })
  return {
    kind: 'qdrant',
    async replaceDocument(tenantId, documentId, items) {
      const client = await qc()
      if (items.length) await ensure(items[0]!.vector.length)
      else if (!(await client.collectionExists(name)).exists) return
      await client.delete(name, { wait: true, filter: scope(tenantId, [documentId]) })
      for (let i = 0; i < items.length; i += 200) {
        await client.upsert(name, {
          wait: true,
          points: items.slice(i, i + 200).map((it) => ({ id: it.chunkId, vector: it.vector, payload: { tenant: tenantId, document: documentId } })),
        })
      }
    },
    async search(tenantId, vector, limit, documentIds) {
      if (documentIds && !documentIds.length) return []
      const client = await qc()
      if (!(await client.collectionExists(name)).exists) return []
      const res = await client.query(name, { query: vector, limit, filter: scope(tenantId, documentIds), with_payload: false })
      return res.points.map((p) => ({ chunkId: String(p.id), score: p.score }))
    },
    async deleteDocument(tenantId, documentId) {
      const client = await qc()
      if (!(await client.collectionExists(name)).exists) return
      await client.delete(name, { wait: true, filter: scope(tenantId, [documentId]) })
    },
  }
}
