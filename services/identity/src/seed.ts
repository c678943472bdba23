// The demo tenant of `npm start`: created once, found again on every later start. The host seeds it
// only where its rules allow (services/host/src/demo-policy.ts): the built-in password is public.
import type { Kysely } from 'kysely'
import type { IdentityDb } from './db/schema.js'
import { findTenantByDbName, insertTenantNamed, markProvisioned } from './db/tenants.repo.js'
import { findUserByEmailAnyTenant, insertUser, markEmailVerified } from './db/users.repo.js'
import { hashPassword, verifyPassword } from './domain/password-hash.js'
import { newPasswordProblem } from './domain/rules.js'

/** A constant on purpose: the demo is for a laptop, and its sign-in is printed by the host. */
export const DEMO = { dbName: 'demo', companyName: 'Demo Company', email: 'admin@demo.example', password: 'Demo-Trust!4821' } as const

export interface DemoAccount {
  tenantId: string
  dbName: string
  email: string
  /** The initial password; if the user changed it since, this is no longer it. */
  password: string
  /** It came from DEMO_PASSWORD (a secret: not to be printed). */
  passwordFromConfig: boolean
  /** False when the demo admin (of an earlier start) has another password now: printing this one would mislead. */
  passwordCurrent: boolean
}

export async function seedDemoTenant(db: Kysely<IdentityDb>, configured?: string): Promise<DemoAccount> {
  const password = configured || DEMO.password
  // The same rules as every other password: a weak DEMO_PASSWORD stops the start with the reason.
  const problem = await newPasswordProblem(password, [DEMO.email, DEMO.companyName])
  if (problem) throw new Error(`DEMO_PASSWORD is refused: ${problem}`)
  const tenant = (await findTenantByDbName(db, DEMO.dbName)) ?? (await insertTenantNamed(db, { dbName: DEMO.dbName, companyName: DEMO.companyName }))
  await markProvisioned(db, tenant.id)
  const existing = await findUserByEmailAnyTenant(db, DEMO.email)
  if (!existing) {
    // Verified: the demo may publish its trust center (it has no mailbox to prove).
    await insertUser(db, tenant.id, {
      email: DEMO.email,
      passwordHash: await hashPassword(password),
      firstName: 'Demo',
      lastName: 'Admin',
      admin: true,
      emailVerifiedAt: new Date(),
    })
  } else if (existing.tenantId === tenant.id && !existing.emailVerifiedAt) {
    await markEmailVerified(db, tenant.id, existing.id) // a demo seeded before verification existed
  }
  const passwordCurrent = !existing || (await verifyPassword(existing.passwordHash, password))
  return { tenantId: tenant.id, dbName: tenant.dbName, email: DEMO.email, password, passwordFromConfig: Boolean(configured), passwordCurrent }
}
