// Staff hear of a new access request by email (issue 25): at the address the trust center's
// settings name, else the company's admins, whom only the identity service knows (it sends what it
// gets on events.adminNotice). A mail that fails never fails the visitor's request.
import { events } from '@portal/contracts'
import type { FastifyRequest } from 'fastify'
import { findRequestEmail } from './db/request-notify.repo.js'
import type { TrustCenterDeps } from './deps.js'
import { accessRequestMail, type RequestNotice } from './domain/request-mail.js'

export async function notifyStaff(deps: TrustCenterDeps, req: FastifyRequest, tenantId: string, notice: RequestNotice): Promise<void> {
  const mail = accessRequestMail(notice)
  try {
    const to = await findRequestEmail(deps.db, tenantId)
    if (to) await deps.mail.send({ to, ...mail })
    else await deps.bus.publish(events.adminNotice(tenantId), { tenantId, ...mail })
  } catch (err) {
    req.log.warn({ err }, 'staff not told of the access request')
  }
}
