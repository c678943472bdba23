// The review counts (issue 25), computed here and nowhere else: the dashboard, the client's file list
// and the review page's header all read them, so their figures agree. And the bulk approval of
// several questions, with its undo, version-checked like a single save (issue 22).
import type { ApprovalState, ReviewCounts } from '@portal/contracts'
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { QuestionnaireDb } from './schema.js'

type Db = Kysely<QuestionnaireDb>
type Q = ExpressionBuilder<QuestionnaireDb, 'question'>

/** Has an answer: a text or a choice (a draft's or a person's). */
const filled = (w: Q) => w.or([w('answer', '<>', ''), w('choiceValue', 'is not', null)])
const needsReview = (w: Q) => w.and([w('llmstatus', '=', false), filled(w)])

/** Review counts per questionnaire of the tenant (each of `fileIds`; a file without questions: all zero). */
export async function reviewCountsOf(db: Db, tenantId: string, fileIds: string[]): Promise<Map<string, ReviewCounts>> {
  if (!fileIds.length) return new Map()
  const drafts = (w: Q, source?: 'library' | 'pair' | 'documents' | 'model') =>
    w.and([source ? w('answerSource', '=', source) : w('answerSource', '<>', ''), filled(w)])
  const rows = await db
    .selectFrom('question')
    .select((eb) => [
      'fileId',
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('llmstatus', '=', true).as('approved'),
      eb.fn.count<string>('id').filterWhere(needsReview).as('needsReview'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => w.and([needsReview(w), w('llmReviewRespons', '=', 1)]))
        .as('flagged'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => drafts(w))
        .as('drafted'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => drafts(w, 'library'))
        .as('library'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => drafts(w, 'pair'))
        .as('pair'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => drafts(w, 'documents'))
        .as('documents'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => drafts(w, 'model'))
        .as('model'),
      sql<string | null>`max(drafted_by) filter (where answer_source = 'model')`.as('modelName'),
    ])
    .where('tenantId', '=', tenantId)
    .where('fileId', 'in', fileIds)
    .groupBy('fileId')
    .execute()
  return new Map(
    rows.map((r) => {
      const n = (v: string | number | bigint) => Number(v)
      const total = n(r.total)
      const approved = n(r.approved)
      const review = n(r.needsReview)
      return [
        r.fileId,
        {
          total,
          approved,
          needsReview: review,
          flagged: n(r.flagged),
          empty: total - approved - review,
          drafted: n(r.drafted),
          bySource: { library: n(r.library), pair: n(r.pair), documents: n(r.documents), model: n(r.model) },
          model: r.modelName ?? '',
        },
      ]
    }),
  )
}

/**
 * Approves the tenant's questions named, each at the version the reviewer saw, in one transaction.
 * 'missing': one is not the tenant's (or not of any questionnaire); 'stale': one changed since it was
 * seen (nothing is written then). Questions without an answer, or approved already, are left as they
 * are. The text is not changed, so the history gets no entry; the version is bumped and the saver kept.
 */
export async function approveQuestions(
  db: Db,
  tenantId: string,
  items: { questionId: string; version: number }[],
  by: string,
): Promise<'missing' | 'stale' | ApprovalState[]> {
  const ids = [...new Set(items.map((i) => i.questionId))]
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('question')
      .select(['id', 'llmstatus', 'reviewstatus', 'version', 'answer', 'choiceValue'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute()
    if (rows.length !== ids.length) return 'missing'
    const seen = new Map(items.map((i) => [i.questionId, i.version]))
    if (rows.some((r) => r.version !== seen.get(r.id))) return 'stale'
    const todo = rows.filter((r) => !r.llmstatus && (r.answer !== '' || r.choiceValue !== null))
    if (!todo.length) return []
    await trx
      .updateTable('question')
      .set({ llmstatus: true, reviewstatus: true, version: sql<number>`version + 1`, savedBy: by, updatedAt: new Date() })
      .where('tenantId', '=', tenantId)
      .where(
        'id',
        'in',
        todo.map((r) => r.id),
      )
      .execute()
    return todo.map((r) => ({ questionId: r.id, llmstatus: r.llmstatus, reviewstatus: r.reviewstatus, version: r.version + 1 }))
  })
}

/**
 * Puts back the approval states a bulk approval replaced, for exactly those questions, each only if
 * still at the version that approval gave it ('stale' otherwise, nothing written; 'missing' as above).
 */
export async function restoreApprovals(db: Db, tenantId: string, previous: ApprovalState[], by: string): Promise<'missing' | 'stale' | ApprovalState[]> {
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(previous.map((p) => p.questionId))]
    const rows = await trx
      .selectFrom('question')
      .select(['id', 'llmstatus', 'reviewstatus', 'version'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute()
    if (rows.length !== ids.length) return 'missing'
    const now = new Map(rows.map((r) => [r.id, r]))
    if (previous.some((p) => now.get(p.questionId)!.version !== p.version)) return 'stale'
    const undone: ApprovalState[] = []
    for (const p of previous) {
      const r = now.get(p.questionId)!
      await trx
        .updateTable('question')
        .set({ llmstatus: p.llmstatus, reviewstatus: p.reviewstatus, version: sql<number>`version + 1`, savedBy: by, updatedAt: new Date() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', p.questionId)
        .execute()
      undone.push({ questionId: p.questionId, llmstatus: r.llmstatus, reviewstatus: r.reviewstatus, version: r.version + 1 })
    }
    return undone
  })
}
