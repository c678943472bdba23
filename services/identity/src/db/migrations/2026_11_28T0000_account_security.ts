import { type Kysely, sql } from 'kysely'

// Account security (issue 10): a verified-address flag and its single-use links, a reset token bound
// to the validated code, and trusted devices (the OWASP device-cookie pattern) for sign-in throttling.
// Frozen in time: this file never imports application types.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`
  await db.schema.alterTable('user').addColumn('email_verified_at', 'timestamptz').execute()
  // People who accepted an emailed invite proved their address then.
  // (The builder, not raw SQL: it carries the service's schema.)
  await db
    .updateTable('user as u')
    .from('invite as i')
    .set({ email_verified_at: sql.ref('i.accepted_at') })
    .whereRef('i.tenant_id', '=', 'u.tenant_id')
    .whereRef('i.email', '=', 'u.email')
    .where('i.accepted_at', 'is not', null)
    .execute()
  await db.schema
    .createTable('email_verification')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('email_verification_user_idx').on('email_verification').columns(['tenant_id', 'user_id']).execute()
  await db.schema.alterTable('otp').addColumn('reset_token_hash', 'text').execute()
  await db.schema.createIndex('otp_reset_token_idx').on('otp').column('reset_token_hash').unique().execute()
  await db.schema
    .createTable('device')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('device_user_idx').on('device').columns(['tenant_id', 'user_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device').ifExists().execute()
  await db.schema.dropIndex('otp_reset_token_idx').ifExists().execute()
  await db.schema.alterTable('otp').dropColumn('reset_token_hash').execute()
  await db.schema.dropTable('email_verification').ifExists().execute()
  await db.schema.alterTable('user').dropColumn('email_verified_at').execute()
}
