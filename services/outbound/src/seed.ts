// Demo content for `npm start`: one questionnaire sent to a sample client, half answered, and at
// every start a fresh emailed-style link to answer it as the client (only links' hashes are kept,
// so an earlier start's link cannot be printed again; it is revoked instead). Idempotent.
import { withTenant } from '@portal/db'
import { tenantKey } from '@portal/storage'
import { readQuestions } from '@portal/documents'
import { sampleQuestionnaireXlsx } from '@portal/demo'
import { replaceFileQuestions } from './db/files.repo.js'
import { revokeLinks } from './db/links.repo.js'
import { answerQuestion, insertOutbound, outboundQuestions } from './db/outbounds.repo.js'
import type { OutboundDeps } from './deps.js'
import { DEFAULT_LINK_DAYS } from './domain/capability.js'
import { expiryIn, issueLink } from './links.js'
import { mimeOf } from './uploads.js'
import { BUCKETS } from './domain/dto.js'

export const DEMO_RECIPIENT = { clientName: 'Northwind Traders', email: 'security@northwind.example' }
/** Seeded rows name no user as their author. */
const SEEDED_BY = '00000000-0000-0000-0000-000000000000'

const answers = [
  'Yes. Access to production requires SSO with MFA, granted by role and reviewed quarterly.',
  'Yes. Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2+.',
  'Yes. Weekly vulnerability scans; critical findings fixed within 7 days.',
  'Yes. A documented incident response plan, tested every year.',
]

/** The demo outbound (made on the first start), and a new link to answer it as the client. */
export async function seedDemoOutbound(deps: OutboundDeps, demo: { tenantId: string; dbName: string; email: string }): Promise<string> {
  return withTenant(demo.tenantId, async () => {
    let row = await deps.db
      .selectFrom('outbound')
      .select(['id'])
      .where('tenantId', '=', demo.tenantId)
      .where('email', '=', DEMO_RECIPIENT.email)
      .executeTakeFirst()
    if (!row) {
      const bytes = await sampleQuestionnaireXlsx()
      const blobKey = tenantKey(demo.tenantId, BUCKETS.questionnaires)
      await deps.blobs.put(blobKey, bytes)
      const id = await insertOutbound(deps.db, demo.tenantId, {
        fileName: 'Vendor-Security-Questionnaire.xlsx',
        fileSize: bytes.length,
        mimeType: mimeOf('xlsx'),
        format: 'xlsx',
        blobKey,
        dbName: demo.dbName,
        ...DEMO_RECIPIENT,
        templateId: null,
        createdBy: SEEDED_BY,
        senderName: 'Demo Admin',
        senderEmail: demo.email,
        state: 'ready',
      })
      // The shared extraction, here and now: the demo is ready as soon as the portal is.
      await replaceFileQuestions(deps.db, demo.tenantId, 'outbound', id, await readQuestions(deps.blobs, { format: 'xlsx', storageKey: blobKey }))
      const questions = await outboundQuestions(deps.db, demo.tenantId, id)
      for (const [i, q] of questions.slice(0, Math.floor(questions.length / 2)).entries()) {
        await answerQuestion(deps.db, demo.tenantId, id, q.id, answers[i % answers.length]!, DEMO_RECIPIENT.email)
      }
      row = { id }
    }
    await revokeLinks(deps.db, demo.tenantId, row.id, DEMO_RECIPIENT.email)
    return (await issueLink(deps, demo.tenantId, row.id, DEMO_RECIPIENT.email, expiryIn(DEFAULT_LINK_DAYS))).url
  })
}
