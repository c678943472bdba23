// outbound: questionnaires a company sends to its clients, their templates, and the recipient's
// answers through the emailed link. Owns the `outbound` schema. An encapsulated plugin: its hooks
// cover only its routes. Registered as `server.register(outboundPlugin, { prefix: '/api', ...deps })`.
import multipart from '@fastify/multipart'
import { type AppInstance, authenticateRoutes } from '@portal/http'
import { guard } from './access.js'
import type { OutboundDeps } from './deps.js'
import { limits } from './uploads.js'
import { answerRoutes } from './routes/answers.js'
import { collaboratorRoutes } from './routes/collaborators.js'
import { dashboardRoutes } from './routes/dashboard.js'
import { eventRoutes } from './routes/events.js'
import { exportRoutes } from './routes/export.js'
import { inboundRoutes } from './routes/inbound.js'
import { layoutRoutes } from './routes/layout.js'
import { outboundRoutes } from './routes/outbounds.js'
import { templateRoutes } from './routes/templates.js'

export async function outboundPlugin(app: AppInstance, deps: OutboundDeps): Promise<void> {
  // Explicit limits: bodyLimit does not bound multipart (security.md B27).
  await app.register(multipart, { limits: { fileSize: limits.pdfBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 } })
  // Every route needs a session but the link exchange; an inbound session only its marked routes.
  authenticateRoutes(app, (route) => route.config?.public === true)
  app.addHook('preHandler', guard(deps))
  inboundRoutes(app, deps)
  templateRoutes(app, deps)
  dashboardRoutes(app, deps)
  outboundRoutes(app, deps)
  answerRoutes(app, deps)
  collaboratorRoutes(app, deps)
  exportRoutes(app, deps)
  eventRoutes(app, deps)
  layoutRoutes(app, deps)
}
