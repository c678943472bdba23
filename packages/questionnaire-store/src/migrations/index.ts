// The questionnaire schema. Frozen in time: no application types here.
import { createDailyUsageTable, isolateTenants, type Migration } from '@portal/db'
import { chunkMigrations } from '@portal/knowledge'
import { type Kysely, sql } from 'kysely'

const now = sql`now()`

export const migrations: Record<string, Migration> = {
  '2026_11_23T0300_companies_files_questions': {
    up: async (db: Kysely<any>) => {
      await db.schema
        .createTable('company')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('compliance_bucket', 'text', (c) => c.notNull())
        .addColumn('questionnaires_bucket', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .execute()
      await db.schema.createIndex('company_tenant_idx').on('company').columns(['tenant_id', 'created_at']).execute()
      // Uploaded files of both kinds: compliance PDFs (knowledge base) and questionnaires.
      await db.schema
        .createTable('file')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('company_id', 'uuid', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('compliance', 'questionnaire')`))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued').check(sql`state in ('queued', 'running', 'ready', 'failed')`))
        .addColumn('error', 'text')
        .addColumn('lease_until', 'timestamptz')
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('drafted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .execute()
      await db.schema.createIndex('file_company_idx').on('file').columns(['tenant_id', 'company_id', 'kind']).execute()
      await db.schema
        .createTable('question')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('file_id', 'uuid', (c) => c.notNull().references('file.id').onDelete('cascade'))
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('sheet', 'text', (c) => c.notNull())
        .addColumn('row', 'integer', (c) => c.notNull())
        .addColumn('question_ref', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer_cells', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('choice_value', 'text')
        .addColumn('reviewstatus', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('llmstatus', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('llm_review_respons', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('drafted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('citations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('retrieved_narrative', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('document_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_and_folder', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('answer_history', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('question_file_ordinal', ['tenant_id', 'file_id', 'ordinal'])
        .execute()
    },
  },
  ...chunkMigrations,
  // The comments thread of a question (spec: Comment entity); the question's own `comment` column
  // keeps the latest one, as the spec's question shape has it.
  '2026_11_24T0100_comment': {
    up: async (db: Kysely<any>) => {
      await db.schema
        .createTable('comment')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('tenant_id', 'uuid', (c) => c.notNull())
        .addColumn('question_id', 'uuid', (c) => c.notNull().references('question.id').onDelete('cascade'))
        .addColumn('file_id', 'uuid', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('comment_type', 'text', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .execute()
      await db.schema.createIndex('comment_question_idx').on('comment').columns(['tenant_id', 'question_id', 'created_at']).execute()
    },
  },
  // Row-level security on every tenant table (the chunk table's too): the database's own wall.
  '2026_11_26T0000_row_security': {
    up: async (db: Kysely<any>) => {
      await isolateTenants(db, 'questionnaire', ['company', 'file', 'question', 'comment', 'chunk'])
    },
  },
  // What each company used per UTC day, against its quota (security.md B29).
  '2026_11_26T0100_daily_usage': {
    up: async (db: Kysely<any>) => {
      await createDailyUsageTable(db, 'questionnaire')
    },
  },
  // Why an answer needs review, in words for the reviewer ('' when it does not), and where a draft
  // came from: the answer library, the documents (offline drafter) or a model.
  '2026_11_29T0000_review_reason_and_source': {
    up: async (db: Kysely<any>) => {
      await db.schema
        .alterTable('question')
        .addColumn('review_reason', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema
        .alterTable('question')
        .addColumn('answer_source', 'text', (c) => c.notNull().defaultTo('').check(sql`answer_source in ('', 'library', 'documents', 'model')`))
        .execute()
    },
  },
  // One draft job per questionnaire at a time: the run holding it and its lease, and a count of
  // drafting requests, so a run that ends sees whether another was asked for meanwhile.
  '2026_11_29T0200_draft_turns': {
    up: async (db: Kysely<any>) => {
      await db.schema
        .alterTable('file')
        .addColumn('draft_requests', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('draft_run', 'text')
        .addColumn('draft_lease_until', 'timestamptz')
        .execute()
    },
  },
  // Whether a person wrote the answer's text (saved a text that differs from the one before): with
  // approval, what "answered" counts (issue 14: a questionnaire drafted in full is not answered).
  // Answers with a history were changed by a person before the column (the counts read both).
  '2026_11_30T0000_person_answer': {
    up: async (db: Kysely<any>) => {
      await db.schema
        .alterTable('question')
        .addColumn('person_answer', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute()
    },
  },
}
