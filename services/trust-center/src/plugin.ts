// trust-center: the public trust center of each tenant and everything behind it: publishing and the
// host registry, branding, the page's blocks, documents, the NDA, access requests with permission
// tokens, downloads and the activity history. Owns the `trust_center` schema. An encapsulated
// plugin: its multipart parser and hooks cover only its routes. Auth is per route (staff, admin,
// public, or either for downloads), because public and staff calls share path families.
import multipart from '@fastify/multipart'
import type { AppInstance } from '@portal/http'
import type { TrustCenterDeps } from './deps.js'
import { accessRoutes } from './routes/access.js'
import { brandingRoutes } from './routes/branding.js'
import { complianceRoutes } from './routes/compliance.js'
import { dashboardRoutes } from './routes/dashboard.js'
import { documentRoutes } from './routes/documents.js'
import { downloadRoutes } from './routes/downloads.js'
import { historyRoutes } from './routes/history.js'
import { ndaRoutes } from './routes/nda.js'
import { overviewRoutes } from './routes/overview.js'
import { pageRoutes } from './routes/page.js'
import { requestNotifyRoutes } from './routes/request-notify.js'
import { securityRoutes } from './routes/security.js'
import { siteRoutes } from './routes/site.js'
import { updateRoutes } from './routes/updates.js'
import { multipartLimits } from './uploads.js'

export async function trustCenterPlugin(app: AppInstance, deps: TrustCenterDeps): Promise<void> {
  // Explicit limits: bodyLimit does not bound multipart (security.md B27). Per-upload sizes are lower.
  await app.register(multipart, { limits: multipartLimits })
  siteRoutes(app, deps)
  brandingRoutes(app, deps)
  overviewRoutes(app, deps)
  securityRoutes(app, deps)
  complianceRoutes(app, deps)
  documentRoutes(app, deps)
  pageRoutes(app, deps)
  ndaRoutes(app, deps)
  accessRoutes(app, deps)
  requestNotifyRoutes(app, deps)
  downloadRoutes(app, deps)
  historyRoutes(app, deps)
  updateRoutes(app, deps)
  dashboardRoutes(app, deps)
}
