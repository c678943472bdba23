import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Frozen in time: this file never imports application types (kysely's migration guidance).
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`
  await db.schema
    .createTable('site')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey())
    .addColumn('id', 'uuid', (c) => c.notNull().unique())
    .addColumn('db_name', 'text', (c) => c.notNull().unique())
    .addColumn('cname', 'text', (c) => c.notNull().unique())
    .addColumn('hostname', 'text', (c) => c.notNull().unique())
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('site_hostname_lowercase', sql`hostname = lower(hostname) and cname = lower(cname)`)
    .execute()

  await db.schema
    .createTable('logo')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('logo_tenant_idx').on('logo').column('tenant_id').execute()

  await db.schema
    .createTable('settings')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('company_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_id', 'uuid', (c) => c.references('logo.id').onDelete('set null'))
    .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('theme')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('header_color', 'text', (c) => c.notNull())
    .addColumn('background_color', 'text', (c) => c.notNull())
    .addColumn('text_color', 'text', (c) => c.notNull())
    .addColumn('button_color', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('overview')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('sub_title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('security_category')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('security_category_tenant_idx').on('security_category').columns(['tenant_id', 'position']).execute()
  await db.schema
    .createTable('security_item')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) => c.notNull().references('security_category.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('security_item_category_idx').on('security_item').columns(['tenant_id', 'category_id', 'position']).execute()

  await db.schema
    .createTable('compliance')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('framework', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('compliant', 'in_progress', 'planned')`))
    .addColumn('badge', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('compliance_tenant_idx').on('compliance').columns(['tenant_id', 'position']).execute()

  await db.schema
    .createTable('document')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('public', 'approval', 'internal')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('document_tenant_idx').on('document').columns(['tenant_id', 'created_at']).execute()

  await db.schema
    .createTable('nda')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('text_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('nda_tenant_version', ['tenant_id', 'version'])
    .execute()
  await db.schema
    .createTable('nda_acceptance')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('nda_id', 'uuid', (c) => c.notNull().references('nda.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('text_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('nda_acceptance_email_idx').on('nda_acceptance').columns(['tenant_id', 'email', 'nda_id']).execute()
  await db.schema.createIndex('nda_acceptance_tenant_idx').on('nda_acceptance').columns(['tenant_id', 'created_at']).execute()

  await db.schema
    .createTable('access_request')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('work_email', 'text', (c) => c.notNull())
    .addColumn('relationship', 'text', (c) => c.notNull())
    .addColumn('nda_id', 'uuid', (c) => c.references('nda.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved')`))
    .addColumn('approved_by_id', 'uuid')
    .addColumn('approved_by_name', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('access_request_email_lowercase', sql`work_email = lower(work_email)`)
    .execute()
  await db.schema.createIndex('access_request_list_idx').on('access_request').columns(['tenant_id', 'status', 'created_at']).execute()
  await db.schema.createIndex('access_request_email_idx').on('access_request').columns(['tenant_id', 'work_email']).execute()

  await db.schema
    .createTable('history')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('view', 'request', 'approval', 'download', 'nda')`))
    .addColumn('email', 'text')
    .addColumn('file_name', 'text')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('history_tenant_idx').on('history').columns(['tenant_id', 'created_at']).execute()
  await db.schema.createIndex('history_type_idx').on('history').columns(['tenant_id', 'type', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'history',
    'access_request',
    'nda_acceptance',
    'nda',
    'document',
    'compliance',
    'security_item',
    'security_category',
    'overview',
    'theme',
    'settings',
    'logo',
    'site',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
