import { type Kysely, sql } from 'kysely'

// SAML 2.0 sign-in per company (issue 27): the IdP read from its metadata (entity id, SSO URL,
// signing certificates), the AuthnRequests we sent (their ids, single use, short-lived: InResponseTo)
// and the ids of assertions already used (replay), each kept until its NotOnOrAfter.
// Frozen in time: this file never imports application types.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`
  await db.schema
    .createTable('sso_saml')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenant.id').onDelete('cascade'))
    .addColumn('idp_entity_id', 'text', (c) => c.notNull())
    .addColumn('sso_url', 'text', (c) => c.notNull())
    .addColumn('signing_certs', 'text', (c) => c.notNull()) // a JSON list of base64 DER certificates
    .addColumn('email_attribute', 'text') // null: the NameID (emailAddress format)
    .addColumn('role_attribute', 'text', (c) => c.notNull().defaultTo('groups'))
    .addColumn('admin_values', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema
    .createTable('saml_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('saml_request_expires_idx').on('saml_request').column('expires_at').execute()
  await db.schema
    .createTable('saml_assertion')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('assertion_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('saml_assertion_pk', ['tenant_id', 'assertion_id'])
    .execute()
  await db.schema.createIndex('saml_assertion_expires_idx').on('saml_assertion').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['saml_assertion', 'saml_request', 'sso_saml']) await db.schema.dropTable(t).ifExists().execute()
}
