// Outbound questionnaires: what was sent to whom, its questions and their answers.
import { pageWithTotal } from '@portal/db'
import { type Kysely, sql } from 'kysely'
import { fileColumns } from './files.repo.js'
import type { OutboundDb } from './schema.js'
import type { NewStoredFile } from './templates.repo.js'

type Db = Kysely<OutboundDb>
const outboundColumns = [
  ...fileColumns,
  'clientName',
  'email',
  'templateId',
  'status',
  'submittedAt',
  'createdAt',
  'senderName',
  'senderEmail',
  'senderCompany',
  'senderLogo',
  'dbName',
] as const
const questionColumns = ['id', 'position', 'questionRef', 'question', 'sheet', 'row', 'answerCells', 'answer', 'answeredAt', 'answeredBy', 'version'] as const

export async function insertOutbound(
  db: Db,
  tenantId: string,
  input: NewStoredFile & {
    dbName: string
    clientName: string
    email: string
    templateId: string | null
    createdBy: string
    senderName: string
    senderEmail: string
    senderCompany?: string
    senderLogo?: string | null
    state?: 'queued' | 'ready'
  },
): Promise<string> {
  const id = crypto.randomUUID()
  await db
    .insertInto('outbound')
    .values({ id, tenantId, ...input })
    .execute()
  return id
}

/** Outbounds of the tenant with their counts: questions found, and those with an answer. */
const withCounts = (db: Db, tenantId: string) =>
  db
    .selectFrom('outbound')
    .select(outboundColumns.map((c) => `outbound.${c}` as const))
    .select((eb) => [
      eb.selectFrom('outboundQuestion').select(eb.fn.countAll<string>().as('n')).whereRef('outboundQuestion.outboundId', '=', 'outbound.id').as('total'),
      eb
        .selectFrom('outboundQuestion')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('outboundQuestion.outboundId', '=', 'outbound.id')
        .where('outboundQuestion.answer', '<>', '')
        .as('answered'),
    ])
    .where('outbound.tenantId', '=', tenantId)

/** One page of outbounds, newest first, with their counts (questions, answered). */
export async function listOutbounds(db: Db, tenantId: string, page: number, pageSize: number) {
  return pageWithTotal(
    withCounts(db, tenantId).orderBy('outbound.createdAt', 'desc').orderBy('outbound.id'),
    db
      .selectFrom('outbound')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenantId', '=', tenantId),
    page,
    pageSize,
  )
}

export const findOutbound = (db: Db, tenantId: string, id: string) => withCounts(db, tenantId).where('outbound.id', '=', id).executeTakeFirst()

export type OutboundRow = NonNullable<Awaited<ReturnType<typeof findOutbound>>>

export function outboundQuestions(db: Db, tenantId: string, outboundId: string) {
  return db
    .selectFrom('outboundQuestion')
    .select(questionColumns)
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .orderBy('position')
    .execute()
}

export function findQuestion(db: Db, tenantId: string, outboundId: string, questionId: string) {
  return db
    .selectFrom('outboundQuestion')
    .select(questionColumns)
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .where('id', '=', questionId)
    .executeTakeFirst()
}

/**
 * Saves an answer unless the outbound was submitted, bumping its version in the same statement;
 * with `version`, only if no one saved since (issue 22). Undefined when the question is not this
 * outbound's, it is closed, or `version` is stale.
 */
export async function answerQuestion(db: Db, tenantId: string, outboundId: string, questionId: string, answer: string, by: string, version?: number) {
  let update = db
    .updateTable('outboundQuestion')
    .set({ answer, answeredAt: answer ? sql<Date>`now()` : null, answeredBy: by, version: sql<number>`version + 1` })
    .where('tenantId', '=', tenantId)
    .where('outboundId', '=', outboundId)
    .where('id', '=', questionId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('outbound').select('outbound.id').where('outbound.id', '=', outboundId).where('outbound.status', '=', true))))
  if (version !== undefined) update = update.where('version', '=', version)
  return update.returning(questionColumns).executeTakeFirst()
}

/**
 * Marks the outbound complete; false when it already was (or is not this tenant's). The row is
 * locked first, so an attachment being added (insertAttachment holds the same lock) is either in
 * before `submittedAt`, read once the lock is ours, or refused.
 */
export async function submitOutbound(db: Db, tenantId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const open = await tx
      .selectFrom('outbound')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', false)
      .forUpdate()
      .executeTakeFirst()
    if (!open) return false
    // clock_timestamp(), not now(): the moment the lock was ours, not when this transaction began.
    await tx
      .updateTable('outbound')
      .set({ status: true, submittedAt: sql<Date>`clock_timestamp()` })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute()
    return true
  })
}

/** Deletes the outbound with everything under it; returns the blob keys to remove (its file, its attachments). */
export async function deleteOutbound(db: Db, tenantId: string, id: string): Promise<string[] | undefined> {
  return db.transaction().execute(async (tx) => {
    const attachments = await tx.selectFrom('attachment').select('blobKey').where('tenantId', '=', tenantId).where('outboundId', '=', id).execute()
    const row = await tx.deleteFrom('outbound').where('tenantId', '=', tenantId).where('id', '=', id).returning('blobKey').executeTakeFirst()
    return row ? [row.blobKey, ...attachments.map((a) => a.blobKey)] : undefined
  })
}

/** Outbounds of every tenant sent more than `days` ago, not complete, with no answer and no reminder yet: system work. */
export function dueForReminder(db: Db, days: number) {
  return db
    .selectFrom('outbound')
    .select(['tenantId', 'id', 'clientName', 'email', 'senderName', 'senderEmail', 'senderCompany'])
    .where('status', '=', false)
    .where('remindedAt', 'is', null)
    .where('state', '=', 'ready')
    .where('createdAt', '<', new Date(Date.now() - days * 86_400_000))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('outboundQuestion')
            .select('outboundQuestion.id')
            .whereRef('outboundQuestion.outboundId', '=', 'outbound.id')
            .where('outboundQuestion.answer', '<>', ''),
        ),
      ),
    )
    .limit(200)
    .execute()
}

export async function markReminded(db: Db, tenantId: string, id: string): Promise<void> {
  await db.updateTable('outbound').set({ remindedAt: sql<Date>`now()` }).where('tenantId', '=', tenantId).where('id', '=', id).execute()
}
