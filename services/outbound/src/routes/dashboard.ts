// The dashboard's outbound figures: questionnaires sent to clients that still await their answers,
// of the signed-in staff member's tenant only (an inbound session is refused by the plugin's guard).
import { DASHBOARD_LIMIT, OutboundDashboardReply, outboundErrors } from '@portal/contracts'
import { type AppInstance, principalOf } from '@portal/http'
import { awaitingOutbounds } from '../db/dashboard.repo.js'
import type { OutboundDeps } from '../deps.js'

export function dashboardRoutes(app: AppInstance, deps: OutboundDeps): void {
  app.get(
    '/outbound/dashboard',
    { schema: { tags: ['outbound', 'dashboard'], response: { 200: OutboundDashboardReply, ...outboundErrors('staff') } } },
    async (req) => {
      const { rows, total } = await awaitingOutbounds(deps.db, principalOf(req).tenantId, DASHBOARD_LIMIT)
      return {
        status: true,
        data: {
          awaiting: total,
          items: rows.map((o) => ({
            _id: o.id,
            clientName: o.clientName,
            email: o.email,
            createdAt: o.createdAt.toISOString(),
            total: o.total,
            answered: o.answered,
          })),
        },
      }
    },
  )
}
