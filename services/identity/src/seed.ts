// The demo tenant of `npm start`: created once, found again on every later start.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './db/schema.js'
import { findTenantByDbName, insertTenantNamed, markProvisioned } from './db/tenants.repo.js'
import { findUserByEmailAnyTenant, insertUser } from './db/users.repo.js'
import { hashPassword } from './domain/password-hash.js'

/** A constant on purpose: the demo is for a laptop, and its sign-in is printed by the host. */
export const DEMO = { dbName: 'demo', companyName: 'Demo Company', email: 'admin@demo.example', password: 'Demo@12345' } as const

export interface DemoAccount {
  tenantId: string
  dbName: string
  email: string
  /** The initial password; if the user changed it since, this is no longer it. */
  password: string
}

export async function seedDemoTenant(db: Kysely<IdentityDb>): Promise<DemoAccount> {
  const tenant = (await findTenantByDbName(db, DEMO.dbName)) ?? (await insertTenantNamed(db, { dbName: DEMO.dbName, companyName: DEMO.companyName }))
  await markProvisioned(db, tenant.id)
  if (!(await findUserByEmailAnyTenant(db, DEMO.email))) {
    await insertUser(db, tenant.id, { email: DEMO.email, passwordHash: await hashPassword(DEMO.password), firstName: 'Demo', lastName: 'Admin', admin: true })
  }
  return { tenantId: tenant.id, dbName: tenant.dbName, email: DEMO.email, password: DEMO.password }
}
