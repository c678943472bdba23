// When the last of a client's documents is read (or fails), its questionnaires still waiting for
// drafts get their draft job. Usually that job's own retries have waited for the documents; this
// covers documents that took longer than those retries allow.
import { draftJob, type FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { findFile, listFiles, questionnaireDb, undraftedQuestionnaires } from '@portal/questionnaire-store'
import type { JobQueue } from '@portal/queue'

export async function resumeDrafting(deps: { db: Database; queue: Pick<JobQueue, 'add'> }, job: FileJob): Promise<void> {
  const db = questionnaireDb(deps.db)
  const doc = await findFile(db, job.tenantId, job.fileId)
  if (doc?.kind !== 'compliance') return
  const docs = await listFiles(db, job.tenantId, doc.companyId, 'compliance')
  if (docs.some((f) => f.state === 'queued' || f.state === 'running')) return
  for (const q of await undraftedQuestionnaires(db, { tenantId: job.tenantId, companyId: doc.companyId })) await deps.queue.add(...draftJob(job.tenantId, q.id))
}
