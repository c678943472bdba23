import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Rotation keeps a chain (each used refresh token points at its successor); emails are stored
// lowercased, which the unique index relies on; lookups by user get their indexes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_token').addColumn('replaced_by', 'uuid').execute()
  await db.schema.alterTable('user').addCheckConstraint('user_email_lowercase', sql`email = lower(email)`).execute()
  await db.schema.createIndex('refresh_token_user_idx').on('refresh_token').columns(['tenant_id', 'user_id']).execute()
  await db.schema.createIndex('otp_user_idx').on('otp').columns(['tenant_id', 'user_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('otp_user_idx').ifExists().execute()
  await db.schema.dropIndex('refresh_token_user_idx').ifExists().execute()
  await db.schema.alterTable('user').dropConstraint('user_email_lowercase').execute()
  await db.schema.alterTable('refresh_token').dropColumn('replaced_by').execute()
}
