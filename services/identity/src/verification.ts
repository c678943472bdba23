// Address verification links: `<PUBLIC_URL>/verify-email?token=…`, 256 random bits stored as SHA-256,
// single use, expiring after 48 hours. Until a user follows one, the access token's `ev` claim is
// false and requireVerified refuses publishing, invites and outbound mail.
import { hashToken, randomToken } from '@portal/auth'
import { replaceVerification } from './db/verifications.repo.js'
import type { RouteDeps } from './deps.js'
import { verificationMail } from './domain/account-mail.js'

export const VERIFY_TTL_HOURS = 48

/** Stores a new link for the user (replacing unused ones) and mails it after the reply. */
export async function sendVerification(deps: RouteDeps, user: { id: string; tenantId: string; email: string }): Promise<void> {
  const token = randomToken()
  await replaceVerification(deps.db, user.tenantId, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFY_TTL_HOURS * 3600_000),
  })
  // The link's origin comes from configuration, never from the request (link poisoning).
  const link = `${deps.config.publicUrl}/verify-email?token=${token}`
  deps.later('verification mail', () => deps.mail.send({ to: user.email, ...verificationMail(link, VERIFY_TTL_HOURS) }))
}
