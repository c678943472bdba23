// When a questionnaire is drafted: one draft run at a time per questionnaire (a lease on its file
// row, the same with the in-process queue and BullMQ), and only once the client's documents are
// read. Every draft job asks for a turn: it runs when the questionnaire is free; when another run
// holds it, the request is counted and the holder drafts again before it lets go. Taking a turn and
// counting a request are one statement, and so is letting go only when no request came, so no
// request falls between a holder's last look and its end.
import { draftJob } from '@portal/contracts'
import { type JobQueue, withLease } from '@portal/queue'
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>

/** Renewed every third of it while the run lives; a crashed run's questionnaire is free after it. */
export const DRAFT_LEASE_MS = 90_000

export interface DraftTurn {
  run: string
  /** The request count when the turn was taken (or last renewed): more at its end = draft again. */
  seen: number
}

/** Counts a request and takes the questionnaire when free; undefined when the tenant has no such questionnaire. */
export async function takeDraftTurn(
  db: Db,
  tenantId: string,
  fileId: string,
  run: string,
  leaseMs = DRAFT_LEASE_MS,
): Promise<{ turn?: DraftTurn } | undefined> {
  const now = new Date()
  const row = await db
    .updateTable('file')
    .set((eb) => {
      const free = eb.or([eb('draftLeaseUntil', 'is', null), eb('draftLeaseUntil', '<', now)])
      return {
        draftRequests: eb('draftRequests', '+', 1),
        draftRun: eb.case().when(free).then(run).else(eb.ref('draftRun')).end(),
        draftLeaseUntil: eb
          .case()
          .when(free)
          .then(new Date(now.getTime() + leaseMs))
          .else(eb.ref('draftLeaseUntil'))
          .end(),
      }
    })
    .where('tenantId', '=', tenantId)
    .where('id', '=', fileId)
    .where('kind', '=', 'questionnaire')
    .returning(['draftRun', 'draftRequests'])
    .executeTakeFirst()
  if (!row) return undefined
  return row.draftRun === run ? { turn: { run, seen: row.draftRequests } } : {}
}

/**
 * Ends the turn when no request came during it (true). Otherwise keeps the questionnaire, notes the
 * new count in `turn` and answers false: the holder drafts again. A run whose lease ran out and was
 * taken by another ends (true): the other one drafts.
 */
export async function endDraftTurn(db: Db, tenantId: string, fileId: string, turn: DraftTurn, leaseMs = DRAFT_LEASE_MS): Promise<boolean> {
  const ended = await db
    .updateTable('file')
    .set({ draftRun: null, draftLeaseUntil: null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', fileId)
    .where('draftRun', '=', turn.run)
    .where('draftRequests', '=', turn.seen)
    .executeTakeFirst()
  if (ended.numUpdatedRows > 0n) return true
  const again = await db
    .updateTable('file')
    .set({ draftLeaseUntil: new Date(Date.now() + leaseMs) })
    .where('tenantId', '=', tenantId)
    .where('id', '=', fileId)
    .where('draftRun', '=', turn.run)
    .returning('draftRequests')
    .executeTakeFirst()
  if (!again) return true
  turn.seen = again.draftRequests
  return false
}

/** Lets go of the questionnaire after a failed run, so its retry (or any request) can take it. */
export async function dropDraftTurn(db: Db, tenantId: string, fileId: string, run: string): Promise<void> {
  await db
    .updateTable('file')
    .set({ draftRun: null, draftLeaseUntil: null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', fileId)
    .where('draftRun', '=', run)
    .execute()
}

/** Extends the run's lease; false when the run no longer holds the questionnaire. */
export async function renewDraftTurn(db: Db, tenantId: string, fileId: string, run: string, leaseMs = DRAFT_LEASE_MS): Promise<boolean> {
  const res = await db
    .updateTable('file')
    .set({ draftLeaseUntil: new Date(Date.now() + leaseMs) })
    .where('tenantId', '=', tenantId)
    .where('id', '=', fileId)
    .where('draftRun', '=', run)
    .executeTakeFirst()
  return res.numUpdatedRows > 0n
}

/**
 * Runs `draft` in a turn of the questionnaire, again as long as requests came during the last run.
 * 'absorbed': another run holds it and will draft for this request; 'gone': no such questionnaire.
 */
export async function withDraftTurns(
  db: Db,
  tenantId: string,
  fileId: string,
  draft: () => Promise<void>,
  leaseMs = DRAFT_LEASE_MS,
): Promise<'ran' | 'absorbed' | 'gone'> {
  const run = crypto.randomUUID()
  const taken = await takeDraftTurn(db, tenantId, fileId, run, leaseMs)
  if (!taken) return 'gone'
  const turn = taken.turn
  if (!turn) return 'absorbed'
  try {
    // The lease is renewed while the run lives (withLease, as file jobs renew theirs).
    await withLease(
      () => renewDraftTurn(db, tenantId, fileId, run, leaseMs),
      async () => {
        do await draft()
        while (!(await endDraftTurn(db, tenantId, fileId, turn, leaseMs)))
      },
      { leaseMs },
    )
    return 'ran'
  } catch (err) {
    await dropDraftTurn(db, tenantId, fileId, run).catch(() => undefined)
    throw err
  }
}

/**
 * A compliance document `d` that questionnaire `q` drafts from: one of its client's, or a company-wide
 * one (no client).
 */
const draftsFrom = (eb: ExpressionBuilder<{ d: QuestionnaireDb['file']; q: QuestionnaireDb['file'] }, 'd' | 'q'>) =>
  eb.and([eb('d.tenantId', '=', eb.ref('q.tenantId')), eb.or([eb('d.companyId', 'is', null), eb('d.companyId', '=', eb.ref('q.companyId'))])])

/** Questionnaire `q` has no document it drafts from still queued or being read. */
const noDocumentBeingRead = (eb: ExpressionBuilder<QuestionnaireDb & { q: QuestionnaireDb['file'] }, 'q'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('file as d')
        .select('d.id')
        .where((e) => draftsFrom(e))
        .where('d.kind', '=', 'compliance')
        .where('d.state', 'in', ['queued', 'running']),
    ),
  )

/** Whether a compliance document the questionnaire drafts from (its client's or company-wide) is still queued or being read. */
export async function clientDocumentsPending(db: Db, tenantId: string, questionnaireId: string): Promise<boolean> {
  const row = await db
    .selectFrom(['file as d', 'file as q'])
    .select('d.id')
    .where((eb) => draftsFrom(eb))
    .where('q.tenantId', '=', tenantId)
    .where('q.id', '=', questionnaireId)
    .where('d.tenantId', '=', tenantId)
    .where('d.kind', '=', 'compliance')
    .where('d.state', 'in', ['queued', 'running'])
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Questionnaires waiting for drafts, none of whose documents is queued or being read: the client's
 * (`companyId`), or every client's of the tenant (null: a company-wide document changed).
 */
export async function questionnairesAwaitingDocuments(
  db: Db,
  tenantId: string,
  companyId: string | null,
): Promise<{ id: string; total: number; drafted: number }[]> {
  let q = db
    .selectFrom('file as q')
    .select(['q.id', 'q.total', 'q.drafted'])
    .where('q.tenantId', '=', tenantId)
    .where('q.kind', '=', 'questionnaire')
    .where('q.state', '=', 'ready')
    .whereRef('q.drafted', '<', 'q.total')
    .where(noDocumentBeingRead)
  if (companyId !== null) q = q.where('q.companyId', '=', companyId)
  return q.execute()
}

/**
 * Questionnaires of every tenant that should be drafting and are not (the periodic sweep): read,
 * not fully drafted, held by no live run, their documents (the client's, the company-wide ones) all read.
 */
export function questionnairesToDraft(db: Db) {
  const now = new Date()
  return db
    .selectFrom('file as q')
    .select(['q.id', 'q.tenantId', 'q.total', 'q.drafted'])
    .where('q.kind', '=', 'questionnaire')
    .where('q.state', '=', 'ready')
    .whereRef('q.drafted', '<', 'q.total')
    .where((eb) => eb.or([eb('q.draftLeaseUntil', 'is', null), eb('q.draftLeaseUntil', '<', now)]))
    .where(noDocumentBeingRead)
    .execute()
}

/**
 * The one way drafting resumes after a client's document (issue 15): when the document is read,
 * failed for good, or deleted while queued or being read, each questionnaire drafting from it (the
 * client's, or every client's for a company-wide document)
 * waiting for drafts gets a draft job named after that document (a repeated call adds nothing while
 * the job waits). The questionnaire service's sweep catches what this misses (a process stopped in
 * between).
 */
export async function resumeDraftingAfter(
  db: Db,
  queue: Pick<JobQueue, 'add'>,
  tenantId: string,
  document: { id: string; companyId: string | null },
): Promise<void> {
  for (const q of await questionnairesAwaitingDocuments(db, tenantId, document.companyId))
    await queue.add(...draftJob(tenantId, q.id, `after-${document.id}`, q.total - q.drafted))
}
