// Where staff are emailed about new access requests (issue 25): GET and PUT of one address; '' sends
// them to the company's admins.
import { dataReply, errorReplies, RequestNotifyBody, SpecText } from '@portal/contracts'
import { type AppInstance, principalOf } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { Type } from 'typebox'
import { guards } from '../access-control.js'
import { findRequestEmail, saveRequestEmail } from '../db/request-notify.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { invalid } from '../domain/text.js'
import { staffBodyErrors } from './schemas.js'

const Notify = Type.Object({ email: Type.String({ description: "'' : the company's admins" }) })
const NotifyReply = dataReply(Notify)
const NotifySaved = Type.Object({ status: Type.Boolean(), message: Type.String(), data: Notify })
const PATH = '/trust-center/request-notifications'

export function requestNotifyRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { staff } = guards(deps.sites)
  const tags = ['trust-center']
  app.get(PATH, { ...staff, schema: { tags, response: { 200: NotifyReply, ...errorReplies(400, 401, 403) } } }, async (req) => ({
    status: true,
    data: { email: await findRequestEmail(deps.db, principalOf(req).tenantId) },
  }))
  app.put(PATH, { ...staff, schema: { tags, body: RequestNotifyBody, response: { 200: NotifySaved, ...staffBodyErrors } } }, async (req) => {
    const email = req.body.email.trim().toLowerCase()
    if (email && !isValidEmail(email)) throw invalid('email', SpecText.invalidEmail)
    await saveRequestEmail(deps.db, principalOf(req).tenantId, email)
    return {
      status: true,
      message: email ? `New access requests are emailed to ${email}` : "New access requests are emailed to the company's admins",
      data: { email },
    }
  })
}
