// draft-answers: for each question not drafted yet, the answer library first, then retrieval from
// the client's compliance documents and a draft (the model when configured, else the offline
// drafter). Progress goes on the bus; a re-run skips drafted questions.
import { events, type FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import type { EventBus } from '@portal/bus'
import { AppError } from '@portal/errors'
import { knowledgeDb, searchChunks } from '@portal/knowledge'
import { answerLibrary, findFile, listFiles, questionnaireDb, SCHEMA, saveDraft, setDrafted, undraftedQuestions, type AnswerCellRow } from '@portal/questionnaire-store'
import { UnrecoverableJobError } from '@portal/queue'
import { findLibraryAnswer } from '../draft/answer-library.js'
import type { ModelDraft } from '../draft/model-drafter.js'
import { draftOffline, type Evidence } from '../draft/offline-drafter.js'

export type Drafter = (question: string, evidence: Evidence[], choices?: string[]) => Promise<ModelDraft>

export const offlineDrafter: Drafter = async (question, evidence) => draftOffline(question, evidence)

const PROGRESS_EVERY = 10

export async function draftAnswers(deps: { db: Database; bus: EventBus; drafter: Drafter; concurrency?: number }, job: FileJob): Promise<void> {
  const db = questionnaireDb(deps.db)
  const file = await findFile(db, job.tenantId, job.fileId)
  if (file?.kind !== 'questionnaire') throw new UnrecoverableJobError('questionnaire not found for this tenant')
  // Evidence comes from this client's compliance files only, of this tenant only. Documents uploaded
  // with the questionnaire are waited for: a retryable failure brings the job back after a backoff.
  const compliance = await listFiles(db, job.tenantId, file.companyId, 'compliance')
  if (compliance.some((f) => f.state === 'queued' || f.state === 'running')) {
    throw new AppError('UNAVAILABLE', { message: 'waiting for the client documents to be read' })
  }
  const documents = compliance.filter((f) => f.state === 'ready').map((f) => f.id)
  const library = await answerLibrary(db, job.tenantId)
  const kdb = knowledgeDb(deps.db, SCHEMA)
  const pending = await undraftedQuestions(db, job.tenantId, file.id)
  let done = 0
  const draftOne = async (q: (typeof pending)[number]) => {
    const choices = (q.answerCells as AnswerCellRow[]).find((c) => c.choices?.length)?.choices
    const reused = findLibraryAnswer(q.question, library)
    if (reused) {
      await saveDraft(db, job.tenantId, q.id, { answer: reused.answer, choiceValue: undefined, citations: [], needsReview: false, retrievedNarrative: `Approved answer of an earlier questionnaire: "${reused.question}"`, documentName: 'Answer library', fileAndFolder: '' })
    } else {
      const found = await searchChunks(kdb, job.tenantId, q.question, 5, documents)
      const evidence = found.map((c) => ({ chunkId: c.id, documentName: c.documentName, page: c.page, text: c.text }))
      const draft = await deps.drafter(q.question, evidence, choices)
      const cited = found.filter((c) => draft.citations.includes(c.id))
      const shown = cited.length ? cited : found.slice(0, 3)
      await saveDraft(db, job.tenantId, q.id, {
        answer: draft.answer,
        choiceValue: draft.choiceValue,
        citations: draft.citations,
        needsReview: draft.needsReview,
        retrievedNarrative: shown.map((c) => `${c.documentName}, page ${c.page}${c.heading ? ` (${c.heading})` : ''}:\n${c.text}`).join('\n\n'),
        documentName: cited[0]?.documentName ?? '',
        fileAndFolder: cited[0] ? `compliance/${cited[0].documentName}#page=${cited[0].page}` : '',
      })
    }
    if (++done % PROGRESS_EVERY === 0 || done === pending.length) {
      const counts = await setDrafted(db, job.tenantId, file.id)
      await deps.bus.publish(events.questionnaireProgress(job.tenantId), { fileId: file.id, drafted: counts?.drafted ?? 0, total: counts?.total ?? 0 })
    }
  }
  // Bounded concurrency: a model server is called for at most `concurrency` questions at once.
  let next = 0
  await Promise.all(Array.from({ length: Math.min(deps.concurrency ?? 1, pending.length) }, async () => {
    while (next < pending.length) await draftOne(pending[next++]!)
  }))
  const counts = await setDrafted(db, job.tenantId, file.id)
  await deps.bus.publish(events.questionnaireDrafted(job.tenantId), { fileId: file.id, drafted: counts?.drafted ?? 0, total: counts?.total ?? 0 })
}
