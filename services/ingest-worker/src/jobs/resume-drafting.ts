// Drafting starts when the client's last document is read: at the end of each document's job (read,
// or failed for good), the client's questionnaires waiting for drafts get a draft job, once none of
// its documents is queued or being read (@portal/questionnaire-store resumeDraftingAfter, the one
// place that decides it). A draft job that found documents still being read has ended without a
// retry delay; this is what brings it back.
import type { FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { findFile, questionnaireDb, resumeDraftingAfter } from '@portal/questionnaire-store'
import type { JobQueue } from '@portal/queue'

export async function resumeDrafting(deps: { db: Database; queue: Pick<JobQueue, 'add'> }, job: FileJob): Promise<void> {
  const db = questionnaireDb(deps.db)
  const doc = await findFile(db, job.tenantId, job.fileId)
  if (doc?.kind === 'compliance') await resumeDraftingAfter(db, deps.queue, job.tenantId, doc)
}
