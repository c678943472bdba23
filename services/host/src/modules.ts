// Every module of the single binary: infrastructure first, then the targetable services.
import type { ServiceContext } from '@portal/http'
import type { Module } from '@portal/runtime'
import { gatewayModule } from '@portal/svc-gateway'
import { identityModule } from '@portal/svc-identity'
import { module as ingestWorker } from '@portal/svc-ingest-worker'
import { module as llmWorker } from '@portal/svc-llm-worker'
import { module as outbound } from '@portal/svc-outbound'
import { module as questionnaire } from '@portal/svc-questionnaire'
import { module as trustCenter } from '@portal/svc-trust-center'
import { healthModule } from './health.js'
import { infraModules } from './infra.js'

export const modules: Module<ServiceContext>[] = [
  ...infraModules,
  healthModule,
  gatewayModule,
  identityModule,
  trustCenter,
  questionnaire,
  outbound,
  ingestWorker,
  llmWorker,
]
