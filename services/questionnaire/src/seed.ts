// Demo content for `npm start`: a sample client with a compliance document and a questionnaire,
// queued like real uploads so the workers draft it within seconds of the first start. Idempotent.
import { JOBS } from '@portal/contracts'
import type { Database } from '@portal/db'
import { insertCompany, insertFile, listCompanies, questionnaireDb } from '@portal/questionnaire-store'
import type { JobQueue } from '@portal/queue'
import { type BlobStore, tenantKey } from '@portal/storage'
import { samplePolicyPdf, sampleQuestionnaireXlsx } from '@portal/demo'

export const DEMO_CLIENT = 'Sample Customer'

export async function seedDemoQuestionnaire(deps: { db: Database; blobs: BlobStore; queue: JobQueue }, tenantId: string): Promise<void> {
  const store = questionnaireDb(deps.db)
  if ((await listCompanies(store, tenantId)).some((c) => c.companyName === DEMO_CLIENT)) return
  const company = await insertCompany(store, tenantId, { companyName: DEMO_CLIENT, complianceBucket: 'compliance', questionnairesBucket: 'questionnaires' })
  const uploads: ['compliance' | 'questionnaire', string, string, Buffer][] = [
    ['compliance', 'Demo-Company-Security-Overview.pdf', 'pdf', samplePolicyPdf()],
    ['questionnaire', 'Sample-Customer-Security-Questionnaire.xlsx', 'xlsx', await sampleQuestionnaireXlsx()],
  ]
  for (const [kind, fileName, format, bytes] of uploads) {
    const key = tenantKey(tenantId, kind)
    await deps.blobs.put(key, bytes)
    const row = await insertFile(store, tenantId, { companyId: company.id, kind, fileName, storageKey: key, format })
    await deps.queue.add(kind === 'compliance' ? JOBS.ingestDocument : JOBS.extractQuestions, { tenantId, fileId: row.id }, { jobId: `${kind}-${row.id}` })
  }
}
