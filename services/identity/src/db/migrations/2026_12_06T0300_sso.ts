import { type Kysely, sql } from 'kysely'

// Single sign-on (issue 27): domains a company claims and proves, its OIDC provider (the client
// secret encrypted), the policy "SSO required", sign-in flows in progress (state, nonce, PKCE
// verifier: server-side, single use) and the single-use tickets a browser exchanges for a session.
// Frozen in time: this file never imports application types.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`
  await db.schema
    .createTable('sso_domain')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('txt_token', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('verified_by', 'text', (c) => c.check(sql`verified_by in ('admin_email', 'dns')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('sso_domain_tenant_domain_idx').on('sso_domain').columns(['tenant_id', 'domain']).unique().execute()
  // A domain belongs to one company only: claims may be pending in several, proof in one.
  await db.schema.createIndex('sso_domain_proven_idx').on('sso_domain').column('domain').unique().where(sql.ref('verified_at'), 'is not', null).execute()
  await db.schema
    .createTable('sso_oidc')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenant.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_enc', 'text', (c) => c.notNull())
    .addColumn('authorization_endpoint', 'text', (c) => c.notNull())
    .addColumn('token_endpoint', 'text', (c) => c.notNull())
    .addColumn('jwks_uri', 'text', (c) => c.notNull())
    .addColumn('role_claim', 'text', (c) => c.notNull().defaultTo('groups'))
    .addColumn('admin_values', 'text', (c) => c.notNull().defaultTo('[]')) // a JSON list: the same on both drivers
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema
    .createTable('sso_policy')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenant.id').onDelete('cascade'))
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema
    .createTable('sso_flow')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('sso_flow_expires_idx').on('sso_flow').column('expires_at').execute()
  await db.schema
    .createTable('sso_ticket')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('sso_ticket_expires_idx').on('sso_ticket').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['sso_ticket', 'sso_flow', 'sso_policy', 'sso_oidc', 'sso_domain']) await db.schema.dropTable(t).ifExists().execute()
}
