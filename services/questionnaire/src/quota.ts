// Spending a company's daily quota: uploads (files and bytes) and drafting runs that cost model calls.
// Over it, the call is refused with 429 QUOTA_EXCEEDED until the next UTC day (security.md B29).
import { AppError } from '@portal/errors'
import { spendQuota, type Usage } from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from './deps.js'

const secondsToUtcMidnight = (now = new Date()) =>
  Math.max(1, Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000))

export async function spend(deps: Pick<QuestionnaireDeps, 'store' | 'quota'>, tenantId: string, use: Usage, what: string): Promise<void> {
  if (await spendQuota(deps.store, tenantId, use, deps.quota)) return
  throw new AppError('QUOTA_EXCEEDED', { message: `Your company has reached today's limit of ${what}. Please try again tomorrow.`, retryAfter: secondsToUtcMidnight() })
}
