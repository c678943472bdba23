import { isolateTenants } from '@portal/db'
import { type Kysely, sql } from 'kysely'

// Visitors' subscriptions to a trust center's updates and the public changelog of those updates.
// Tokens of the mailed links are kept as SHA-256 hashes only: the confirmation token on the
// subscriber's row (single use, cleared when used), one unsubscribe token per mail sent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('update_subscriber')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('confirm_token_hash', 'text')
    .addColumn('confirm_expires_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('update_subscriber_email_uq', ['tenant_id', 'email'])
    .execute()
  await db.schema.createIndex('update_subscriber_confirm_idx').on('update_subscriber').columns(['tenant_id', 'confirm_token_hash']).execute()

  await db.schema
    .createTable('update_unsubscribe')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('subscriber_id', 'uuid', (c) => c.notNull().references('update_subscriber.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('update_unsubscribe_subscriber_idx').on('update_unsubscribe').column('subscriber_id').execute()

  await db.schema
    .createTable('update_change')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('update_change_tenant_idx').on('update_change').columns(['tenant_id', 'created_at']).execute()

  await isolateTenants(db, 'trust_center', ['update_subscriber', 'update_unsubscribe', 'update_change'])
}
