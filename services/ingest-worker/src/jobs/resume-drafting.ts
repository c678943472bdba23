// Drafting starts when the client's last document is read: at the end of each document's job (read,
// or failed for good), the client's questionnaires waiting for drafts get a draft job, once none of
// its documents is queued or being read. A draft job that found documents still being read has
// ended without a retry delay; this is what brings it back. The questionnaire service's sweep
// catches what this misses (a process stopped in between).
import { draftJob, type FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { findFile, questionnaireDb, questionnairesAwaitingDocuments } from '@portal/questionnaire-store'
import type { JobQueue } from '@portal/queue'

export async function resumeDrafting(deps: { db: Database; queue: Pick<JobQueue, 'add'> }, job: FileJob): Promise<void> {
  const db = questionnaireDb(deps.db)
  const doc = await findFile(db, job.tenantId, job.fileId)
  if (doc?.kind !== 'compliance') return
  // Named after the document: a repeated run of its job adds nothing while the draft job waits.
  for (const q of await questionnairesAwaitingDocuments(db, job.tenantId, doc.companyId))
    await deps.queue.add(...draftJob(job.tenantId, q.id, `after-${doc.id}`))
}
