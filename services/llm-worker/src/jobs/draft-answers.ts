// draft-answers: for each question not drafted yet, the answer library first, then retrieval from
// the client's and the company-wide compliance documents and a draft (the model when configured, else the offline
// drafter). Each draft is saved with its choice, where it came from and why it needs review.
// Progress goes on the bus; a re-run skips drafted questions.
import type { EventBus } from '@portal/bus'
import { events, type FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { choicesOf, type Drafter, draftQuestion, frameworkOf, knownAnswers, pairEntries } from '@portal/drafting'
import type { KnowledgeIndex } from '@portal/knowledge'
import { metrics } from '@portal/observability'
import {
  type AnswerCellRow,
  draftingDocuments,
  findFile,
  libraryEntries,
  questionRefsOf,
  questionnaireDb,
  saveDraft,
  evidenceRef,
  setDrafted,
  undraftedQuestions,
} from '@portal/questionnaire-store'
import { JobNotReadyError, UnrecoverableJobError } from '@portal/queue'

const PROGRESS_EVERY = 10

export interface DraftDeps {
  db: Database
  bus: EventBus
  knowledge: KnowledgeIndex
  drafter: Drafter
  concurrency?: number
}

export async function draftAnswers(deps: DraftDeps, job: FileJob): Promise<void> {
  const db = questionnaireDb(deps.db)
  const file = await findFile(db, job.tenantId, job.fileId)
  if (file?.kind !== 'questionnaire') throw new UnrecoverableJobError('questionnaire not found for this tenant')
  // Evidence comes from this client's compliance files and the company-wide ones (issue 25), of this
  // tenant only. While any of them is still read, the job ends unfinished (JobNotReadyError, which
  // the worker lets go): the end of their reading queues it again.
  const compliance = await draftingDocuments(db, job.tenantId, file.companyId)
  if (compliance.some((f) => f.state === 'queued' || f.state === 'running')) {
    throw new JobNotReadyError('waiting for the client documents to be read')
  }
  const documentIds = compliance.filter((f) => f.state === 'ready').map((f) => f.id)
  // What the company already wrote: its library (entries of this client or of every client), then
  // the question/answer pairs of the documents it drafts from.
  const known = knownAnswers([
    ...(await libraryEntries(db, job.tenantId, { companyId: file.companyId ?? undefined })),
    ...pairEntries(await deps.knowledge.pairs(job.tenantId, documentIds)),
  ])
  const pending = await undraftedQuestions(db, job.tenantId, file.id)
  // Its ids are read in the framework of the whole file (a CAIQ v3.0.1 id is not the v4 one it spells).
  const framework = frameworkOf(await questionRefsOf(db, job.tenantId, file.id))
  const run = { ...deps, drafter: deps.drafter.forRun?.() ?? deps.drafter }
  let done = 0
  const draftOne = async (q: (typeof pending)[number]) => {
    const choices = choicesOf(q.answerCells as AnswerCellRow[])
    const d = await draftQuestion(run, job.tenantId, q.question, { choices, documentIds, known, questionRef: q.questionRef, framework })
    await saveDraft(db, job.tenantId, q.id, {
      answer: d.answer,
      choiceValue: d.choiceValue, // every drafter's choice, as one of this question's options
      citations: d.citations,
      needsReview: d.needsReview,
      reviewReason: d.reviewReason,
      answerSource: d.source,
      // The passages by reference: their text is in the chunk table already (issue 26).
      retrievedNarrative: d.note,
      evidence: d.shown.map(evidenceRef),
      documentName: d.documentName,
      fileAndFolder: d.fileAndFolder,
      ...(deps.drafter.model ? { draftedBy: deps.drafter.model } : {}),
    })
    metrics.questionsDrafted.inc({ source: d.source || 'none' }) // drafting throughput; none = no evidence found
    if (++done % PROGRESS_EVERY === 0 || done === pending.length) {
      const counts = await setDrafted(db, job.tenantId, file.id)
      await deps.bus.publish(events.questionnaireProgress(job.tenantId), { fileId: file.id, drafted: counts?.drafted ?? 0, total: counts?.total ?? 0 })
    }
  }
  // Bounded concurrency: a model server is called for at most `concurrency` questions at once.
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(deps.concurrency ?? 1, pending.length) }, async () => {
      while (next < pending.length) await draftOne(pending[next++]!)
    }),
  )
  const counts = await setDrafted(db, job.tenantId, file.id)
  await deps.bus.publish(events.questionnaireDrafted(job.tenantId), { fileId: file.id, drafted: counts?.drafted ?? 0, total: counts?.total ?? 0 })
}
