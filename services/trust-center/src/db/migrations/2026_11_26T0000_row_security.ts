import { isolateTenants } from '@portal/db'
import type { Kysely } from 'kysely'

// Row-level security on every tenant table: the database's own wall (architecture.md, Tenancy).
export async function up(db: Kysely<any>): Promise<void> {
  await isolateTenants(db, 'trust_center', [
    'site',
    'logo',
    'settings',
    'theme',
    'overview',
    'security_category',
    'security_item',
    'compliance',
    'document',
    'nda',
    'nda_acceptance',
    'access_request',
    'history',
  ])
}
