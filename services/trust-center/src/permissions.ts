// Visitor permissions, judged afresh on every call: a permission token is valid when it belongs to
// an approved, live account of this tenant and has not expired; a gated document also needs the
// token's email to be the visitor's and, when the tenant has an NDA, its current version accepted.
import { events } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { principalOf } from '@portal/http'
import type { FastifyRequest } from 'fastify'
import { findByTokenHash, findGrantState, grantAccess, restoreGrant } from './db/access.repo.js'
import { findSettings } from './db/branding.repo.js'
import { insertHistory } from './db/history.repo.js'
import { confirmAcceptances, currentNda, hasAccepted } from './db/nda.repo.js'
import type { Site } from './db/site.repo.js'
import type { TrustCenterDeps } from './deps.js'
import { accessGrantedMail, accessLink } from './domain/access-mail.js'
import { siteUrl } from './domain/hostnames.js'
import { hashPermissionToken, newPermissionToken, PERMISSION_TOKEN } from './domain/permission-token.js'

export const accessNotGranted = () => new AppError('FORBIDDEN', { message: 'Access not granted' })

export interface ValidGrant {
  requestId: string
  email: string
  expiresAt: Date
}

/** The grant a token stands for, valid now; undefined for unknown, expired, revoked, or another tenant's. */
export async function validGrant(deps: TrustCenterDeps, tenantId: string, token: string | undefined): Promise<ValidGrant | undefined> {
  if (!token || !PERMISSION_TOKEN.test(token)) return undefined
  const row = await findByTokenHash(deps.db, tenantId, hashPermissionToken(token))
  if (row?.status !== 'approved' || row.revokedAt || row.deletedAt || !row.expiresAt) return undefined
  if (row.expiresAt.getTime() <= deps.now().getTime()) return undefined
  return { requestId: row.id, email: row.workEmail, expiresAt: row.expiresAt }
}

/**
 * The visitor presented a valid access link of `grant.email`, which only that inbox received: their
 * NDA acceptances under that email are confirmed from now on.
 */
export async function confirmByLink(deps: TrustCenterDeps, tenantId: string, grant: ValidGrant): Promise<void> {
  await confirmAcceptances(deps.db, tenantId, grant.email, deps.now())
}

/** No NDA, or its current version accepted by this email. */
export async function ndaSatisfied(deps: TrustCenterDeps, tenantId: string, email: string): Promise<boolean> {
  const nda = await currentNda(deps.db, tenantId)
  return !nda || hasAccepted(deps.db, tenantId, nda.id, email)
}

/** May this visitor fetch `approval` documents right now? */
export async function visitorMayDownloadGated(
  deps: TrustCenterDeps,
  tenantId: string,
  token: string | undefined,
  email: string | undefined,
): Promise<ValidGrant | undefined> {
  const grant = await validGrant(deps, tenantId, token)
  if (!grant || !email || grant.email !== email.trim().toLowerCase()) return undefined
  await confirmByLink(deps, tenantId, grant)
  return (await ndaSatisfied(deps, tenantId, grant.email)) ? grant : undefined
}

/**
 * Approves a request (or re-issues an account's link): a fresh token whose hash replaces any
 * earlier one, mailed to the visitor. The approver is the signed-in caller, never the request body.
 * If the mail cannot be sent the request is put back as it was (a pending request stays pending, an
 * account keeps its earlier link), so no one holds an approval nobody received.
 */
export async function issueGrant(deps: TrustCenterDeps, req: FastifyRequest, site: Site, request: { id: string }): Promise<void> {
  const me = principalOf(req)
  const previous = await findGrantState(deps.db, site.tenantId, request.id)
  const token = newPermissionToken()
  const expiresAt = new Date(deps.now().getTime() + deps.config.accessTokenDays * 86_400_000)
  const row =
    previous &&
    (await grantAccess(deps.db, site.tenantId, request.id, {
      tokenHash: hashPermissionToken(token),
      expiresAt,
      approvedById: me.userId,
      approvedByName: me.name ?? '',
    }))
  if (!previous || !row) throw new AppError('NOT_FOUND', { message: 'Access request not found' })
  const company = (await findSettings(deps.db, site.tenantId))?.companyTitle ?? ''
  const link = accessLink(siteUrl(deps.config.publicUrl, site.hostname), token, row.workEmail)
  try {
    await deps.mail.send({ to: row.workEmail, ...accessGrantedMail({ company: company || site.cname, link, expiresAt }) })
  } catch (err) {
    await restoreGrant(deps.db, site.tenantId, request.id, previous)
    req.log.error({ err, requestId: request.id }, 'access mail not sent; approval withdrawn')
    throw new AppError('UNAVAILABLE', { message: 'Account was not approved due to an error.' })
  }
  await insertHistory(deps.db, site.tenantId, [
    { type: 'approval', email: row.workEmail, detail: `Access granted by ${me.name ?? 'a staff member'} until ${expiresAt.toISOString().slice(0, 10)}` },
  ])
  await deps.bus.publish(events.accessRequestApproved(site.tenantId), { tenantId: site.tenantId, requestId: row.id })
}
