import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application types (kysely's migration guidance).
// Issue 25: an access request asked from a document names it (the document may be deleted later:
// the request stays, without it), and staff are emailed about new requests at an address the
// trust center's settings hold ('' : the company's admins).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('access_request')
    .addColumn('document_id', 'uuid', (c) => c.references('document.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('settings')
    .addColumn('access_request_email', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('access_request_email').execute()
  await db.schema.alterTable('access_request').dropColumn('document_id').execute()
}
