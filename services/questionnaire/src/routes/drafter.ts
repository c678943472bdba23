// The drafter settings page (issue 25): which drafter drafts answers (the offline one, or the model
// and its server's host; never the API key), and a connection test (admins: it spends a request on
// the company's model account) that sends the model one tiny request with a short timeout.
import { DrafterSettingsReply, DrafterTestReply, questionnaireErrors } from '@portal/contracts'
import { modelHost, testModelConnection } from '@portal/drafting'
import { type AppInstance, requireAdmin } from '@portal/http'
import type { QuestionnaireDeps } from '../deps.js'
import { okData } from '../replies.js'

const tags = ['questionnaire', 'drafter']
export const DRAFTER_TEST_TIMEOUT_MS = 10_000

export function drafterRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  app.get('/drafter', { schema: { tags, response: { 200: DrafterSettingsReply, ...questionnaireErrors() } } }, async () =>
    okData(
      deps.llm
        ? { drafter: 'model' as const, model: deps.llm.model, host: modelHost(deps.llm.baseUrl) }
        : { drafter: 'offline' as const, model: null, host: null },
    ),
  )

  // Each test spends a request on the company's model account: a few a minute are plenty.
  const limit = { rateLimit: { max: 10, timeWindow: '1 minute' } }
  app.post(
    '/drafter/test',
    { preHandler: requireAdmin, config: limit, schema: { tags, response: { 200: DrafterTestReply, ...questionnaireErrors(429) } } },
    async () => {
      if (!deps.llm)
        return okData({
          ok: false,
          model: null,
          latencyMs: null,
          message: 'No model is set: the offline drafter drafts answers. Set OPENAI_BASE_URL (and OPENAI_API_KEY, LLM_MODEL) to use a model.',
        })
      return okData(await testModelConnection(deps.llm, { timeoutMs: deps.drafterTestTimeoutMs ?? DRAFTER_TEST_TIMEOUT_MS }))
    },
  )
}
