// The identity sweep (db/retention.repo.ts) finds what to forget across every tenant by time alone:
// refresh tokens by expiry and by when they were used, devices by when they last signed in.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('refresh_token_expires_idx').on('refresh_token').column('expires_at').execute()
  // Most tokens are used (rotation replaces each): a partial index would hold nearly every row anyway.
  await db.schema.createIndex('refresh_token_revoked_idx').on('refresh_token').column('revoked_at').execute()
  await db.schema.createIndex('device_last_used_idx').on('device').column('last_used_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['device_last_used_idx', 'refresh_token_revoked_idx', 'refresh_token_expires_idx']) await db.schema.dropIndex(name).ifExists().execute()
}
