import { createDailyUsageTable, isolateTenants } from '@portal/db'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Frozen in time: this file never imports application types (kysely's migration guidance).
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`
  const storedFile = <T extends { addColumn: (...a: any[]) => T }>(t: T): T =>
    t
      .addColumn('file_name', 'text', (c: any) => c.notNull())
      .addColumn('file_size', 'bigint', (c: any) => c.notNull())
      .addColumn('mime_type', 'text', (c: any) => c.notNull())
      .addColumn('format', 'text', (c: any) => c.notNull())
      .addColumn('blob_key', 'text', (c: any) => c.notNull())
      .addColumn('state', 'text', (c: any) => c.notNull().defaultTo('queued').check(sql`state in ('queued', 'running', 'ready', 'failed')`))
      .addColumn('error', 'text')
      .addColumn('lease_until', 'timestamptz')
  // A question as extraction found it, under its parent (a template, or what was sent).
  const question = (table: string, parent: string, parentTable: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('tenant_id', 'uuid', (c) => c.notNull())
      .addColumn(parent, 'uuid', (c) => c.notNull().references(`${parentTable}.id`).onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('question_ref', 'text', (c) => c.notNull())
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('sheet', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('row', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('answer_cells', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))

  await storedFile(
    db.schema
      .createTable('template')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('tenant_id', 'uuid', (c) => c.notNull()),
  )
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('template_tenant_idx').on('template').columns(['tenant_id', 'created_at']).execute()

  await question('template_question', 'template_id', 'template').execute()
  await db.schema.createIndex('template_question_idx').on('template_question').columns(['tenant_id', 'template_id', 'position']).execute()

  await storedFile(
    db.schema
      .createTable('outbound')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('tenant_id', 'uuid', (c) => c.notNull()),
  )
    .addColumn('db_name', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('template_id', 'uuid', (c) => c.references('template.id').onDelete('set null'))
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('sender_email', 'text', (c) => c.notNull())
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('outbound_tenant_idx').on('outbound').columns(['tenant_id', 'created_at']).execute()

  await question('outbound_question', 'outbound_id', 'outbound')
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('answered_by', 'text')
    .execute()
  await db.schema.createIndex('outbound_question_idx').on('outbound_question').columns(['tenant_id', 'outbound_id', 'position']).execute()

  await db.schema
    .createTable('attachment')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('outbound_id', 'uuid', (c) => c.notNull().references('outbound.id').onDelete('cascade'))
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('outbound_question.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('attachment_idx').on('attachment').columns(['tenant_id', 'outbound_id', 'question_id']).execute()

  await db.schema
    .createTable('comment')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('outbound_id', 'uuid', (c) => c.notNull().references('outbound.id').onDelete('cascade'))
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('outbound_question.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('comment_type', 'text', (c) => c.notNull().check(sql`comment_type in ('outbound', 'inbound')`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('comment_idx').on('comment').columns(['tenant_id', 'outbound_id', 'question_id', 'created_at']).execute()

  await db.schema
    .createTable('collaborator')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('outbound_id', 'uuid', (c) => c.notNull().references('outbound.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('collaborator_once', ['outbound_id', 'email'])
    .execute()

  await db.schema
    .createTable('link')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('outbound_id', 'uuid', (c) => c.notNull().references('outbound.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('link_outbound_idx').on('link').columns(['tenant_id', 'outbound_id']).execute()

  // Not tenant rows: a guess names no tenant. Pruned as they age out of the window.
  await db.schema
    .createTable('link_attempt')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('link_attempt_idx').on('link_attempt').columns(['client_key', 'at']).execute()

  await db.schema
    .createTable('mail_send')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('mail_send_idx').on('mail_send').columns(['tenant_id', 'at']).execute()

  await isolateTenants(db, 'outbound', [
    'template',
    'template_question',
    'outbound',
    'outbound_question',
    'attachment',
    'comment',
    'collaborator',
    'link',
    'mail_send',
  ])
  await createDailyUsageTable(db, 'outbound')
}
