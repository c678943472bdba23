import { type Kysely, sql } from 'kysely'

// API keys and outgoing webhooks (issue 27). A key is stored as its SHA-256 only; a webhook's signing
// secret encrypted (AES-256-GCM, SECRETS_KEY), since every delivery signs with it. An event to send
// is one row per webhook, each attempt another row, so the console shows retries and replays.
// Frozen in time: this file never imports application types.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('scopes', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('api_key_tenant_idx').on('api_key').column('tenant_id').execute()
  await db.schema
    .createTable('webhook')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('webhook_tenant_idx').on('webhook').column('tenant_id').execute()
  await db.schema
    .createTable('webhook_event')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('webhook_id', 'uuid', (c) => c.notNull().references('webhook.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('webhook_event_hook_idx').on('webhook_event').columns(['tenant_id', 'webhook_id', 'created_at']).execute()
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('webhook_id', 'uuid', (c) => c.notNull().references('webhook.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('webhook_event.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_excerpt', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('webhook_delivery_hook_idx').on('webhook_delivery').columns(['tenant_id', 'webhook_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['webhook_delivery', 'webhook_event', 'webhook', 'api_key']) await db.schema.dropTable(t).ifExists().execute()
}
