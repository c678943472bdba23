// Retrieval through the full-text index at a company's scale (issue 26). The GIN index holds the
// tenant beside the text (btree_gin), so one index scan finds a tenant's matching chunks instead of
// a scan of all its chunks; and each tenant's count of chunks per term, kept as chunks come and go,
// lets a search leave out the terms that match nearly everything (chunks.ts). Frozen in time: no
// application types here.
import { isolateTenants } from '@portal/db'
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // The schema the migrator runs in: the one its withSchema puts in front of a table's name.
  const schema = /^select \* from "([^"]+)"\."chunk"/.exec(db.selectFrom('chunk').selectAll().compile().sql)?.[1] ?? 'public'
  // Trusted since PostgreSQL 13: the schema's owner may create it; database-wide, made once.
  await sql`create extension if not exists btree_gin`.execute(db)
  // fastupdate off: a pending list is read in full by every search until a vacuum merges it, and
  // PGlite has no autovacuum; a document's chunks go in the index as they are stored instead.
  await sql`create index chunk_tenant_tsv_idx on ${sql.id(schema, 'chunk')} using gin (tenant_id, tsv) with (fastupdate = off)`.execute(db)
  // Every search names its tenant: the index on the text alone is not used any more.
  await sql`drop index if exists ${sql.id(schema, 'chunk_tsv_idx')}`.execute(db)
  await db.schema
    .createTable('chunk_term')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    // The tenant's chunks whose text or heading holds the term (0 once they are all gone).
    .addColumn('chunks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chunk_term_pkey', ['tenant_id', 'term'])
    .execute()
  await sql`insert into ${sql.id(schema, 'chunk_term')} (tenant_id, term, chunks)
    select c.tenant_id, u.lexeme, count(*) from ${sql.id(schema, 'chunk')} c, unnest(c.tsv) u group by 1, 2`.execute(db)
  await isolateTenants(db, schema, ['chunk_term'])
}
