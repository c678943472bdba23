// questionnaire: clients, their compliance documents and questionnaires, review and export.
// Owns the `questionnaire` schema (through @portal/questionnaire-store); queues the workers' jobs.
import multipart from '@fastify/multipart'
import { type AppInstance, authenticateRoutes, requireStaff } from '@portal/http'
import type { QuestionnaireDeps } from './deps.js'
import { answerQualityRoutes } from './routes/answer-quality.js'
import { commentRoutes } from './routes/comments.js'
import { companyRoutes } from './routes/companies.js'
import { dashboardRoutes } from './routes/dashboard.js'
import { drafterRoutes } from './routes/drafter.js'
import { layoutRoutes } from './routes/layout.js'
import { libraryRoutes } from './routes/library.js'
import { eventRoutes } from './routes/events.js'
import { exportRoutes } from './routes/export.js'
import { fileRoutes } from './routes/files.js'
import { fsRoutes } from './routes/fs.js'
import { reviewRoutes } from './routes/review.js'
import { limits } from './uploads.js'

export async function questionnairePlugin(app: AppInstance, deps: QuestionnaireDeps): Promise<void> {
  // Explicit limits: bodyLimit does not bound multipart (security.md B27).
  await app.register(multipart, { limits: { fileSize: limits.pdfBytes, files: limits.files, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 } })
  authenticateRoutes(app)
  app.addHook('preHandler', requireStaff)
  companyRoutes(app, deps)
  fileRoutes(app, deps)
  reviewRoutes(app, deps)
  exportRoutes(app, deps)
  commentRoutes(app, deps)
  eventRoutes(app, deps)
  fsRoutes(app, deps)
  dashboardRoutes(app, deps)
  layoutRoutes(app, deps)
  answerQualityRoutes(app, deps)
  libraryRoutes(app, deps)
  drafterRoutes(app, deps)
}
