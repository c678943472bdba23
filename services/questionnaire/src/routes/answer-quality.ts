// GET /api/answer-quality: the drafter's track record for the signed-in caller's tenant, or for one of
// its questionnaires (another tenant's questionnaire id answers 404, as an unknown one does).
import { AnswerQualityQuery, AnswerQualityReply, questionnaireErrors } from '@portal/contracts'
import { type AppInstance, principalOf } from '@portal/http'
import { answerQuality } from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from '../deps.js'
import { fileOf } from '../lookups.js'
import { okData } from '../replies.js'

export function answerQualityRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  app.get(
    '/answer-quality',
    { schema: { tags: ['questionnaire', 'dashboard'], querystring: AnswerQualityQuery, response: { 200: AnswerQualityReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const id = req.query.questionnaireId
      if (id) await fileOf(deps, tenantId, id, 'questionnaire')
      return okData(await answerQuality(deps.store, tenantId, id))
    },
  )
}
