import type { EventBus } from '@portal/bus'
import type { Database, Quota } from '@portal/db'
import type { Drafter, ModelConfig } from '@portal/drafting'
import type { KnowledgeIndex } from '@portal/knowledge'
import type { Logger } from '@portal/observability'
import type { QuestionnaireDb } from '@portal/questionnaire-store'
import type { JobQueue } from '@portal/queue'
import type { BlobStore } from '@portal/storage'
import type { Kysely } from 'kysely'

export interface QuestionnaireDeps {
  database: Database
  store: Kysely<QuestionnaireDb>
  blobs: BlobStore
  bus: EventBus
  queue: JobQueue
  knowledge: KnowledgeIndex
  drafter: Drafter
  logger: Logger
  /** Per company and UTC day (config TENANT_DAILY_*). */
  quota: Quota
  /** The configured model (config OPENAI_*, LLM_MODEL); absent: the offline drafter. For the settings page. */
  llm?: ModelConfig | undefined
  /** The connection test's timeout (tests shorten it). */
  drafterTestTimeoutMs?: number
}
