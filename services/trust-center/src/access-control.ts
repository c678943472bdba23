// Route guards of the service. Staff routes: a valid token of a staff user (the DbName header, if
// sent, must agree with it), and the tenant's site row exists. Admin routes add the admin flag.
// Downloads serve both sides: a bearer token makes the call a staff call (and must then be valid);
// without one it is a visitor's call, checked against the document's visibility and a permission token.
import { requireAdmin, requireAuth, requireStaff } from '@portal/http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SiteDirectory } from './sites.js'

export function guards(sites: SiteDirectory) {
  return {
    staff: { preHandler: [requireAuth, requireStaff, sites.ensure] },
    admin: { preHandler: [requireAuth, requireStaff, requireAdmin, sites.ensure] },
  }
}

export async function staffIfSignedIn(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.headers.authorization === undefined) return
  await requireAuth(req, reply)
  await requireStaff(req, reply)
}

export const isStaffCall = (req: FastifyRequest) => req.principal !== undefined

/** Client address and agent as recorded with NDA acceptances (bounded: they come from the client). */
export const clientOf = (req: FastifyRequest) => ({
  ip: (req.ip ?? '').slice(0, 64),
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
})
