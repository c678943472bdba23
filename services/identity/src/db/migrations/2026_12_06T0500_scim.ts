import { type Kysely, sql } from 'kysely'

// SCIM 2.0 provisioning (issue 27): a company's bearer token (its hash only) and admin-group setting,
// the provider's userName and externalId beside the portal's user, its groups and their members, and
// a deactivation time on users (SCIM `active: false`: kept, but no sign-in and no session).
// Frozen in time: this file never imports application types.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`
  await db.schema.alterTable('user').addColumn('deactivated_at', 'timestamptz').execute()
  await db.schema
    .createTable('scim_config')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey())
    // The token is `scim_<token_id>_<secret>`: the id finds the row, the hash is compared in constant time.
    .addColumn('token_id', 'text', (c) => c.unique())
    .addColumn('token_hash', 'text')
    .addColumn('token_created_at', 'timestamptz')
    .addColumn('token_last_used_at', 'timestamptz')
    .addColumn('admin_group', 'text', (c) => c.notNull().defaultTo('Portal Admins'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema
    .createTable('scim_user')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    // lower(user_name): SCIM's userName is case-insensitive, and unique within the company.
    .addColumn('user_name_key', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('scim_user_name_idx').on('scim_user').columns(['tenant_id', 'user_name_key']).unique().execute()
  await db.schema
    .createTable('scim_group')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('display_key', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('scim_group_name_idx').on('scim_group').columns(['tenant_id', 'display_key']).unique().execute()
  await db.schema
    .createTable('scim_group_member')
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('scim_group.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('scim_group_member_pk', ['group_id', 'user_id'])
    .execute()
  await db.schema.createIndex('scim_group_member_user_idx').on('scim_group_member').columns(['tenant_id', 'user_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['scim_group_member', 'scim_group', 'scim_user', 'scim_config']) await db.schema.dropTable(table).ifExists().execute()
  await db.schema.alterTable('user').dropColumn('deactivated_at').execute()
}
