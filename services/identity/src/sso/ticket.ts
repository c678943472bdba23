// The hand-over from a provider's callback (OIDC callback, SAML ACS) to the web app: a single-use,
// 60-second ticket in `<PUBLIC_URL>/login/sso?ticket=…`, only its hash stored. The page trades it
// (POST /api/sso/exchange) for the session, so no access or refresh token is ever in a URL.
import { hashToken, randomToken } from '@portal/auth'
import type { Kysely } from 'kysely'
import type { IdentityDb } from '../db/schema.js'
import { insertTicket, takeTicket } from '../db/sso.repo.js'

export const TICKET_TTL_MS = 60_000

export async function issueTicket(db: Kysely<IdentityDb>, publicUrl: string, tenantId: string, userId: string): Promise<string> {
  const ticket = randomToken()
  await insertTicket(db, tenantId, { userId, tokenHash: hashToken(ticket), expiresAt: new Date(Date.now() + TICKET_TTL_MS) })
  return `${publicUrl}/login/sso?ticket=${ticket}`
}

/** The ticket's user, once; undefined when unknown, used or expired. */
export function redeemTicket(db: Kysely<IdentityDb>, ticket: string) {
  return takeTicket(db, hashToken(ticket))
}

/** Where a failed sign-in lands: the login page, told why by a code (never details, never a 500). */
export const failureUrl = (publicUrl: string, code: string) => `${publicUrl}/login?sso_error=${encodeURIComponent(code)}`
