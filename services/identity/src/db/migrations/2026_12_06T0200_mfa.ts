import { type Kysely, sql } from 'kysely'

// Second factor for staff (issue 27): TOTP secrets (encrypted: they must be read back), hashed
// recovery codes, WebAuthn credentials, the pending sign-in challenges (hashed tokens), and the
// company's "MFA required" setting. Frozen in time: this file never imports application types.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`
  await db.schema
    .alterTable('tenant')
    .addColumn('mfa_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema
    .createTable('mfa_totp')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('user.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    // The last time step accepted: a code of that step or an earlier one is refused (replay).
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema
    .createTable('mfa_recovery_code')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('mfa_recovery_code_user_idx').on('mfa_recovery_code').columns(['tenant_id', 'user_id']).execute()
  await db.schema
    .createTable('webauthn_credential')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('webauthn_credential_user_idx').on('webauthn_credential').columns(['tenant_id', 'user_id']).execute()
  await db.schema
    .createTable('mfa_challenge')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // true: the member has no factor yet and the company requires one; the token only allows enrolment.
    .addColumn('enrol', 'boolean', (c) => c.notNull())
    // The pending WebAuthn challenge of this sign-in (single use, replaced at each options call).
    .addColumn('webauthn_challenge', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('mfa_challenge_expiry_idx').on('mfa_challenge').column('expires_at').execute()
  // A signed-in user's pending passkey registration challenge (one at a time).
  await db.schema
    .createTable('webauthn_registration')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_registration').ifExists().execute()
  await db.schema.dropTable('mfa_challenge').ifExists().execute()
  await db.schema.dropTable('webauthn_credential').ifExists().execute()
  await db.schema.dropTable('mfa_recovery_code').ifExists().execute()
  await db.schema.dropTable('mfa_totp').ifExists().execute()
  await db.schema.alterTable('tenant').dropColumn('mfa_required').execute()
}
