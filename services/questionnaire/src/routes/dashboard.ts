// The dashboard's questionnaire figures: questionnaires in progress (still being read or drafted,
// or with answers not all approved) with their counts, of the signed-in caller's tenant only.
import { DASHBOARD_LIMIT, type DashboardQuestionnaire, noReviewCounts, QuestionnaireDashboardReply, questionnaireErrors } from '@portal/contracts'
import { type AppInstance, principalOf } from '@portal/http'
import { type QuestionnaireDb, reviewCountsOf } from '@portal/questionnaire-store'
import type { Kysely } from 'kysely'
import type { QuestionnaireDeps } from '../deps.js'

/** Every questionnaire in progress of the tenant, newest first, with its question counts. */
export async function questionnairesInProgress(db: Kysely<QuestionnaireDb>, tenantId: string): Promise<DashboardQuestionnaire[]> {
  const counts = db
    .selectFrom('question')
    .select((eb) => [
      'fileId',
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('llmstatus', '=', true).as('approved'),
      eb.fn.count<string>('id').filterWhere('drafted', '=', true).as('drafted'),
    ])
    .where('tenantId', '=', tenantId)
    .groupBy('fileId')
    .as('counts')
  const rows = await db
    .selectFrom('file')
    .innerJoin('company', (j) => j.onRef('company.id', '=', 'file.companyId').on('company.tenantId', '=', tenantId))
    .leftJoin(counts, 'counts.fileId', 'file.id')
    .select([
      'file.id',
      'file.fileName',
      'company.id as companyId',
      'file.state',
      'file.createdAt',
      'company.companyName',
      'counts.total',
      'counts.approved',
      'counts.drafted',
    ])
    .where('file.tenantId', '=', tenantId)
    .where('file.kind', '=', 'questionnaire')
    .where((eb) =>
      eb.or([
        eb('file.state', 'in', ['queued', 'running', 'check']),
        eb.and([eb('file.state', '=', 'ready'), eb(eb.fn.coalesce('counts.approved', eb.lit(0)), '<', eb.fn.coalesce('counts.total', eb.lit(0)))]),
      ]),
    )
    .orderBy('file.createdAt', 'desc')
    .orderBy('file.id')
    .execute()
  // The figures shown are the review counts every screen shows (review.repo.ts).
  const review = await reviewCountsOf(
    db,
    tenantId,
    rows.map((r) => r.id),
  )
  return rows.map((r) => {
    const total = Number(r.total ?? 0)
    const counts = review.get(r.id) ?? noReviewCounts(total)
    return {
      _id: r.id,
      fileName: r.fileName,
      companyId: r.companyId,
      companyName: r.companyName,
      state: r.state,
      createdAt: r.createdAt.toISOString(),
      total,
      approved: counts.approved,
      drafted: counts.drafted,
      needsReview: counts.needsReview,
      review: counts,
    }
  })
}

export function dashboardRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  app.get(
    '/questionnaire/dashboard',
    { schema: { tags: ['questionnaire', 'dashboard'], response: { 200: QuestionnaireDashboardReply, ...questionnaireErrors() } } },
    async (req) => {
      const all = await questionnairesInProgress(deps.store, principalOf(req).tenantId)
      return { status: true, data: { inProgress: all.length, items: all.slice(0, DASHBOARD_LIMIT) } }
    },
  )
}
