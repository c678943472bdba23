// The chunk table (with its per-tenant term counts) and the question/answer pairs table, created in the owning service's schema. Frozen in time: no application types.
import type { Migration } from '@portal/db'
import { type Kysely, sql } from 'kysely'
import * as qaPairs from './2026_12_03T0200_qa_pairs.js'
import * as chunkTerms from './2026_12_05T0300_chunk_terms.js'

export const chunkMigrations: Record<string, Migration> = {
  '2026_11_23T0200_chunk': {
    up: async (db: Kysely<any>) => {
      await db.schema
        .createTable('chunk')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('document_id', 'uuid', (c) => c.notNull())
        .addColumn('document_name', 'text', (c) => c.notNull())
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('heading', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('text', 'text', (c) => c.notNull())
        // Headings weigh more than body text; the column is kept by Postgres itself.
        .addColumn('tsv', sql`tsvector`, (c) =>
          c.generatedAlwaysAs(sql`setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', text), 'B')`).stored(),
        )
        .addUniqueConstraint('chunk_document_ordinal', ['tenant_id', 'document_id', 'ordinal'])
        .execute()
      await db.schema.createIndex('chunk_tsv_idx').on('chunk').using('gin').column('tsv').execute()
    },
  },
  '2026_12_03T0200_qa_pairs': qaPairs,
  '2026_12_05T0300_chunk_terms': chunkTerms,
}
