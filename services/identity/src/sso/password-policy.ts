// "SSO required": a company that requires single sign-on refuses password sign-in for addresses on
// its proven domains: its own people and unknown addresses alike (the answer tells nothing about
// who has an account). The exception is the break-glass account: an admin of that company with a
// second factor, so a broken provider cannot lock the company out.
import type { Kysely } from 'kysely'
import type { IdentityDb } from '../db/schema.js'
import { hasFactor } from '../db/mfa.repo.js'
import { ssoRequired } from '../db/sso.repo.js'
import { companyOfEmail } from './domains.js'

export const SSO_REQUIRED_MESSAGE = 'Your company requires single sign-on: use "Continue with your company account" to sign in.'

export interface BreakGlassUser {
  id: string
  tenantId: string
  admin: boolean
}

/** Whether the user has a second factor (a confirmed TOTP or a passkey); tests may give their own. */
export type HasSecondFactor = (user: BreakGlassUser) => Promise<boolean>
export const secondFactorIn =
  (db: Kysely<IdentityDb>): HasSecondFactor =>
  async (user) => {
    const { totp, passkeys } = await hasFactor(db, user.tenantId, user.id)
    return totp || passkeys > 0
  }

/** The company that refuses this password sign-in (its audit log records it), else undefined. */
export async function passwordSignInRefused(
  db: Kysely<IdentityDb>,
  email: string,
  user: BreakGlassUser | undefined,
  hasSecondFactor: HasSecondFactor,
): Promise<string | undefined> {
  const tenantId = await companyOfEmail(db, email)
  if (!tenantId || !(await ssoRequired(db, tenantId))) return undefined
  // Someone of another company whose address is on this domain is not this company's to refuse.
  if (user && user.tenantId !== tenantId) return undefined
  if (user?.admin && (await hasSecondFactor(user))) return undefined
  return tenantId
}
