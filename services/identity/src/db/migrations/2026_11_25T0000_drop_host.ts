import { type Kysely, sql } from 'kysely'

// The registry of trust-center hosts moved to the trust-center service (its `site` table), which
// now answers check-hostname; identity never wrote a host outside tests, so nothing is carried over.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('host').ifExists().execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('host')
    .addColumn('hostname', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
