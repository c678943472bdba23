// The demo tenant of `npm start`: created once, found again on every later start.
import type { Database } from '@portal/db'
import { schemaDb } from '@portal/db'
import { hash } from '@node-rs/argon2'
import type { IdentityDb } from './db/schema.js'
import { findTenantByDbName, markProvisioned } from './db/tenants.repo.js'
import { findUserByEmailAnyTenant, insertUser } from './db/users.repo.js'

export const DEMO = { dbName: 'demo', companyName: 'Demo Company', email: 'admin@demo.example', password: 'Demo@12345' } as const

export interface DemoAccount {
  tenantId: string
  dbName: string
  email: string
  password: string
}

export async function seedDemoTenant(database: Database): Promise<DemoAccount> {
  const db = schemaDb<IdentityDb>(database, 'identity')
  let tenant = await findTenantByDbName(db, DEMO.dbName)
  if (!tenant) {
    await db.insertInto('tenant').values({ id: crypto.randomUUID(), dbName: DEMO.dbName, companyName: DEMO.companyName }).execute()
    tenant = (await findTenantByDbName(db, DEMO.dbName))!
  }
  await markProvisioned(db, tenant.id)
  if (!(await findUserByEmailAnyTenant(db, DEMO.email))) {
    await insertUser(db, tenant.id, { email: DEMO.email, passwordHash: await hash(DEMO.password), firstName: 'Demo', lastName: 'Admin', admin: true })
  }
  return { tenantId: tenant.id, dbName: tenant.dbName, email: DEMO.email, password: DEMO.password }
}
