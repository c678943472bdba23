// The provider-neutral end of a single sign-on: "this verified email, from this company's provider,
// with these role values → ticket URL". The OIDC callback calls it; the SAML ACS is meant to as well.
// The address must be on one of the company's proven domains; a person already in another company
// is refused (emails are unique across companies); someone new joins just in time as a member, or
// as an admin when a role value is in the company's admin mapping. Existing roles are left alone:
// the portal's people page stays where roles are changed.
import { AUDIT, recordAudit } from '@portal/audit'
import { hashToken, randomToken } from '@portal/auth'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { findProvenDomain } from '../db/sso.repo.js'
import type { IdentityDb } from '../db/schema.js'
import { findUserByEmailAnyTenant, insertUser } from '../db/users.repo.js'
import { hashPassword } from '../domain/password-hash.js'
import { normaliseEmail } from '../domain/rules.js'
import { emailDomain } from './domains.js'
import { SsoFailure } from './oidc-client.js'
import { issueTicket } from './ticket.js'

export interface SsoIdentity {
  tenantId: string
  email: string
  /** The provider vouches for the address (OIDC email_verified; SAML: the IdP is authoritative). */
  emailVerified: boolean
  /** Group or role values from the assertion, compared with adminValues. */
  roleValues: string[]
  adminValues: string[]
  firstName?: string
  lastName?: string
}

export interface SsoOutcome {
  ticketUrl: string
  userId: string
  /** For the audit log: a member was created just in time. */
  created: boolean
}

const nameOr = (value: string | undefined, fallback: string) => (value?.trim() ? value.trim().slice(0, 100) : fallback)

/** `req`: the callback's (OIDC) or assertion's (SAML) request, for the audit entry of a member created just in time. */
export async function completeSsoSignIn(db: Kysely<IdentityDb>, publicUrl: string, id: SsoIdentity, req?: FastifyRequest): Promise<SsoOutcome> {
  if (!id.emailVerified) throw new SsoFailure('unverified_email')
  const email = normaliseEmail(id.email)
  const owner = await findProvenDomain(db, emailDomain(email))
  if (!owner || owner.tenantId !== id.tenantId) throw new SsoFailure('not_allowed', 'address not on a proven domain of this company')
  let user = await findUserByEmailAnyTenant(db, email)
  if (user && user.tenantId !== id.tenantId) throw new SsoFailure('account_elsewhere')
  let created = false
  if (!user) {
    const admin = id.roleValues.some((v) => id.adminValues.includes(v))
    // No password anyone knows: this person signs in through the provider (or resets one later).
    const passwordHash = await hashPassword(hashToken(randomToken()))
    const local = email.split('@')[0] ?? email
    const inserted = await insertUser(db, id.tenantId, {
      email,
      passwordHash,
      firstName: nameOr(id.firstName, local),
      lastName: nameOr(id.lastName, ''),
      admin,
      emailVerifiedAt: new Date(),
    })
    user = { ...inserted, passwordHash }
    created = true
    // The person is the actor: the company's provider vouched for them, nobody of the company acted.
    await recordAudit(db, req, {
      action: AUDIT.memberProvisioned,
      tenantId: id.tenantId,
      actor: { id: user.id, email },
      target: `${email} (single sign-on${admin ? ', admin' : ''})`,
    })
  }
  return { ticketUrl: await issueTicket(db, publicUrl, id.tenantId, user.id), userId: user.id, created }
}
